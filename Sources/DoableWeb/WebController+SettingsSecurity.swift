import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import DoableArt
import DoableHTTP

/// ACC-4 and ACC-5 in the browser: changing the password, and personal access tokens, app passwords and sessions.
extension WebController {
    func addPasswordRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/password") { _, context in
            _ = try member(context)
            return try await passwordPage(context, errors: FormErrors())
        }
        web.post("settings/password") { _, context in try await changePassword(context) }
    }

    /// Every check of the password goes through the sign-in limiter, as the API's does (issue 10, finding 8), so a
    /// stolen session cannot guess the password at full speed here either.
    func checkingPassword(
        _ identity: Identity, field: String, context: WebRequestContext,
        _ operation: () async throws -> Void
    ) async throws {
        try await limiter.checkingPassword(of: identity, field: field, context: context, operation)
    }

    private func passwordPage(
        _ context: WebRequestContext, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let current = Field.input(
            "currentPassword", label: "Current password", value: "", type: "password",
            required: true, errors: errors, extra: " autocomplete=\"current-password\"")
        let new = Field.input(
            "newPassword", label: "New password", value: "", type: "password",
            hint: "8 to 72 bytes.", required: true, errors: errors,
            extra: " autocomplete=\"new-password\"")
        let confirm = Field.input(
            "confirmPassword", label: "New password again", value: "", type: "password",
            required: true, errors: errors, extra: " autocomplete=\"new-password\"")
        return try await settingsPage(
            context, .password,
            body: """
                <p>Changing your password signs out your other browsers and devices and ends your access tokens and app
                passwords. This browser stays signed in.</p>
                \(errors.summary)
                <form method="post" action="/settings/password" class="settings-form" novalidate>
                \(csrfField(context))
                \(current)
                \(new)
                \(confirm)
                <button type="submit" class="button primary">Change password</button>
                </form>
                """, status: status)
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
                    try await domain.accounts.changePassword(identity, current: current, new: new)
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

    /// What the Sign out everywhere buttons ask: the domain ends every credential, tokens and app passwords too.
    static let signOutEverywhereQuestion =
        "Sign out everywhere? Every browser and app must sign in again, and your "
        + "access tokens and app passwords stop working."

    func addTokenRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/tokens") { _, context in
            _ = try member(context)
            return try await tokensPage(
                context, form: FormData(), errors: FormErrors(),
                issued: try await justIssued(context))
        }
        web.post("settings/tokens") { _, context in try await createToken(context) }
        web.post("settings/tokens/{id}/revoke") { _, context in try await revokeToken(context) }
    }

    /// The credential the form just made, with its secret, when this page is the one that shows it (once).
    private func justIssued(_ context: WebRequestContext) async throws -> IssuedCredential? {
        guard let carried = context.web.issuedSecret,
            let credential = try await domain.accounts.credentials(try member(context)).first(where: { $0.id == carried.credentialID })
        else { return nil }
        return IssuedCredential(credential: credential, secret: carried.secret)
    }

    /// The tokens page; `issued` is a credential just made, whose secret this one answer shows.
    private func tokensPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        issued: IssuedCredential? = nil, status: HTTPResponse.Status = .ok
    ) async throws
        -> Response
    {
        let identity = try member(context)
        let credentials = try await domain.accounts.credentials(identity).sorted { $0.createdAt < $1.createdAt }
        let time = MemberTime(preferences: identity.account.preferences)
        let tokens = credentials.filter { $0.kind != .session }
        let sessions = credentials.filter { $0.kind == .session }
        let tokenItems = tokens.html { tokenItem($0, time: time, context: context) }
        let sessionItems = sessions.html {
            sessionItem($0, current: identity.credential.id, time: time, context: context)
        }
        let tokenList: HTML =
            tokens.isEmpty
            ? "<p>You have no access tokens or app passwords yet.</p>"
            : "<ul class=\"token-list\" aria-labelledby=\"tokens-heading\">\(tokenItems)</ul>"
        return try await settingsPage(
            context, .tokens,
            body: """
                \(issued.map { issuedSecret($0, username: identity.account.username) })
                <p>Access tokens let the command-line client and integrations use the API; app passwords let calendar and
                task apps sign in over CalDAV. Doable keeps only a fingerprint of each, so it can show one only when it is
                made.</p>
                <h3 id="tokens-heading">Your access tokens and app passwords</h3>
                \(tokenList)
                \(tokenForm(context, form: form, errors: errors))
                <h3 id="sessions-heading">Signed-in browsers and apps</h3>
                <ul class="token-list" aria-labelledby="sessions-heading">\(sessionItems)</ul>
                <form method="post" action="/signout/everywhere" class="danger-zone" \
                data-confirm="\(Self.signOutEverywhereQuestion)">
                \(csrfField(context))<input type="hidden" name="back" value="/settings/tokens">
                <button type="submit" class="button danger">Sign out everywhere</button>
                </form>
                """, status: status)
    }

    /// One token or app password: its name, then what it is and when it was made, then Revoke. A list, not a
    /// table, so it fits a phone screen.
    private func tokenItem(_ credential: Credential, time: MemberTime, context: WebRequestContext) -> HTML {
        let kind = credential.kind == .appPassword ? "App password" : "Access token"
        let scope = credential.scope == .read ? "read only" : "read and write"
        let expires: HTML = credential.expiresAt.map { "expires \(when($0, time: time))" } ?? "never expires"
        let question = "Revoke '\(credential.name)'? Apps that use it stop working."
        return """
            <li id="token-\(credential.id)" class="token-item"><strong class="token-name">\(credential.name)</strong>
            <span class="token-meta">\(kind), \(scope); made \(when(credential.createdAt, time: time)), \(expires)</span>
            \(revokeForm(credential, label: "Revoke", name: "Revoke '\(credential.name)'", question: question,
                     context: context))</li>
            """
    }

    private func sessionItem(
        _ credential: Credential, current: CredentialID, time: MemberTime,
        context: WebRequestContext
    ) -> HTML {
        let until = credential.expiresAt.map { HTML(", until \(when($0, time: time))") }
        let signedIn = "\(time.words(time.date(of: credential.createdAt))) \(time.time(of: credential.createdAt))"
        let action: HTML =
            credential.id == current
            ? "<span class=\"badge\">This browser</span>"
            : revokeForm(
                credential, label: "Sign out", name: "Sign out the session from \(signedIn)",
                question: "Sign out this session? That browser or app must sign in again.", context: context)
        return """
            <li id="token-\(credential.id)" class="token-item">
            <span class="token-meta">Signed in \(when(credential.createdAt, time: time))\(until)</span>
            \(action)</li>
            """
    }

    private func revokeForm(
        _ credential: Credential, label: String, name: String, question: String,
        context: WebRequestContext
    ) -> HTML {
        """
        <form method="post" action="/settings/tokens/\(credential.id)/revoke" class="inline-form" \
        data-confirm="\(question)">
        \(csrfField(context))<input type="hidden" name="back" value="/settings/tokens">
        <button type="submit" class="button danger" aria-label="\(name)">\(label)</button>
        </form>
        """
    }

    private func when(_ moment: Timestamp, time: MemberTime) -> HTML {
        "<time datetime=\"\(moment)\">\(time.words(time.date(of: moment))) \(time.time(of: moment))</time>"
    }

    private func tokenForm(_ context: WebRequestContext, form: FormData, errors: FormErrors) -> HTML {
        let kind = Self.radioGroup(
            "kind", legend: "Kind",
            options: [
                ("accessToken", "Access token (API and command-line client)"),
                ("appPassword", "App password (calendar and task apps over CalDAV)"),
            ], selected: form["kind"] ?? "accessToken", errors: errors)
        let scope = Self.radioGroup(
            "scope", legend: "Access",
            options: [
                ("readWrite", "Read and write"), ("read", "Read only"),
            ], selected: form["scope"] ?? "readWrite", errors: errors)
        let name = Field.input(
            "name", label: "Name", value: form["name"],
            hint: "Where you will use it, like 'Laptop CLI' or 'Phone calendar'.", required: true,
            errors: errors, extra: " maxlength=\"100\" autocomplete=\"off\"")
        return """
            <h3>Make a new one</h3>
            \(errors.summary)
            <form method="post" action="/settings/tokens" class="settings-form" novalidate>
            \(csrfField(context))
            \(name)
            \(kind)
            \(scope)
            <button type="submit" class="button primary">Create</button>
            </form>
            """
    }

    private func issuedSecret(_ issued: IssuedCredential, username: String) -> HTML {
        let isAppPassword = issued.credential.kind == .appPassword
        let noun = isAppPassword ? "app password" : "access token"
        let use: HTML =
            isAppPassword
            ? "Enter it as the password in your calendar or task app, with your username <strong>\(username)</strong>."
            : "Send it as <code>Authorization: Bearer …</code>, or give it to the command-line client."
        return """
            <div class="new-secret" role="status">
            <h3>Your new \(noun) “\(issued.credential.name)”</h3>
            <p><strong>Copy it now.</strong> Doable shows it only this once; if you lose it, revoke it and make another.</p>
            <label for="new-secret">The \(noun)</label>
            <input id="new-secret" class="secret" type="text" readonly value="\(issued.secret)" autocomplete="off" \
            spellcheck="false" aria-describedby="new-secret-hint">
            <p class="hint" id="new-secret-hint">Select the field and copy it (Ctrl+C, or ⌘C on a Mac). \(use)</p>
            </div>
            """
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
                let issued = try await domain.accounts.issueCredential(
                    identity, name: form["name"] ?? "", kind: kind,
                    scope: scope, expiresAt: nil)
                // Redirect-after-POST: reloading the page that shows the secret must not make a second token. The
                // secret goes to that page sealed (`IssuedSecret`).
                let key = try await installationKey.derivedKey(IssuedSecret.keyPurpose, domain: domain)
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
            }
        }
        return try await tokensPage(context, form: form, errors: errors, status: status)
    }

    private func revokeToken(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: CredentialID = try context.pathID()
        guard let credential = try await domain.accounts.credentials(identity).first(where: { $0.id == id }) else {
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
        try await domain.accounts.revokeCredential(identity, id: id)
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
