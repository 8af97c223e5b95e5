import DoableArt
/// NOTIF-2: the top bar's link to the notification centre with the unread count. The page's script
/// (`notify.js`) keeps the label and the badge current as notifications arrive.
enum NotificationBell {
    static func label(unread: Int) -> String { unread > 0 ? "Notifications, \(unread) unread" : "Notifications" }

    static func link(unread: Int, isCurrent: Bool) -> HTML {
        """
        <a id="bell" class="bell" href="/notifications" aria-label="\(label(unread: unread))"\(isCurrent ? HTML(" aria-current=\"page\"") : "")>\
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"/></svg>\
        <span class="bell-count" aria-hidden="true"\(attribute: "hidden", if: unread == 0)>\(unread > 99 ? "99+" : String(unread))</span></a>
        """
    }
}
