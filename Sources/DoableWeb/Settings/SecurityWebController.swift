import DoableArt
import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-4 and ACC-5 in the browser: changing the password (`PasswordPage`), and personal access tokens, app
/// passwords and sessions (`TokensPage`).
struct SecurityWebController: WebArea {
    let shell: WebShell
    /// The shared core: the installation's keys, for sealing a new token's secret on its way to the page.
    let domain: Domain
    let accounts: AccountService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/password") { _, context in
            _ = try member(context)
            return try await passwordPage(context, errors: FormErrors())
        }
        web.post("settings/password") { _, context in try await changePassword(context) }
        web.get("settings/tokens") { _, context in
            _ = try member(context)
            return try await tokensPage(
                context, form: FormData(), errors: FormErrors(),
                issued: try await justIssued(context))
        }
        web.post("settings/tokens") { _, context in try await createToken(context) }
        web.post("settings/tokens/{id}/revoke") { _, context in try await revokeToken(context) }
    }

    private func passwordPage(
        _ context: WebRequestContext, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let content = PasswordPage(errors: errors, csrf: csrfField(context))
        return try await settingsPage(context, .password, body: content.body, status: status)
    }

    private func changePassword(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        let current = form["currentPassword"] ?? ""
        let new = form["newPassword"] ?? ""
        var errors = FormErrors()
        if current.isEmpty { errors.byField["currentPassword"] = "Enter your current password." }
        if new.isEmpty {
            errors.byField["newPassword"] = "Choose a new password of 8 to 72 bytes."
        } else if new != form["confirmPassword"] {
            errors.byField["confirmPassword"] = "The two new passwords differ; type the new one again."
        }
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                // The domain keeps the session that asked (this browser's) and ends every other credential.
                try await checkingPassword(identity, field: "currentPassword", context: context) {
                    try await accounts.changePassword(identity, current: current, new: new)
                }
                return WebResponse.done(
                    context, redirect: "/settings/password",
                    toast: Flash(
                        message: "Password changed. Your other sessions, tokens and app passwords were ended."))
            } catch let error as DoableError {
                status = error.httpStatus
                errors = FormErrors(error, fields: ["currentPassword", "newPassword"])
            }
        }
        return try await passwordPage(context, errors: errors, status: status)
    }

    // MARK: Tokens, app passwords and sessions (ACC-5)

    /// The credential the form just made, with its secret, when this page is the one that shows it (once).
    private func justIssued(_ context: WebRequestContext) async throws -> IssuedCredential? {
        guard let carried = context.web.issuedSecret,
            let credential = try await accounts.credentials(try member(context)).first(where: { $0.id == carried.credentialID })
        else { return nil }
        return IssuedCredential(credential: credential, secret: carried.secret)
    }

    /// The tokens page; `issued` is a credential just made, whose secret this one answer shows.
    private func tokensPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        issued: IssuedCredential? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        let credentials = try await accounts.credentials(identity).sorted { $0.createdAt < $1.createdAt }
        let content = TokensPage(
            username: identity.account.username, current: identity.credential.id, credentials: credentials,
            issued: issued, hasTwoFactor: identity.account.hasTwoFactor, time: MemberTime(preferences: identity.account.preferences), form: form,
            errors: errors,
            csrf: csrfField(context))
        return try await settingsPage(context, .tokens, body: content.body, status: status)
    }

    private func createToken(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        var errors = FormErrors()
        let kind = Self.choice(form, "kind", Credential.Kind.self, errors: &errors) ?? .accessToken
        let scope = Self.choice(form, "scope", Credential.Scope.self, errors: &errors) ?? .readWrite
        if kind == .session { errors.byField["kind"] = "Choose an access token or an app password." }
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                let code = (form["totp"] ?? "").replacingOccurrences(of: " ", with: "")
                let issued = try await accounts.issueCredential(
                    identity, name: form["name"] ?? "", kind: kind,
                    scope: scope, expiresAt: nil, secondFactor: code.isEmpty ? nil : SecondFactor(totp: code))
                // Redirect-after-POST: reloading the page that shows the secret must not make a second token. The
                // secret goes to that page sealed (`IssuedSecret`).
                let key = try await shell.installationKey.derivedKey(IssuedSecret.keyPurpose, domain: domain)
                let sealed = try IssuedSecret(credentialID: issued.credential.id, secret: issued.secret)
                    .sealed(with: key, session: identity.credential.id)
                var response = WebResponse.redirect("/settings/tokens")
                response.headers.append(
                    HTTPField(
                        name: .setCookie,
                        value: WebCookie.make(
                            WebCookie.issuedSecret, sealed, secure: context.web.isSecure, maxAge: IssuedSecret.lifetimeSeconds)))
                return response
            } catch let error as DoableError {
                status = error.httpStatus
                errors = FormErrors(error, fields: ["name", "kind"])
                // ACC-10: a missing or wrong code is the code field's.
                if case .challenge(_, let message) = error {
                    errors = FormErrors()
                    errors.byField["totp"] = message
                }
            }
        }
        return try await tokensPage(context, form: form, errors: errors, status: status)
    }

    private func revokeToken(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: CredentialID = try context.pathID()
        guard let credential = try await accounts.credentials(identity).first(where: { $0.id == id }) else {
            throw DoableError.notFound("No such token.")
        }
        let isSession = credential.kind == .session
        guard context.web.form.isOn("confirmed") else {
            return try await confirmPage(
                context, title: isSession ? "Sign out this session?" : "Revoke '\(credential.name)'?",
                message: isSession
                    ? "That browser or app will have to sign in again."
                    : "Apps and integrations that use it stop working at once. This cannot be undone.",
                action: "/settings/tokens/\(credential.id)/revoke", button: isSession ? "Sign out" : "Revoke")
        }
        try await accounts.revokeCredential(identity, id: id)
        if id == identity.credential.id {
            var response = WebResponse.redirect("/signin")
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: WebCookie.clear(WebCookie.session, secure: context.web.isSecure)))
            return response
        }
        let message = isSession ? "Signed out that session." : "Revoked '\(credential.name)'."
        return WebResponse.done(context, redirect: "/settings/tokens", toast: Flash(message: message))
    }
}
