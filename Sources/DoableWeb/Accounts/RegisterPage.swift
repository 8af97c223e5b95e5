import DoableArt

/// ACC-1: the registration form in one short step (issue 29 item 6): email, username, password, first and last
/// name. The browser checks each field first (type, length and pattern, with the rule in words); the server's
/// refusals come back all at once, each beside its field, with everything typed kept but the password (never
/// written into a page). The optional profile fields
/// (`ProfileFields`) are folded away under "More about you", and the profile page offers them again later.
struct RegisterPage {
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    var page: WebPage {
        let hasOptional = ["gender", "dateOfBirth", "educationLevel", "phone"].contains { form.text($0) != nil }
        let optionalErrors = ["gender", "genderDescription", "dateOfBirth", "educationLevel", "phone"]
            .contains { errors.byField[$0] != nil }
        return WebPage(
            title: "Create an account",
            main: """
                <div class="narrow auth">
                <h1>Create your Doable account</h1>
                <p class="subtitle">One step, then straight to your day.</p>
                \(errors.summary)
                <form method="post" action="/register" class="register-form">
                \(csrf)
                \(Field.input("email", label: "Email", value: form["email"], type: "email", required: true, errors: errors, extra: " autocomplete=\"email\" maxlength=\"254\" title=\"An email address like name@example.com\""))
                \(Field.input("username", label: "Username", value: form["username"], hint: "Letters, digits and underscores; others see it when you share.", required: true, errors: errors, extra: " autocomplete=\"username\" maxlength=\"30\" pattern=\"[A-Za-z0-9_]{3,30}\" title=\"3 to 30 letters, digits or underscores\" autocapitalize=\"none\" spellcheck=\"false\""))
                \(Field.input("password", label: "Password", value: "", type: "password", hint: "At least 8 characters.", required: true, errors: errors, extra: " autocomplete=\"new-password\" minlength=\"8\" title=\"At least 8 characters\""))
                <div class="name-row">
                \(Field.input("firstName", label: "First name", value: form["firstName"], required: true, errors: errors, extra: " maxlength=\"30\" autocomplete=\"given-name\""))
                \(Field.input("lastName", label: "Last name", value: form["lastName"], required: true, errors: errors, extra: " maxlength=\"30\" autocomplete=\"family-name\""))
                </div>
                <details class="more-fields"\(attribute: "open", if: hasOptional || optionalErrors)>
                <summary>More about you (optional)</summary>
                \(ProfileFields.optionalHTML(form, errors: errors))
                </details>
                <button type="submit" class="button primary">Create account</button>
                </form>
                <p>Already have an account? <a href="/signin">Sign in</a></p>
                </div>
                """)
    }
}
