import DoableArt

/// ACC-1: the registration form, with the profile fields (`ProfileFields`).
struct RegisterPage {
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    var page: WebPage {
        WebPage(
            title: "Create an account",
            main: """
                <div class="narrow auth">
                <h1>Create your Doable account</h1>
                \(errors.summary)
                <form method="post" action="/register" novalidate>
                \(csrf)
                \(Field.input("email", label: "Email", value: form["email"], type: "email", hint: "A valid address, up to 254 characters.", required: true, errors: errors, extra: " autocomplete=\"email\" maxlength=\"254\""))
                \(Field.input("username", label: "Username", value: form["username"], hint: "3 to 30 letters, digits or underscores.", required: true, errors: errors, extra: " autocomplete=\"username\" maxlength=\"30\""))
                \(Field.input("password", label: "Password", value: "", type: "password", hint: "8 to 72 bytes.", required: true, errors: errors, extra: " autocomplete=\"new-password\""))
                \(ProfileFields.html(form, errors: errors))
                <button type="submit" class="button primary">Create account</button>
                </form>
                <p>Already have an account? <a href="/signin">Sign in</a></p>
                </div>
                """)
    }
}
