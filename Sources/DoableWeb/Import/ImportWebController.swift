import DoableArt
import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// INTEROP-5 in the browser: `/import` takes a file and a target list, `POST /import/preview` shows what would be
/// made and skipped (a dry run), and `POST /import` commits it and links to the list. Plain multipart forms, so
/// it works without JavaScript; the preview carries the file on to the commit (base64 in a hidden field), so the
/// server keeps nothing between the two. The markup is `ImportPage`.
struct ImportWebController: WebArea {
    let shell: WebShell
    let tasks: TaskService
    let transfer: TransferService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("import") { _, context in
            _ = try member(context)
            return try await importPage(context, form: FormData(), errors: FormErrors())
        }
        web.post("import/preview") { _, context in try await previewImport(context) }
        web.post("import") { _, context in try await commitImport(context) }
    }

    static let importFields: Set<String> = ["file", "format", "list", "listName"]

    private func importPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors, preview: HTML = .empty,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        let lists = try await tasks.lists(identity).filter { $0.role >= .editor && !$0.list.isArchived }
        let body = ImportPage.form(
            csrf: csrfField(context), form: form, errors: errors, lists: lists,
            newListName: ImportPage.newListHint(identity, now: shell.now()))
        return try await settingsPage(
            context, .importExport, body: preview + body + ImportPage.exportLinks,
            status: status)
    }

    /// A dry run of the chosen file: the page again, with what would be made and skipped, and the button that
    /// commits it.
    private func previewImport(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        do {
            let upload = try ImportUpload(form: form, files: context.web.files)
            let report = try await runImport(identity, upload, form: form, dryRun: true)
            let preview = ImportPage.preview(
                report,
                commit: ImportPage.commitForm(
                    csrf: csrfField(context), upload: upload, form: form, count: report.created))
            return try await importPage(context, form: form, errors: FormErrors(), preview: preview)
        } catch let error as DoableError {
            return try await importPage(
                context, form: form, errors: Self.importErrors(error),
                status: error.httpStatus)
        }
    }

    /// The import itself: the result, with a link to the list and what was skipped.
    private func commitImport(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        do {
            let upload = try ImportUpload(form: form, files: context.web.files)
            let report = try await runImport(identity, upload, form: form, dryRun: false)
            return try await settingsPage(context, .importExport, body: ImportPage.result(report))
        } catch let error as DoableError {
            return try await importPage(
                context, form: form, errors: Self.importErrors(error),
                status: error.httpStatus)
        }
    }

    private func runImport(_ identity: Identity, _ upload: ImportUpload, form: FormData, dryRun: Bool)
        async throws -> ImportReport
    {
        let target: ImportTarget
        if let list = form.text("list"), list != "new" {
            guard let id = ListID(list) else { throw DoableError.notFound("List not found.", field: "list") }
            target = .list(id)
        } else if let name = form.text("listName") {
            target = .named(name)
        } else {
            target = .newList
        }
        let file = try ImportReader.read(
            upload.bytes, format: upload.format,
            context: ImportContext(
                preferences: identity.account.preferences, now: shell.now()))
        return try await transfer.importFile(identity, file, into: target, dryRun: dryRun)
    }

    /// A refusal by the form's field: the file's problems by the file, the list's by the list.
    static func importErrors(_ error: DoableError) -> FormErrors {
        FormErrors(error, fields: importFields, rename: ["body": "file", "listId": "list"])
    }
}
