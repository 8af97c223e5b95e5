import DoableArt

/// ACC-6: export everything (JSON, and the tasks as ICS or CSV, INTEROP-5), sign out everywhere, and delete the
/// account.
struct AccountSettingsPage {
    var errors: FormErrors
    var csrf: HTML

    var body: HTML {
        let password = Field.input(
            "password", label: "Your password", value: "", type: "password", required: true,
            errors: errors, extra: " autocomplete=\"current-password\"")
        let understood = errors.byField["confirmed"]
        let invalid: HTML = understood != nil ? " aria-invalid=\"true\" aria-describedby=\"f-confirmed-error\"" : ""
        return """
            <h3>Export your data</h3>
            <p>Everything that is yours — profile, preferences, lists, tasks, labels and the names of your tokens — in
            one JSON file, or your tasks as an iCalendar file that calendar and task apps can import.</p>
            <p class="export-links">
            <a class="button" href="/settings/export?format=json" download>Download everything (JSON)</a>
            <a class="button" href="/settings/export?format=ics" download>Download tasks (ICS)</a>
            <a class="button" href="/settings/export?format=csv" download>Download tasks (CSV)</a></p>
            <p><a href="/import">Import tasks from Todoist, Taskwarrior or an iCalendar file</a></p>
            <h3>Sign out everywhere</h3>
            <p>Ends every session, access token and app password of your account, this browser's included.</p>
            <form method="post" action="/signout/everywhere" data-confirm="\(TokensPage.signOutEverywhereQuestion)">
            \(csrf)<input type="hidden" name="back" value="/settings/account">
            <button type="submit" class="button">Sign out everywhere</button>
            </form>
            <h3 id="delete-heading">Delete your account</h3>
            <p>This deletes your account and everything in it — lists, tasks, labels, tokens — at once. It cannot be
            undone; export your data first if you may want it.</p>
            \(errors.summary)
            <form method="post" action="/settings/account/delete" class="settings-form danger-zone" \
            aria-labelledby="delete-heading" novalidate data-confirm-button="Delete my account" \
            data-confirm="Delete your account and everything in it? This cannot be undone.">
            \(csrf)
            \(password)
            <div class="field checkbox-field\(understood != nil ? " has-error" : "")"><label>\
            <input type="checkbox" name="understood" value="1"\(invalid)> \
            I understand that my account and everything in it are deleted for good</label>
            \(understood.map { HTML("<p class=\"field-error\" id=\"f-confirmed-error\">\($0)</p>") })</div>
            <button type="submit" class="button danger">Delete my account</button>
            </form>
            """
    }
}
