import DoableArt

/// ACC-1: the registration form in one short step (issue 29 item 6): email, username, password, first and last
/// name. The browser checks each field first (type, length and pattern, with the rule in words); the server's
/// refusals come back all at once, each beside its field, with everything typed kept but the password (never
/// written into a page). The optional profile fields
/// (`ProfileFields`) are folded away under "More about you", and the profile page offers them again later.
/// ACC-12: opened from an invitation link (`/join/{secret}`) the form carries the invitation, with the email fixed
/// when the invitation names one; without one, a server that registers by invitation or not at all says so instead
/// of showing the form (`RegistrationClosedPage`).
struct RegisterPage {
    var form: FormData
    var errors: FormErrors
    /// The invitation link's secret, when the page was opened from one.
    var invitation: String?
    /// The address the invitation is for: the email field shows it and cannot change.
    var invitedEmail: String?
    /// Who invited, and to which list, in words ("Ann Lee invited you to share “Groceries”.").
    var invitationWords: String?
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
                \(invitationWords.map { HTML("<p class=\"notice\" role=\"status\">\($0)</p>") })
                <form method="post" action="\(invitation == nil ? "/register" : "/join/\(invitation ?? "")")" class="register-form">
                \(csrf)
                \(invitation.map { HTML("<input type=\"hidden\" name=\"invitation\" value=\"\($0)\">") })
                \(Field.input("email", label: "Email", value: invitedEmail ?? form["email"], type: "email", hint: invitedEmail == nil ? nil : "The invitation is for this address.", required: true, errors: errors, extra: invitedEmail == nil ? " autocomplete=\"email\" maxlength=\"254\" title=\"An email address like name@example.com\"" : " autocomplete=\"email\" readonly"))
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

/// ACC-12: the register page of a server that does not let anyone register: by invitation (the link in the
/// invitation opens the form) or closed (an admin creates accounts).
struct RegistrationClosedPage {
    var isByInvitation: Bool

    var page: WebPage {
        WebPage(
            title: "Create an account",
            main: """
                <div class="narrow auth">
                <h1>\(isByInvitation ? "Registration is by invitation" : "Registration is closed")</h1>
                \(isByInvitation
                    ? HTML("<p>This Doable server lets people join by invitation only. Ask someone who uses it to invite you, then open the link in the invitation.</p>")
                    : HTML("<p>This Doable server does not take new accounts. Ask its administrator to create one for you.</p>"))
                <p>Already have an account? <a href="/signin">Sign in</a></p>
                </div>
                """)
    }
}
