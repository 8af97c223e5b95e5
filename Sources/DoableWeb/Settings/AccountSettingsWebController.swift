import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// ACC-6 in the browser: export everything (JSON, and the tasks as ICS or CSV, INTEROP-5) and delete the account
/// (`AccountSettingsPage`).
struct AccountSettingsWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService
    let transfer: TransferService
    let photos: PhotoService
    let market: MarketService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
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
        let content = AccountSettingsPage(errors: errors, csrf: csrfField(context))
        return try await settingsPage(context, .account, body: content.body, status: status)
    }

    /// The JSON is the API's export (`GET /api/v1/me/export`), encoded by the same code, as a download.
    private func export(_ request: Request, context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        switch context.web.query["format"] ?? "json" {
        case "json":
            let export = try await ExportDTO.assemble(
                for: identity, transfer: transfer, photos: photos, market: market)
            var response = JSONResponse.make(export)
            response.headers[.contentDisposition] = "attachment; filename=\"doable-export.json\""
            return response
        case "ics":
            return Response.download(try await transfer.taskExport(identity).calendar, format: .ics)
        case "csv":
            return Response.download(try await transfer.taskExport(identity).csv, format: .csv)
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
                    try await accounts.deleteAccount(identity, password: password)
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
