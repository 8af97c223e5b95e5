import DoableDomain
import DoableArt

/// The places the sidebar links to. A later feature (the marketplace, the game, notifications) adds its page here
/// and its routes in a `WebController+Area.swift`; the skeleton needs no other change.
struct NavItem: Sendable {
    /// What `WebPage.current` names to mark the link as the current page.
    let key: String
    let href: String
    let icon: Icon
    /// The link's content: its name, and for some a badge (the marketplace's unseen bids, MKT-8).
    let title: HTML
}

enum WebNavigation {
    /// The views in the order the sidebar lists them; the Marketplace link carries the count of unseen bids of
    /// this request (`MarketBadge`).
    static var views: [NavItem] {
        var items = fixedViews
        items.insert(MarketBadge.navItem, at: items.firstIndex { $0.key == "search" } ?? items.endIndex)
        if let game = GameNav.navItem { items.insert(game, at: items.firstIndex { $0.key == "search" } ?? items.endIndex) }
        return items
    }

    private static let fixedViews: [NavItem] = [
        NavItem(key: "today", href: "/today", icon: .today, title: "Today"),
        NavItem(key: "upcoming", href: "/upcoming", icon: .upcoming, title: "Upcoming"),
        NavItem(key: "overdue", href: "/overdue", icon: .overdue, title: "Overdue"),
        NavItem(key: "assigned", href: "/assigned", icon: .assigned, title: "Assigned to me"),
        NavItem(key: "calendar", href: "/calendar", icon: .calendar, title: "Calendar"),
        NavItem(key: "completed", href: "/completed", icon: .completed, title: "Completed"),
        NavItem(key: "stats", href: "/stats", icon: .stats, title: "Statistics"),
        NavItem(key: "search", href: "/search", icon: .search, title: "Search"),
        NavItem(key: "labels", href: "/labels", icon: .labels, title: "Labels"),
        NavItem(key: "trash", href: "/trash", icon: .trash, title: "Trash"),
    ]
}
