import DoableArt
import DoableCore
import DoableDomain

/// ACC-3: the profile form (email, username, the profile fields and what the public profile shows).
struct ProfilePage {
    var username: String
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    /// The profile form filled with what is stored.
    static func form(_ account: Account) -> FormData {
        FormData(pairs: [
            ("email", account.email), ("username", account.username), ("firstName", account.firstName),
            ("lastName", account.lastName), ("gender", account.gender?.rawValue ?? ""),
            ("genderDescription", account.genderDescription ?? ""),
            ("dateOfBirth", account.dateOfBirth?.description ?? ""),
            ("educationLevel", account.educationLevel?.rawValue ?? ""), ("phone", account.phone ?? ""),
            ("showEmail", account.showEmail ? "1" : ""), ("showPhone", account.showPhone ? "1" : ""),
            ("version", String(account.version)),
        ])
    }

    var body: HTML {
        let email = Field.input(
            "email", label: "Email", value: form["email"], type: "email",
            hint: "A valid address, up to 254 characters.", required: true, errors: errors,
            extra: " autocomplete=\"email\" maxlength=\"254\"")
        let name = Field.input(
            "username", label: "Username", value: form["username"],
            hint: "3 to 30 letters, digits or underscores. Your public profile's address changes "
                + "with it.", required: true, errors: errors,
            extra: " autocomplete=\"username\" maxlength=\"30\"")
        return """
            <p>Others see your username, your name and only the contact details you choose to show.
            <a href="/users/\(FormData.encode(username))">See your public profile</a></p>
            \(errors.summary)
            <form method="post" action="/settings" class="settings-form" novalidate>
            \(csrf)<input type="hidden" name="version" value="\(form["version"] ?? "")">
            \(email)
            \(name)
            \(ProfileFields.html(form, errors: errors))
            <fieldset><legend>On your public profile</legend>
            \(Field.checkbox("showEmail", label: "Show my email on my public profile", isOn: form.isOn("showEmail")))
            \(Field.checkbox("showPhone", label: "Show my phone number on my public profile", isOn: form.isOn("showPhone")))
            </fieldset>
            <button type="submit" class="button primary">Save profile</button>
            </form>
            """
    }
}
