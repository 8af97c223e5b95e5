import DoableCore
import DoableDomain
import DoableArt

/// The sidebar every page shares: the views, the member's own lists, then the lists others shared with them
/// (COLLAB-1). `#nav-lists` and `#nav-shared` are what a refresh in place swaps, so `#nav-shared` is there even
/// while empty: a list shared later appears in it without a reload.
struct WebSidebar {
    let lists: [ListView]
    /// What `WebPage.current` names.
    let current: String?

    var html: HTML {
        let viewLinks = WebNavigation.views.html { item in
            "<li><a href=\"\(item.href)\"\(currentMark(item.key == current))>\(item.icon.html)\(item.title)</a></li>"
        }
        let live = lists.filter { !$0.list.isArchived }
        let own = live.filter { $0.role == .owner }
        let shared = live.filter { $0.role != .owner }
        let sharedGroup: HTML =
            shared.isEmpty
            ? ""
            : """
            <h2 class="nav-heading" id="nav-shared-heading">Shared with me</h2>
            <ul class="nav-shared-lists" aria-labelledby="nav-shared-heading">\(shared.html(link))</ul>
            """
        return """
            <nav id="sidebar" aria-label="Main">
            <ul id="nav-views">\(viewLinks)</ul>
            <h2 class="nav-heading">Lists</h2>
            <ul id="nav-lists">\(own.html(link))</ul>
            <div id="nav-shared">\(sharedGroup)</div>
            <p class="nav-actions"><a href="/lists/new">\(Icon.plus.html)New list</a> <a href="/lists">\(Icon.lists.html)Manage lists</a></p>
            </nav>
            """
    }

    /// One list: own lists others share say so; a list shared with the member names their role.
    private func link(_ view: ListView) -> HTML {
        let (list, count) = (view.list, view.openTaskCount)
        let countLabel = count == 1 ? "1 open task" : "\(count) open tasks"
        let others = view.memberCount - 1
        var note = HTML.empty
        var title = HTML.empty
        if view.role != .owner {
            note = "<span class=\"list-role\">\(view.role.rawValue)</span>"
            title = " title=\"\(list.name) · \(view.role.rawValue)\""
        } else if others > 0 {
            note = "<span class=\"shared-mark\">shared</span>"
            title = " title=\"Shared with \(others == 1 ? "1 person" : "\(others) people")\""
        }
        return """
            <li data-list-id="\(list.id)"><a href="/lists/\(list.id)" class="list-link lc-\(list.id)" data-list-id="\(list.id)" draggable="true"\(title)\(currentMark(current == "list:\(list.id)"))><span class="list-dot" aria-hidden="true"></span>\(list.icon.map { HTML("<span class=\"list-icon\" aria-hidden=\"true\">\($0)</span>") })<span class="list-name">\(list.name)</span> \(note)<span class="count" aria-label="\(countLabel)">\(count)</span></a></li>
            """
    }

    private func currentMark(_ isCurrent: Bool) -> HTML { isCurrent ? " aria-current=\"page\"" : "" }
}
