import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird

/// LIST-1..4 in the browser: all lists (archived ones apart) with their open counts, reordering, archiving,
/// deleting, and the form that makes or edits a list. The list page itself (`GET /lists/{id}`) is in
/// `WebController+Lists.swift`.
extension WebController {
    func addListSettingsRoutes(to web: RouterGroup<AppRequestContext>) {
        web.get("lists") { _, context in try await manageListsPage(context) }
        web.get("lists/new") { _, context in
            _ = try member(context)
            let form = FormData(pairs: [("color", "blue")])
            return try await listFormPage(context, list: nil, form: form, errors: FormErrors())
        }
        web.post("lists") { _, context in try await saveList(context, id: nil) }
        web.get("lists/{id}/edit") { _, context in
            let list = try await domain.list(try member(context), id: try context.pathID()).list
            return try await listFormPage(context, list: list, form: Self.listForm(list), errors: FormErrors())
        }
        web.post("lists/{id}") { _, context in try await saveList(context, id: try context.pathID()) }
        web.post("lists/{id}/archive") { _, context in try await archiveList(context) }
        web.post("lists/{id}/delete") { _, context in try await deleteList(context) }
        web.post("lists/{id}/move") { _, context in try await moveList(context) }
    }

    private func manageListsPage(_ context: AppRequestContext) async throws -> Response {
        let identity = try member(context)
        let lists = try await domain.lists(identity)
        let active = lists.filter { !$0.list.isArchived }
        let archived = lists.filter { $0.list.isArchived }
        func section(_ rows: [ListView]) -> HTML {
            rows.enumerated().html { index, row in
                manageRow(row.list, count: row.openTaskCount, isFirst: index == 0, isLast: index == rows.count - 1, context: context)
            }
        }
        let archivedList: HTML = archived.isEmpty
            ? "<p>No archived lists. Archiving a list hides it from the sidebar and keeps its tasks.</p>"
            : "<ol class=\"manage-lists\" aria-labelledby=\"archived-heading\">\(section(archived))</ol>"
        var page = WebPage(title: "Lists", main: """
        <h1>Lists</h1>
        <p><a class="button primary" href="/lists/new">New list</a></p>
        <h2 id="active-heading">Your lists</h2>
        <ol class="manage-lists" aria-labelledby="active-heading">\(section(active))</ol>
        <h2 id="archived-heading">Archived</h2>
        \(archivedList)
        """)
        page.styles = Swatch.rules(lists.map(\.list.color))
        return try await self.page(page, context)
    }

    private func manageRow(_ list: TaskList, count: Int, isFirst: Bool, isLast: Bool,
                           context: AppRequestContext) -> HTML
    {
        let name = list.name
        let up: HTML = isFirst ? "" : """
        <button type="submit" id="move-up-\(list.id)" name="direction" value="up" class="button" \
        aria-label="Move up: \(name)">Move up</button>
        """
        let down: HTML = isLast ? "" : """
        <button type="submit" id="move-down-\(list.id)" name="direction" value="down" class="button" \
        aria-label="Move down: \(name)">Move down</button>
        """
        let move: HTML = isFirst && isLast ? "" : """
        <form method="post" action="/lists/\(list.id)/move" class="inline-form" data-inplace>\
        \(csrfField(context))\(up)\(down)</form>
        """
        let verb = list.isArchived ? "Unarchive" : "Archive"
        let icon = list.icon.map { HTML("<span class=\"list-icon\" aria-hidden=\"true\">\($0)</span> ") }
        let archive: HTML = list.isInbox ? "<span class=\"badge\">Inbox</span>" : """
        <form method="post" action="/lists/\(list.id)/archive" class="inline-form" data-inplace>\(csrfField(context))
        <input type="hidden" name="archived" value="\(list.isArchived ? "0" : "1")">
        <button type="submit" class="button" aria-label="\(verb) '\(name)'">\(verb)</button></form>
        <form method="post" action="/lists/\(list.id)/delete" class="inline-form" data-inplace \
        data-confirm="Delete '\(name)' and its tasks? They go to the trash for 30 days.">\(csrfField(context))
        <input type="hidden" name="back" value="/lists">
        <button type="submit" class="button danger" aria-label="Delete '\(name)'">Delete</button></form>
        """
        return """
        <li id="list-row-\(list.id)" class="manage-list">
        <a id="manage-\(list.id)" class="manage-list-name" href="/lists/\(list.id)">\
        \(Swatch.mark(list.color))\(icon)\(name)</a>
        <span class="count">\(count == 1 ? "1 open task" : "\(count) open tasks")</span>
        <div class="manage-actions">\(move)
        <a class="button" href="/lists/\(list.id)/edit" aria-label="Edit '\(name)'">Edit</a>
        \(archive)</div>
        </li>
        """
    }

    // MARK: The list form (LIST-1, LIST-2)

    static func listForm(_ list: TaskList) -> FormData {
        let color = ColorChooser.selection(for: list.color, among: Rules.listPalette)
        return FormData(pairs: [
            ("name", list.name), ("description", list.description), ("color", color.selected),
            ("customColor", color.custom), ("icon", list.icon ?? ""), ("version", String(list.version)),
        ])
    }

    private func listFormPage(_ context: AppRequestContext, list: TaskList?, form: FormData, errors: FormErrors,
                              status: HTTPResponse.Status = .ok) async throws -> Response
    {
        let color = ColorChooser(
            name: "color", legend: "Colour", choices: Rules.listPalette.map { ($0, Swatch.name($0)) },
            selected: form["color"] ?? "", customName: "customColor", customValue: form["customColor"] ?? "",
            error: errors.byField["color"])
        let isInbox = list?.isInbox == true
        let name = Field.input("name", label: "Name", value: form["name"],
                               hint: isInbox ? "The Inbox keeps its name." : "1 to 50 characters, not the name of "
                                   + "another of your lists.", required: true, errors: errors,
                               extra: " maxlength=\"50\" autocomplete=\"off\"\(attribute: "readonly", if: isInbox)")
        let description = Field.textarea("description", label: "Description", value: form["description"],
                                         hint: "Up to 500 characters.", errors: errors, rows: 3)
        let icon = Field.input("icon", label: "Icon", value: form["icon"], hint: "One emoji, like 🛒.",
                               errors: errors, extra: " autocomplete=\"off\" maxlength=\"16\"")
        let version: HTML = list == nil ? ""
            : "<input type=\"hidden\" name=\"version\" value=\"\(form["version"] ?? "")\">"
        let title = list.map { "Edit '\($0.name)'" } ?? "New list"
        let action = list.map { "/lists/\($0.id)" } ?? "/lists"
        let cancel = list.map { "/lists/\($0.id)" } ?? "/lists"
        var page = WebPage(title: title, main: """
        <div class="narrow">
        <h1>\(title)</h1>
        \(errors.summary)
        <form method="post" action="\(action)" class="settings-form list-form" novalidate>
        \(csrfField(context))\(version)
        \(name)
        \(description)
        \(color.html)
        \(icon)
        <button type="submit" class="button primary">\(list == nil ? "Create list" : "Save")</button>
        <a class="button" href="\(cancel)">Cancel</a>
        </form>
        </div>
        """, current: list.map { "list:\($0.id)" })
        page.status = status
        page.styles = color.styles
        return try await self.page(page, context)
    }

    private func saveList(_ context: AppRequestContext, id: ListID?) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        var input = ListInput()
        input.name = form["name"] ?? ""
        input.description = form["description"] ?? ""
        input.icon = .some(form.text("icon"))
        var errors = FormErrors()
        if let color = ColorChooser.chosen(form, name: "color", customName: "customColor") {
            input.color = color
        } else {
            errors.byField["color"] = "Enter a custom colour as #RRGGBB, or choose one of the colours."
        }
        var current: TaskList?
        if let id { current = try await domain.list(identity, id: id).list }
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                if let id {
                    let version = form.text("version").flatMap(Int64.init)
                    let list = try await domain.updateList(identity, id: id, input, ifVersion: version)
                    return WebResponse.done(context, redirect: "/lists/\(list.id)",
                                            toast: Flash(message: "Saved '\(list.name)'."), forceRedirect: true)
                }
                let list = try await domain.createList(identity, input)
                return WebResponse.done(context, redirect: "/lists/\(list.id)",
                                        toast: Flash(message: "Created list '\(list.name)'."), forceRedirect: true)
            } catch let error as DoableError {
                status = error.httpStatus
                if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
                if case .conflict("version_mismatch", _, _) = error, let id {
                    let fresh = try await domain.list(identity, id: id).list
                    var stale = FormErrors()
                    stale.general = Self.staleMessage
                    return try await listFormPage(context, list: fresh, form: Self.listForm(fresh), errors: stale,
                                                  status: .conflict)
                }
                errors = FormErrors(error, fields: ["name", "description", "color", "icon"])
            }
        }
        return try await listFormPage(context, list: current, form: form, errors: errors, status: status)
    }

    // MARK: Archive, delete, move (LIST-2, LIST-3)

    private func archiveList(_ context: AppRequestContext) async throws -> Response {
        let identity = try member(context)
        let list = try await domain.list(identity, id: try context.pathID()).list
        let form = context.web.form
        // The form says which state it wants, so a second press (or a stale page) never flips it back.
        let archive = form.has("archived") ? form.isOn("archived") : !list.isArchived
        var input = ListInput()
        input.isArchived = archive
        let saved = try await domain.updateList(identity, id: list.id, input)
        let message = saved.isArchived ? "Archived '\(saved.name)'." : "Unarchived '\(saved.name)'."
        return WebResponse.done(context, redirect: Self.safeBack(form["back"], default: "/lists"),
                                toast: Flash(message: message), focus: "manage-\(saved.id)")
    }

    private func deleteList(_ context: AppRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await domain.list(identity, id: try context.pathID())
        let (list, count) = (view.list, view.openTaskCount)
        // The Inbox is refused by the domain at once, without asking first.
        if !list.isInbox, !context.web.form.isOn("confirmed") {
            let message = count == 0 ? "The list goes to the trash, where you can restore it for 30 days."
                : "The list and \(count == 1 ? "its open task" : "its \(count) open tasks") go to the trash, where "
                    + "you can restore them for 30 days."
            return try await confirmPage(context, title: "Delete '\(list.name)'?", message: message,
                                         action: "/lists/\(list.id)/delete", button: "Delete list")
        }
        try await domain.deleteList(identity, id: list.id)
        return WebResponse.done(context, redirect: "/lists", toast: Flash(
            message: "Deleted '\(list.name)'. It is in the trash for 30 days.",
            undo: UndoToken([.restoreList(list.id)]).encoded), forceRedirect: true)
    }

    /// `direction=up|down` (the buttons on /lists) moves a list past its neighbour in its own section (active or
    /// archived); `before={id}` or `after={id}` (the sidebar's drag and drop) puts it next to that list.
    private func moveList(_ context: AppRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: ListID = try context.pathID()
        let form = context.web.form
        var before: ListID?, after: ListID?
        var focus: String?
        if let direction = form.text("direction") {
            let lists = try await domain.lists(identity).map(\.list)
            guard let list = lists.first(where: { $0.id == id }) else { throw DoableError.notFound("List not found.") }
            let peers = lists.filter { $0.isArchived == list.isArchived }
            let index = peers.firstIndex { $0.id == id } ?? 0
            switch direction {
            case "up" where index > 0:
                before = peers[index - 1].id
                focus = index - 1 == 0 ? "move-down-\(id)" : "move-up-\(id)"
            case "down" where index + 1 < peers.count:
                after = peers[index + 1].id
                focus = index + 2 == peers.count ? "move-up-\(id)" : "move-down-\(id)"
            case "up", "down":
                return WebResponse.done(context, redirect: "/lists")
            default:
                throw DoableError.invalid("direction", "Move a list up or down.")
            }
        } else {
            before = try Self.listID(form, "before")
            after = try Self.listID(form, "after")
        }
        let moved = try await domain.moveList(identity, id: id, beforeID: before, afterID: after)
        return WebResponse.done(context, redirect: Self.safeBack(form["back"], default: "/lists"),
                                toast: Flash(message: "Moved '\(moved.name)'."), focus: focus)
    }

    private static func listID(_ form: FormData, _ name: String) throws -> ListID? {
        guard let text = form.text(name) else { return nil }
        guard let id = ListID(text) else { throw DoableError.notFound("List not found.", field: name) }
        return id
    }
}
