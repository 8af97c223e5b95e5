import DoableArt
import DoableCore
import DoableDomain

/// ACC-5: personal access tokens and app passwords: each with its Revoke button, the form that makes one (ACC-10:
/// with a code when two-factor sign-in is on), a credential just made with its secret (shown this once), and Sign out
/// everywhere. Sessions are listed with the rest in Sessions and devices (ACC-11, `SessionsPage`).
struct TokensPage {
    var username: String
    /// The session of this browser.
    var current: CredentialID
    /// Every credential of the account, oldest first.
    var credentials: [Credential]
    var issued: IssuedCredential?
    /// ACC-10: with two-factor sign-in on, making one needs a code.
    var hasTwoFactor: Bool
    var time: MemberTime
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    /// What the Sign out everywhere buttons ask: the domain ends every credential, tokens and app passwords too.
    static let signOutEverywhereQuestion =
        "Sign out everywhere? Every browser and app must sign in again, and your "
        + "access tokens and app passwords stop working."

    var body: HTML {
        let tokens = credentials.filter { $0.kind != .session }
        let tokenItems = tokens.html { tokenItem($0) }
        let tokenList: HTML =
            tokens.isEmpty
            ? "<p>You have no access tokens or app passwords yet.</p>"
            : "<ul class=\"token-list\" aria-labelledby=\"tokens-heading\">\(tokenItems)</ul>"
        return """
            \(issued.map { issuedSecret($0) })
            <p>Access tokens let the command-line client and integrations use the API; app passwords let calendar and
            task apps sign in over CalDAV. Doable keeps only a fingerprint of each, so it can show one only when it is
            made.</p>
            <h3 id="tokens-heading">Your access tokens and app passwords</h3>
            \(tokenList)
            \(tokenForm)
            <p>The browsers and apps signed in to your account, with where and when each was last used, are in
            <a href="/settings/sessions">Sessions and devices</a>.</p>
            <form method="post" action="/signout/everywhere" class="danger-zone" \
            data-confirm="\(Self.signOutEverywhereQuestion)">
            \(csrf)<input type="hidden" name="back" value="/settings/tokens">
            <button type="submit" class="button danger">Sign out everywhere</button>
            </form>
            """
    }

    /// One token or app password: its name, then what it is and when it was made, then Revoke. A list, not a
    /// table, so it fits a phone screen.
    private func tokenItem(_ credential: Credential) -> HTML {
        let kind = credential.kind == .appPassword ? "App password" : "Access token"
        let scope = credential.scope == .read ? "read only" : "read and write"
        let expires: HTML = credential.expiresAt.map { "expires \(when($0))" } ?? "never expires"
        let question = "Revoke '\(credential.name)'? Apps that use it stop working."
        return """
            <li id="token-\(credential.id)" class="token-item"><strong class="token-name">\(credential.name)</strong>
            <span class="token-meta">\(kind), \(scope); made \(when(credential.createdAt)), \(expires)</span>
            \(revokeForm(credential, label: "Revoke", name: "Revoke '\(credential.name)'", question: question))</li>
            """
    }

    private func revokeForm(_ credential: Credential, label: String, name: String, question: String) -> HTML {
        """
        <form method="post" action="/settings/tokens/\(credential.id)/revoke" class="inline-form" \
        data-confirm="\(question)">
        \(csrf)<input type="hidden" name="back" value="/settings/tokens">
        <button type="submit" class="button quiet-danger" aria-label="\(name)">\(label)</button>
        </form>
        """
    }

    private func when(_ moment: Timestamp) -> HTML {
        "<time datetime=\"\(moment)\">\(time.words(time.date(of: moment))) \(time.time(of: moment))</time>"
    }

    private var tokenForm: HTML {
        let kind = RadioGroup.html(
            "kind", legend: "Kind",
            options: [
                ("accessToken", "Access token (API and command-line client)"),
                ("appPassword", "App password (calendar and task apps over CalDAV)"),
            ], selected: form["kind"] ?? "accessToken", errors: errors)
        let scope = RadioGroup.html(
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
            \(csrf)
            \(name)
            \(kind)
            \(scope)
            \(hasTwoFactor ? Field.input("totp", label: "Code from your authenticator app", value: "", hint: "Two-factor sign-in is on: making a token needs a code.", required: true, errors: errors, extra: " inputmode=\"numeric\" autocomplete=\"one-time-code\" maxlength=\"7\"") : "")
            <button type="submit" class="button primary">Create</button>
            </form>
            """
    }

    private func issuedSecret(_ issued: IssuedCredential) -> HTML {
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
            <div class="copy-row"><input id="new-secret" class="secret" type="text" readonly value="\(issued.secret)" autocomplete="off" \
            spellcheck="false" aria-describedby="new-secret-hint"><button type="button" class="button" data-copy="new-secret" data-name="the \(noun)" hidden>\(Icon.copy.html)Copy</button></div>
            <p class="hint" id="new-secret-hint">Copy it with the button, or select it and press Ctrl+C (⌘C on a Mac). \(use)</p>
            </div>
            """
    }
}
