import DoableCore
import DoableDomain
import DoableHTTP
import HTTPTypes
import Hummingbird

/// TASK-6 in the browser: labels are made, renamed, recoloured and deleted in place on the labels page.
struct LabelsWebController: WebArea {
    let shell: WebShell
    let tasks: TaskService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("labels") { _, context in try await labelsPage(context) }
        web.post("labels") { _, context in try await createLabel(context) }
        web.post("labels/{id}") { _, context in try await updateLabel(context) }
        web.post("labels/{id}/delete") { _, context in try await deleteLabel(context) }
    }

    private func labelsPage(
        _ context: WebRequestContext, refused: LabelsPage.Refused? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        var view = LabelsPage(labels: try await tasks.labels(identity), refused: refused, csrf: csrfField(context)).page
        view.status = status
        return try await page(view, context)
    }

    private func createLabel(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        do {
            let label = try await tasks.createLabel(identity, name: form["name"] ?? "", color: form.text("color"))
            return WebResponse.done(
                context, redirect: "/labels", toast: Flash(message: "Added label '\(label.name)'."),
                focus: "label-\(label.id)-name")
        } catch let error as DoableError {
            if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
            let state = LabelsPage.Refused(form: form, errors: FormErrors(error, fields: ["name", "color"]))
            return try await labelsPage(context, refused: state, status: error.httpStatus)
        }
    }

    private func updateLabel(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: LabelID = try context.pathID()
        let form = context.web.form
        do {
            let label = try await tasks.updateLabel(
                identity, id: id, name: form["name"] ?? "",
                color: form.text("color"),
                ifVersion: form.version)
            return WebResponse.done(
                context, redirect: "/labels", toast: Flash(message: "Saved label '\(label.name)'."),
                focus: "label-\(label.id)-name")
        } catch let error as DoableError {
            if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
            if case .conflict("version_mismatch", _, _) = error {
                var errors = FormErrors()
                errors.general = Self.staleMessage
                return try await labelsPage(
                    context, refused: LabelsPage.Refused(id: id, form: FormData(), errors: errors),
                    status: .conflict)
            }
            if case .notFound = error { throw error }
            let state = LabelsPage.Refused(id: id, form: form, errors: FormErrors(error, fields: ["name", "color"]))
            return try await labelsPage(context, refused: state, status: error.httpStatus)
        }
    }

    private func deleteLabel(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: LabelID = try context.pathID()
        guard let label = try await tasks.labels(identity).first(where: { $0.id == id }) else {
            throw DoableError.notFound("Label not found.")
        }
        guard context.web.form.isOn("confirmed") else {
            return try await confirmPage(
                context, title: "Delete label '\(label.name)'?",
                message: "It is taken off every task that has it. The tasks stay.",
                action: "/labels/\(label.id)/delete", button: "Delete label")
        }
        try await tasks.deleteLabel(identity, id: id)
        return WebResponse.done(context, redirect: "/labels", toast: Flash(message: "Deleted label '\(label.name)'."))
    }
}
