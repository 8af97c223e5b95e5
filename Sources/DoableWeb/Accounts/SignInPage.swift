import DoableArt

/// ACC-2: the sign-in form; after deleting an account (ACC-6) it says so first. ACC-8: "Forgot your password?".
/// ACC-12: the link to register only while registration is not closed. ACC-10: once the password was right for an
/// account with two-factor sign-in, the second step (`SignInCodePage`) asks for the code.
struct SignInPage {
    var login: String
    var errors: FormErrors
    /// The account was just deleted (`?deleted=1`).
    var isDeleted: Bool
    /// Where to go once signed in (a local path).
    var next: String
    /// Whether this server lets people register (open or by invitation).
    var mayRegister: Bool
    /// A notice to show first ("Your password was changed: sign in with the new one.").
    var notice: String?
    var csrf: HTML

    var page: WebPage {
        let notice: HTML? =
            isDeleted
            ? "<p class=\"notice\" role=\"status\">Your account and everything in it were deleted.</p>"
            : self.notice.map { (text: String) -> HTML in "<p class=\"notice\" role=\"status\">\(text)</p>" }
        return WebPage(
            title: "Sign in",
            main: """
                <div class="narrow auth">
                <h1>Sign in to Doable</h1>
                \(notice)
                \(errors.summary)
                <form method="post" action="/signin" novalidate>
                \(csrf)<input type="hidden" name="next" value="\(next)">
                \(Field.input("login", label: "Email or username", value: login, required: true, errors: errors, extra: " autocomplete=\"username\" autofocus"))
                \(Field.input("password", label: "Password", value: "", type: "password", required: true, errors: errors, extra: " autocomplete=\"current-password\""))
                <button type="submit" class="button primary">Sign in</button>
                </form>
                <p><a href="/forgot-password">Forgot your password?</a></p>
                \(mayRegister ? HTML("<p>New to Doable? <a href=\"/register\">Create an account</a></p>") : "")
                </div>
                """)
    }
}

/// ACC-10: the second step of signing in: the 6-digit code from the authenticator app, or a recovery code folded
/// away beneath it (either field of the one form). The login and password travel sealed (`PendingSignIn`).
struct SignInCodePage {
    var pending: String
    var next: String
    var errors: FormErrors
    /// The recovery code field was used: it stays open.
    var usedRecoveryCode: Bool
    var csrf: HTML

    var page: WebPage {
        WebPage(
            title: "Two-factor sign-in",
            main: """
                <div class="narrow auth">
                <h1>Enter your code</h1>
                <p class="subtitle">Your account has two-factor sign-in: open your authenticator app and enter the code it shows for Doable.</p>
                \(errors.summary)
                <form method="post" action="/signin/code" novalidate>
                \(csrf)<input type="hidden" name="next" value="\(next)"><input type="hidden" name="pending" value="\(pending)">
                \(Field.input("totp", label: "Code from your authenticator app", value: "", hint: "6 digits; a new code appears every 30 seconds.", errors: errors, extra: " inputmode=\"numeric\" autocomplete=\"one-time-code\" maxlength=\"7\" autocapitalize=\"none\" autofocus", marksOptional: false))
                <details class="more-fields"\(attribute: "open", if: usedRecoveryCode)>
                <summary>Lost your phone? Use a recovery code</summary>
                \(Field.input("recoveryCode", label: "Recovery code", value: "", hint: "One of the codes you saved when you turned two-factor sign-in on, like 4f7k-2m9q-xa. Each works once.", errors: errors, extra: " autocomplete=\"off\" autocapitalize=\"none\" spellcheck=\"false\" maxlength=\"20\"", marksOptional: false))
                </details>
                <button type="submit" class="button primary">Sign in</button>
                </form>
                <p><a href="/signin">Start again</a></p>
                </div>
                """)
    }
}
