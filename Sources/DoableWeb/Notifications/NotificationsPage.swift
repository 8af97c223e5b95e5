import DoableArt
import DoableCore
import DoableDomain

/// NOTIF-2 and NOTIF-4: the notification centre, newest first, unread ones marked; each opens (and marks read) its
/// posting, task or list, and "Mark all read" clears the bell.
struct NotificationsPage {
    var notes: [AppNotification]
    var unread: Int
    /// The cursor of the next, older page.
    var next: String?
    var time: MemberTime
    var csrf: HTML

    var page: WebPage {
        let markAll: HTML =
            unread == 0
            ? ""
            : """
            <form method="post" action="/notifications/read" data-inplace>\(csrf)\
            <button type="submit" class="button">Mark all read</button></form>
            """
        let list: HTML =
            notes.isEmpty
            ? """
            <p class="empty-state">No notifications yet. They tell you when someone shares a list with you, assigns you a \
            task or comments on yours, and about the bids, questions and reviews on your marketplace postings.</p>
            """
            : """
            <ol class="notification-list" aria-label="Notifications">\(notes.html { row($0) })</ol>
            """
        return WebPage(
            title: "Notifications",
            main: """
                <div class="page-header"><h1>Notifications</h1>\(markAll)</div>
                <p class="subtitle">\(unread == 0 ? "Nothing unread" : unread == 1 ? "1 unread" : "\(unread) unread")</p>
                <p><button type="button" id="enable-notifications" class="button" hidden>Enable browser notifications</button></p>
                \(list)
                \(next.map { HTML("<p class=\"pager\"><a class=\"button\" href=\"/notifications?before=\(FormData.encode($0))\">Older notifications</a></p>") } ?? "")
                """, current: "notifications")
    }

    private func row(_ note: AppNotification) -> HTML {
        let target = Self.target(note)
        let isUnread = note.readAt == nil
        return """
            <li class="notification\(isUnread ? " is-unread" : "")" id="notification-\(note.id)">
            <form method="post" action="/notifications/\(note.id)/open">\(csrf)\
            <input type="hidden" name="to" value="\(target)">\
            <button type="submit" class="notification-title">\(isUnread ? HTML("<span class=\"visually-hidden\">Unread: </span>") : "")\(note.title)</button></form>
            \(note.body.isEmpty ? "" : HTML("<p class=\"notification-body\">\(note.body)</p>"))
            <p class="notification-meta">\(isUnread ? HTML("<span aria-hidden=\"true\">Unread · </span>") : "")\(time.agoElement(note.createdAt))</p>
            </li>
            """
    }

    /// Where opening a notification goes: a marketplace one (MKT-8) to its posting, else its task, else its list.
    static func target(_ note: AppNotification) -> String {
        note.postingID.map { "/market/postings/\($0)" } ?? note.taskID.map { "/tasks/\($0)" }
            ?? note.listID.map { "/lists/\($0)" } ?? "/notifications"
    }
}
