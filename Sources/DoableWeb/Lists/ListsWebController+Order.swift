import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// LIST-2 and LIST-3 in the browser: archiving, deleting and reordering lists.
extension ListsWebController {
    func archiveList(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let list = try await tasks.list(identity, id: try context.pathID()).list
        let form = context.web.form
        // The form says which state it wants, so a second press (or a stale page) never flips it back.
        let archive = form.has("archived") ? form.isOn("archived") : !list.isArchived
        var input = ListInput()
        input.isArchived = archive
        let saved = try await tasks.updateList(identity, id: list.id, input)
        let message = saved.isArchived ? "Archived '\(saved.name)'." : "Unarchived '\(saved.name)'."
        return WebResponse.done(
            context, redirect: Self.safeBack(form["back"], default: "/lists"),
            toast: Flash(message: message), focus: "manage-\(saved.id)")
    }

    func deleteList(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await tasks.list(identity, id: try context.pathID())
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
        try await tasks.deleteList(identity, id: list.id)
        return WebResponse.done(
            context, redirect: "/lists",
            toast: Flash(
                message: "Deleted '\(list.name)'. It is in the trash for 30 days.",
                undo: UndoToken([.restoreList(list.id)]).encoded), forceRedirect: true)
    }

    /// `direction=up|down` (the buttons on /lists) moves a list past its neighbour in its own section (active or
    /// archived); `before={id}` or `after={id}` (the sidebar's drag and drop) puts it next to that list.
    func moveList(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: ListID = try context.pathID()
        let form = context.web.form
        var before: ListID?, after: ListID?
        var focus: String?
        if let direction = form.text("direction") {
            let views = try await tasks.lists(identity)
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
        let moved = try await tasks.moveList(identity, id: id, beforeID: before, afterID: after)
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
