import DoableArt

/// ACC-2: the sign-in form; after deleting an account (ACC-6) it says so first.
struct SignInPage {
    var login: String
    var errors: FormErrors
    /// The account was just deleted (`?deleted=1`).
    var isDeleted: Bool
    /// Where to go once signed in (a local path).
    var next: String
    var csrf: HTML

    var page: WebPage {
        WebPage(
            title: "Sign in",
            main: """
                <div class="narrow auth">
                <h1>Sign in to Doable</h1>
                \(isDeleted ? HTML("<p class=\"notice\" role=\"status\">Your account and everything in it were deleted.</p>") : "")
                \(errors.summary)
                <form method="post" action="/signin" novalidate>
                \(csrf)<input type="hidden" name="next" value="\(next)">
                \(Field.input("login", label: "Email or username", value: login, required: true, errors: errors, extra: " autocomplete=\"username\" autofocus"))
                \(Field.input("password", label: "Password", value: "", type: "password", required: true, errors: errors, extra: " autocomplete=\"current-password\""))
                <button type="submit" class="button primary">Sign in</button>
                </form>
                <p>New to Doable? <a href="/register">Create an account</a></p>
                </div>
                """)
    }
}
