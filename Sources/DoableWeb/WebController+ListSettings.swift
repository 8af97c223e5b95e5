import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import DoableArt
import DoableHTTP

/// LIST-1..4 in the browser: the form that makes or edits a list, reordering, archiving and deleting. The page of
/// all lists is in `WebController+ManageLists.swift`, a list's own page (`GET /lists/{id}`) in
/// `WebController+Lists.swift`, its members in `WebController+Sharing.swift`.
extension WebController {
    func addListSettingsRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("lists") { _, context in try await manageListsPage(context) }
        web.get("lists/new") { _, context in
            _ = try member(context)
            let form = FormData(pairs: [("color", "blue")])
            return try await listFormPage(context, view: nil, form: form, errors: FormErrors())
        }
        web.post("lists") { _, context in try await saveList(context, id: nil) }
        web.get("lists/{id}/edit") { _, context in
            try await listSettingsPage(context, try await domain.tasks.list(try member(context), id: try context.pathID()))
        }
        web.post("lists/{id}") { _, context in try await saveList(context, id: try context.pathID()) }
        web.post("lists/{id}/archive") { _, context in try await archiveList(context) }
        web.post("lists/{id}/delete") { _, context in try await deleteList(context) }
        web.post("lists/{id}/move") { _, context in try await moveList(context) }
        addSharingRoutes(to: web)
    }

    /// `/lists/{id}/edit`: the list's form and its members for an admin or the owner; for anyone else the list
    /// and its members to read, and the way to leave it (COLLAB-1).
    func listSettingsPage(
        _ context: WebRequestContext, _ view: ListView, share: ShareForm = ShareForm(),
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard view.role < .admin else {
            return try await listFormPage(
                context, view: view, form: Self.listForm(view.list), errors: FormErrors(),
                share: share, status: status)
        }
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
                \(try await membersSection(context, view))
                </div>
                """, current: "list:\(list.id)")
        page.styles.append(ListColor.rule(for: list))
        page.status = status
        return try await self.page(page, context)
    }

    // MARK: The list form (LIST-1, LIST-2)

    static func listForm(_ list: TaskList) -> FormData {
        let color = ColorChooser.selection(for: list.color, among: Rules.listPalette)
        return FormData(pairs: [
            ("name", list.name), ("description", list.description), ("color", color.selected),
            ("customColor", color.custom), ("icon", list.icon ?? ""), ("version", String(list.version)),
        ])
    }

    private func listFormPage(
        _ context: WebRequestContext, view: ListView?, form: FormData, errors: FormErrors,
        share: ShareForm = ShareForm(), status: HTTPResponse.Status = .ok
    ) async throws
        -> Response
    {
        let list = view?.list
        var members = HTML.empty
        if let view { members = try await membersSection(context, view, share: share) }
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
                \(csrfField(context))\(version)
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
        page.status = status
        page.styles = color.styles
        return try await self.page(page, context)
    }

    private func saveList(_ context: WebRequestContext, id: ListID?) async throws -> Response {
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
        var current: ListView?
        if let id {
            let view = try await domain.tasks.list(identity, id: id)
            if view.role < .admin { _ = try await domain.authorize(identity, .manage, listID: id) }
            current = view
        }
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                if let id {
                    let version = form.version
                    let list = try await domain.tasks.updateList(identity, id: id, input, ifVersion: version)
                    return WebResponse.done(
                        context, redirect: "/lists/\(list.id)",
                        toast: Flash(message: "Saved '\(list.name)'."), forceRedirect: true)
                }
                let list = try await domain.tasks.createList(identity, input)
                return WebResponse.done(
                    context, redirect: "/lists/\(list.id)",
                    toast: Flash(message: "Created list '\(list.name)'."), forceRedirect: true)
            } catch let error as DoableError {
                status = error.httpStatus
                if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
                // A role too small (COLLAB-3) gets its own page, not a form it may not use.
                if case .forbidden = error { throw error }
                if case .conflict("version_mismatch", _, _) = error, let id {
                    let fresh = try await domain.tasks.list(identity, id: id)
                    var stale = FormErrors()
                    stale.general = Self.staleMessage
                    return try await listFormPage(
                        context, view: fresh, form: Self.listForm(fresh.list), errors: stale,
                        status: .conflict)
                }
                errors = FormErrors(error, fields: ["name", "description", "color", "icon"])
            }
        }
        return try await listFormPage(context, view: current, form: form, errors: errors, status: status)
    }

    // MARK: Archive, delete, move (LIST-2, LIST-3)

    private func archiveList(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let list = try await domain.tasks.list(identity, id: try context.pathID()).list
        let form = context.web.form
        // The form says which state it wants, so a second press (or a stale page) never flips it back.
        let archive = form.has("archived") ? form.isOn("archived") : !list.isArchived
        var input = ListInput()
        input.isArchived = archive
        let saved = try await domain.tasks.updateList(identity, id: list.id, input)
        let message = saved.isArchived ? "Archived '\(saved.name)'." : "Unarchived '\(saved.name)'."
        return WebResponse.done(
            context, redirect: Self.safeBack(form["back"], default: "/lists"),
            toast: Flash(message: message), focus: "manage-\(saved.id)")
    }

    private func deleteList(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await domain.tasks.list(identity, id: try context.pathID())
        let (list, count) = (view.list, view.openTaskCount)
        // Only the owner deletes (COLLAB-1): anyone else hears so before being asked.
        if view.role < .owner { _ = try await domain.authorize(identity, .own, listID: list.id) }
        // The Inbox is refused by the domain at once, without asking first.
        if !list.isInbox, !context.web.form.isOn("confirmed") {
            let message =
                count == 0
                ? "The list goes to the trash, where you can restore it for 30 days."
                : "The list and \(count == 1 ? "its open task" : "its \(count) open tasks") go to the trash, where "
                    + "you can restore them for 30 days."
            return try await confirmPage(
                context, title: "Delete '\(list.name)'?", message: message,
                action: "/lists/\(list.id)/delete", button: "Delete list")
        }
        try await domain.tasks.deleteList(identity, id: list.id)
        return WebResponse.done(
            context, redirect: "/lists",
            toast: Flash(
                message: "Deleted '\(list.name)'. It is in the trash for 30 days.",
                undo: UndoToken([.restoreList(list.id)]).encoded), forceRedirect: true)
    }

    /// `direction=up|down` (the buttons on /lists) moves a list past its neighbour in its own section (active or
    /// archived); `before={id}` or `after={id}` (the sidebar's drag and drop) puts it next to that list.
    private func moveList(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: ListID = try context.pathID()
        let form = context.web.form
        var before: ListID?, after: ListID?
        var focus: String?
        if let direction = form.text("direction") {
            let views = try await domain.tasks.lists(identity)
            guard let view = views.first(where: { $0.list.id == id }) else {
                throw DoableError.notFound("List not found.")
            }
            // Own lists and shared ones each keep their own order: a list moves among its own kind.
            let peers = views.filter {
                $0.list.isArchived == view.list.isArchived && ($0.role == .owner) == (view.role == .owner)
            }.map(\.list)
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
        let moved = try await domain.tasks.moveList(identity, id: id, beforeID: before, afterID: after)
        return WebResponse.done(
            context, redirect: Self.safeBack(form["back"], default: "/lists"),
            toast: Flash(message: "Moved '\(moved.name)'."), focus: focus)
    }

    private static func listID(_ form: FormData, _ name: String) throws -> ListID? {
        guard let text = form.text(name) else { return nil }
        guard let id = ListID(text) else { throw DoableError.notFound("List not found.", field: name) }
        return id
    }
}
