import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import DoableAPI
import DoableContractMapping
import Hummingbird
import NIOCore
import DoableArt
import DoableHTTP

/// ACC-6 in the browser: export everything (JSON, and the tasks as ICS or CSV, INTEROP-5) and delete the account.
extension WebController {
    func addAccountSettingsRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/account") { _, context in
            _ = try member(context)
            return try await accountPage(context, errors: FormErrors())
        }
        web.get("settings/export") { request, context in try await export(request, context: context) }
        web.post("settings/account/delete") { _, context in try await deleteAccount(context) }
    }

    private func accountPage(
        _ context: WebRequestContext, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let password = Field.input(
            "password", label: "Your password", value: "", type: "password", required: true,
            errors: errors, extra: " autocomplete=\"current-password\"")
        let understood = errors.byField["confirmed"]
        let invalid: HTML = understood != nil ? " aria-invalid=\"true\" aria-describedby=\"f-confirmed-error\"" : ""
        return try await settingsPage(
            context, .account,
            body: """
                <h3>Export your data</h3>
                <p>Everything that is yours — profile, preferences, lists, tasks, labels and the names of your tokens — in
                one JSON file, or your tasks as an iCalendar file that calendar and task apps can import.</p>
                <p class="export-links">
                <a class="button" href="/settings/export?format=json" download>Download everything (JSON)</a>
                <a class="button" href="/settings/export?format=ics" download>Download tasks (ICS)</a>
                <a class="button" href="/settings/export?format=csv" download>Download tasks (CSV)</a></p>
                <p><a href="/import">Import tasks from Todoist, Taskwarrior or an iCalendar file</a></p>
                <h3>Sign out everywhere</h3>
                <p>Ends every session, access token and app password of your account, this browser's included.</p>
                <form method="post" action="/signout/everywhere" data-confirm="\(Self.signOutEverywhereQuestion)">
                \(csrfField(context))<input type="hidden" name="back" value="/settings/account">
                <button type="submit" class="button">Sign out everywhere</button>
                </form>
                <h3 id="delete-heading">Delete your account</h3>
                <p>This deletes your account and everything in it — lists, tasks, labels, tokens — at once. It cannot be
                undone; export your data first if you may want it.</p>
                \(errors.summary)
                <form method="post" action="/settings/account/delete" class="settings-form danger-zone" \
                aria-labelledby="delete-heading" novalidate data-confirm-button="Delete my account" \
                data-confirm="Delete your account and everything in it? This cannot be undone.">
                \(csrfField(context))
                \(password)
                <div class="field checkbox-field\(understood != nil ? " has-error" : "")"><label>\
                <input type="checkbox" name="understood" value="1"\(invalid)> \
                I understand that my account and everything in it are deleted for good</label>
                \(understood.map { HTML("<p class=\"field-error\" id=\"f-confirmed-error\">\($0)</p>") })</div>
                <button type="submit" class="button danger">Delete my account</button>
                </form>
                """, status: status)
    }

    /// The JSON is the API's export (`GET /api/v1/me/export`), encoded by the same code, as a download.
    private func export(_ request: Request, context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        switch context.web.query["format"] ?? "json" {
        case "json":
            let export = try await ExportDTO.assemble(
                for: identity, transfer: domain.transfer, photos: domain.photos, market: domain.market)
            var response = JSONResponse.make(export)
            response.headers[.contentDisposition] = "attachment; filename=\"doable-export.json\""
            return response
        case "ics":
            return Response.download(try await domain.transfer.taskExport(identity).calendar, format: .ics)
        case "csv":
            return Response.download(try await domain.transfer.taskExport(identity).csv, format: .csv)
        default:
            throw DoableError.invalid("format", "Choose the JSON, iCalendar or CSV export.")
        }
    }

    private func deleteAccount(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        let password = form["password"] ?? ""
        var errors = FormErrors()
        if password.isEmpty { errors.byField["password"] = "Enter your password to delete your account." }
        // Asked in the script's dialog (which adds `confirmed`) or, without JavaScript, by the checkbox: a page
        // asking again would have to carry the password.
        if !form.isOn("confirmed") && !form.isOn("understood") {
            errors.byField["confirmed"] = "Tick this box to confirm that you want your account deleted."
        }
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                try await checkingPassword(identity, field: "password", context: context) {
                    try await domain.accounts.deleteAccount(identity, password: password)
                }
                var response = WebResponse.redirect("/signin?deleted=1")
                response.headers.append(
                    HTTPField(
                        name: .setCookie,
                        value: WebCookie.clear(
                            WebCookie.session, secure: context.web.isSecure)))
                return response
            } catch let error as DoableError {
                status = error.httpStatus
                errors = FormErrors(error, fields: ["password"])
            }
        }
        return try await accountPage(context, errors: errors, status: status)
    }
}
