import DoableArt

/// ACC-8: "Forgot your password?": the email form, then the same answer whether or not the address has an account.
/// Without a mail server, how to get a link from the admin instead.
struct ForgotPasswordPage {
    var email: String
    var errors: FormErrors
    var isSent: Bool
    var canSendEmail: Bool
    var csrf: HTML

    var page: WebPage {
        let body: HTML
        if !canSendEmail {
            body = """
                <p>This server cannot send email, so it cannot send you a reset link. Ask its administrator for one:
                they can run <code>doable admin reset-password YOUR-USERNAME</code> and pass you the link it prints.</p>
                """
        } else if isSent {
            body = """
                <p class="notice" role="status">If \(email) is the address of a Doable account, a link to choose a new
                password is on its way. It works once, for an hour.</p>
                <p>No email after a few minutes? Check the spam folder, or <a href="/forgot-password">try again</a>.</p>
                """
        } else {
            body = """
                <p class="subtitle">Enter the email address of your account and we will send you a link to choose a new password.</p>
                \(errors.summary)
                <form method="post" action="/forgot-password" novalidate>
                \(csrf)
                \(Field.input("email", label: "Email", value: email, type: "email", required: true, errors: errors, extra: " autocomplete=\"email\" maxlength=\"254\" autofocus"))
                <button type="submit" class="button primary">Send the link</button>
                </form>
                """
        }
        return WebPage(
            title: "Forgot your password?",
            main: """
                <div class="narrow auth">
                <h1>Forgot your password?</h1>
                \(body)
                <p><a href="/signin">Back to sign in</a></p>
                </div>
                """)
    }
}

/// ACC-8: the reset link's page: the new password twice.
struct ResetPasswordPage {
    var token: String
    var errors: FormErrors
    var csrf: HTML

    var page: WebPage {
        WebPage(
            title: "Choose a new password",
            main: """
                <div class="narrow auth">
                <h1>Choose a new password</h1>
                <p class="subtitle">Every browser and app signed in to your account will be signed out, and your access tokens and app passwords stop working.</p>
                \(errors.summary)
                <form method="post" action="/reset-password/\(token)" novalidate>
                \(csrf)
                \(Field.input("password", label: "New password", value: "", type: "password", hint: "At least 8 characters.", required: true, errors: errors, extra: " autocomplete=\"new-password\" minlength=\"8\" autofocus"))
                \(Field.input("confirmPassword", label: "New password again", value: "", type: "password", required: true, errors: errors, extra: " autocomplete=\"new-password\""))
                <button type="submit" class="button primary">Set the new password</button>
                </form>
                </div>
                """)
    }
}
