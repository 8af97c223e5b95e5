import DoableArt
/// NOTIF-2: the top bar's link to the notification centre with the unread count. The page's script
/// (`notify.js`) keeps the label and the badge current as notifications arrive.
enum NotificationBell {
    static func label(unread: Int) -> String { unread > 0 ? "Notifications, \(unread) unread" : "Notifications" }

    static func link(unread: Int, isCurrent: Bool) -> HTML {
        """
        <a id="bell" class="bell icon-button" href="/notifications" aria-label="\(label(unread: unread))"\(isCurrent ? HTML(" aria-current=\"page\"") : "")>\
        \(Icon.bell.html)\
        <span class="bell-count" aria-hidden="true"\(attribute: "hidden", if: unread == 0)>\(unread > 99 ? "99+" : String(unread))</span></a>
        """
    }
}
