import DoableArt

/// ACC-4: changing the password.
struct PasswordPage {
    var errors: FormErrors
    var csrf: HTML

    var body: HTML {
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
        return """
            <p>Changing your password signs out your other browsers and devices and ends your access tokens and app
            passwords. This browser stays signed in.</p>
            \(errors.summary)
            <form method="post" action="/settings/password" class="settings-form" novalidate>
            \(csrf)
            \(current)
            \(new)
            \(confirm)
            <button type="submit" class="button primary">Change password</button>
            </form>
            """
    }
}
