import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableArt
import DoableHTTP

/// NOTIF-2 and NOTIF-4 in the browser: the notification centre at `/notifications`, newest first, unread ones
/// marked. Opening one marks it read and goes to its posting, task or list; "Mark all read" clears the bell. The bell in
/// the top bar is `NotificationBell`; `notify.js` keeps it current and offers browser notifications.
extension WebController {
    func addNotificationRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("notifications") { _, context in try await notificationsPage(context) }
        web.post("notifications/read") { _, context in
            let identity = try member(context)
            try await domain.reminders.markNotificationsRead(identity, ids: nil)
            return WebResponse.done(
                context, redirect: "/notifications",
                toast: Flash(message: "Marked all notifications as read"))
        }
        web.post("notifications/{id}/open") { _, context in
            let identity = try member(context)
            let id: NotificationID = try context.pathID()
            try await domain.reminders.markNotificationsRead(identity, ids: [id])
            // The target came with the page; only a path on this site is followed.
            return WebResponse.redirect(Self.safeBack(context.web.form["to"], default: "/notifications"))
        }
    }

    private func notificationsPage(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let before = context.web.query["before"]
        let (notes, unread, next): ([AppNotification], Int, String?)
        do {
            (notes, unread, next) = try await domain.reminders.notifications(identity, before: before)
        } catch is DoableError {
            return WebResponse.redirect("/notifications")  // a cursor from nowhere: the newest page
        }
        let time = MemberTime(preferences: identity.account.preferences)
        let markAll: HTML =
            unread == 0
            ? ""
            : """
            <form method="post" action="/notifications/read" data-inplace>\(csrfField(context))\
            <button type="submit" class="button">Mark all read</button></form>
            """
        let list: HTML =
            notes.isEmpty
            ? """
            <p class="empty-state">No notifications yet. They tell you when someone shares a list with you, assigns you a \
            task or comments on yours, and about the bids, questions and reviews on your marketplace postings.</p>
            """
            : """
            <ol class="notification-list" aria-label="Notifications">\(notes.html { row($0, time: time, context: context) })</ol>
            """
        return try await page(
            WebPage(
                title: "Notifications",
                main: """
                    <div class="page-header"><h1>Notifications</h1>\(markAll)</div>
                    <p class="subtitle">\(unread == 0 ? "Nothing unread" : unread == 1 ? "1 unread" : "\(unread) unread")</p>
                    <p><button type="button" id="enable-notifications" class="button" hidden>Enable browser notifications</button></p>
                    \(list)
                    \(next.map { HTML("<p class=\"pager\"><a class=\"button\" href=\"/notifications?before=\(FormData.encode($0))\">Older notifications</a></p>") } ?? "")
                    """, current: "notifications"), context)
    }

    private func row(_ note: AppNotification, time: MemberTime, context: WebRequestContext) -> HTML {
        let target = Self.notificationTarget(note)
        let isUnread = note.readAt == nil
        return """
            <li class="notification\(isUnread ? " is-unread" : "")" id="notification-\(note.id)">
            <form method="post" action="/notifications/\(note.id)/open">\(csrfField(context))\
            <input type="hidden" name="to" value="\(target)">\
            <button type="submit" class="notification-title">\(isUnread ? HTML("<span class=\"visually-hidden\">Unread: </span>") : "")\(note.title)</button></form>
            \(note.body.isEmpty ? "" : HTML("<p class=\"notification-body\">\(note.body)</p>"))
            <p class="notification-meta">\(isUnread ? HTML("<span aria-hidden=\"true\">Unread · </span>") : "")\(time.agoElement(note.createdAt))</p>
            </li>
            """
    }

    /// Where opening a notification goes: a marketplace one (MKT-8) to its posting, else its task, else its list.
    static func notificationTarget(_ note: AppNotification) -> String {
        note.postingID.map { "/market/postings/\($0)" } ?? note.taskID.map { "/tasks/\($0)" }
            ?? note.listID.map { "/lists/\($0)" } ?? "/notifications"
    }
}
