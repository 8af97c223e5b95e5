import DoableCore
import DoableDomain
import DoableArt

/// LIST-4 and COLLAB-1: `/lists`, every list with its open count: the member's own, those shared with them (with
/// their role), and the archived ones, each with the actions the member's role allows.
struct ManageListsPage {
    var lists: [ListView]
    var csrf: HTML

    var page: WebPage {
        let active = lists.filter { !$0.list.isArchived && $0.role == .owner }
        let shared = lists.filter { !$0.list.isArchived && $0.role != .owner }
        let archived = lists.filter { $0.list.isArchived }
        func section(_ rows: [ListView]) -> HTML {
            rows.html { row in
                // Own and shared lists keep separate orders (the member's own order of the shared ones).
                let peers = rows.filter { ($0.role == .owner) == (row.role == .owner) }
                return manageRow(
                    row, isFirst: row.list.id == peers.first?.list.id,
                    isLast: row.list.id == peers.last?.list.id)
            }
        }
        let sharedSection: HTML =
            shared.isEmpty
            ? ""
            : """
            <h2 id="shared-heading">Shared with me</h2>
            <ol class="manage-lists" aria-labelledby="shared-heading">\(section(shared))</ol>
            """
        let archivedList: HTML =
            archived.isEmpty
            ? "<p>No archived lists. Archiving a list hides it from the sidebar and keeps its tasks.</p>"
            : "<ol class=\"manage-lists\" aria-labelledby=\"archived-heading\">\(section(archived))</ol>"
        var page = WebPage(
            title: "Lists",
            main: """
                <h1>Lists</h1>
                <p><a class="button primary" href="/lists/new">New list</a></p>
                <h2 id="active-heading">Your lists</h2>
                <ol class="manage-lists" aria-labelledby="active-heading">\(section(active))</ol>
                \(sharedSection)
                <h2 id="archived-heading">Archived</h2>
                \(archivedList)
                """)
        page.styles = Swatch.rules(lists.map(\.list.color))
        return page
    }

    private func manageRow(_ view: ListView, isFirst: Bool, isLast: Bool) -> HTML {
        let (list, count, role) = (view.list, view.openTaskCount, view.role)
        let name = list.name
        let up: HTML =
            isFirst
            ? ""
            : """
            <button type="submit" id="move-up-\(list.id)" name="direction" value="up" \
            aria-label="Move up: \(name)">Move up</button>
            """
        let down: HTML =
            isLast
            ? ""
            : """
            <button type="submit" id="move-down-\(list.id)" name="direction" value="down" \
            aria-label="Move down: \(name)">Move down</button>
            """
        let move: HTML =
            isFirst && isLast
            ? ""
            : """
            <form method="post" action="/lists/\(list.id)/move" class="inline-form" data-inplace>\
            \(csrf)\(up)\(down)</form>
            """
        let verb = list.isArchived ? "Unarchive" : "Archive"
        let icon = list.icon.map { HTML("<span class=\"list-icon\" aria-hidden=\"true\">\($0)</span> ") }
        let archiveForm: HTML =
            role < .admin
            ? ""
            : """
            <form method="post" action="/lists/\(list.id)/archive" class="inline-form" data-inplace>\(csrf)
            <input type="hidden" name="archived" value="\(list.isArchived ? "0" : "1")">
            <button type="submit" aria-label="\(verb) '\(name)'">\(verb)</button></form>
            """
        let deleteForm: HTML =
            role < .owner
            ? ""
            : """
            <form method="post" action="/lists/\(list.id)/delete" class="inline-form" data-inplace \
            data-confirm="Delete '\(name)' and its tasks? They go to the trash for 30 days.">\(csrf)
            <input type="hidden" name="back" value="/lists">
            <button type="submit" aria-label="Delete '\(name)'">Delete</button></form>
            """
        let archive: HTML = list.isInbox ? "" : archiveForm + deleteForm
        // docs/design.md: one visible action per row (Edit); moving, archiving and deleting wait in its menu.
        let menuItems = move + archive
        let menu: HTML =
            menuItems.isEmpty
            ? ""
            : """
            <details class="task-menu"><summary aria-label="Actions for '\(name)'">\(Icon.more.html)</summary>
            <div class="menu-items">\(menuItems)</div></details>
            """
        let edit: HTML =
            role >= .admin
            ? "<a class=\"button\" href=\"/lists/\(list.id)/edit\" aria-label=\"Edit '\(name)'\">Edit</a>"
            : "<a class=\"button\" href=\"/lists/\(list.id)/edit#members\" aria-label=\"Members of '\(name)'\">Members</a>"
        let roleNote: HTML = role == .owner ? "" : " <span class=\"list-role\">\(role.rawValue)</span>"
        return """
            <li id="list-row-\(list.id)" class="manage-list">
            <a id="manage-\(list.id)" class="manage-list-name" href="/lists/\(list.id)">\
            \(Swatch.mark(list.color))\(icon)\(name)</a>\(roleNote)
            \(list.isInbox ? HTML("<span class=\"badge\">Inbox</span>") : "")
            <span class="count">\(count == 1 ? "1 open task" : "\(count) open tasks")</span>
            <div class="manage-actions">\(edit)\(menu)</div>
            </li>
            """
    }
}
