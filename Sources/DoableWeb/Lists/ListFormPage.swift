import DoableCore
import DoableDomain
import DoableArt

/// LIST-1 and LIST-2: the form that makes a list (`list` nil) or edits one, with its members below for an admin or
/// the owner.
struct ListFormPage {
    var list: TaskList?
    var form: FormData
    var errors: FormErrors
    /// The Members section (`MembersSection`), empty for a new list.
    var members: HTML
    var csrf: HTML

    /// The form's values for `list` as it is stored.
    static func form(_ list: TaskList) -> FormData {
        let color = ColorChooser.selection(for: list.color, among: Rules.listPalette)
        return FormData(pairs: [
            ("name", list.name), ("description", list.description), ("color", color.selected),
            ("customColor", color.custom), ("icon", list.icon ?? ""), ("version", String(list.version)),
        ])
    }

    var page: WebPage {
        let color = ColorChooser(
            name: "color", legend: "Colour", choices: Rules.listPalette.map { ($0, Swatch.name($0)) },
            selected: form["color"] ?? "", customName: "customColor", customValue: form["customColor"] ?? "",
            error: errors.byField["color"])
        let isInbox = list?.isInbox == true
        let name = Field.input(
            "name", label: "Name", value: form["name"],
            hint: isInbox
                ? "The Inbox keeps its name."
                : "1 to 50 characters, not the name of "
                    + "another of your lists.", required: true, errors: errors,
            extra: " maxlength=\"50\" autocomplete=\"off\"\(attribute: "readonly", if: isInbox)")
        let description = Field.textarea(
            "description", label: "Description", value: form["description"],
            hint: "Up to 500 characters.", errors: errors, rows: 3)
        let icon = Field.input(
            "icon", label: "Icon", value: form["icon"], hint: "One emoji, like 🛒.",
            errors: errors, extra: " autocomplete=\"off\" maxlength=\"16\"")
        let version: HTML =
            list == nil
            ? ""
            : "<input type=\"hidden\" name=\"version\" value=\"\(form["version"] ?? "")\">"
        let title = list.map { "Edit '\($0.name)'" } ?? "New list"
        let action = list.map { "/lists/\($0.id)" } ?? "/lists"
        let cancel = list.map { "/lists/\($0.id)" } ?? "/lists"
        var page = WebPage(
            title: title,
            main: """
                <div class="narrow">
                <h1>\(title)</h1>
                \(errors.summary)
                <form method="post" action="\(action)" class="settings-form list-form" novalidate>
                \(csrf)\(version)
                \(name)
                \(description)
                \(color.html)
                \(icon)
                <button type="submit" class="button primary">\(list == nil ? "Create list" : "Save")</button>
                <a class="button" href="\(cancel)">Cancel</a>
                </form>
                \(members)
                </div>
                """, current: list.map { "list:\($0.id)" })
        page.styles = color.styles
        return page
    }
}

/// COLLAB-1: `/lists/{id}/edit` for a member who is not an admin: the list and its members to read, and the way to
/// leave it.
struct ListMembersPage {
    var view: ListView
    /// The Members section (`MembersSection`).
    var members: HTML

    var page: WebPage {
        let list = view.list
        var page = WebPage(
            title: list.name,
            main: """
                <div class="narrow">
                <div class="list-header lc-\(list.id)">
                <h1><span class="list-dot" aria-hidden="true"></span>\(list.name)</h1>
                <p class="subtitle">You are \(ListRoleWords.withArticle(view.role)) of this list. Its owner and admins change \
                its settings and members.</p>
                \(list.description.isEmpty ? "" : HTML("<p class=\"list-description\">\(list.description)</p>"))
                <p><a class="button" href="/lists/\(list.id)">Back to the list</a></p>
                </div>
                \(members)
                </div>
                """, current: "list:\(list.id)")
        page.styles.append(ListColor.rule(for: list))
        return page
    }
}
