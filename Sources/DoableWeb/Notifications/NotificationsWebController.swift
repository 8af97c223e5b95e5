import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// NOTIF-2 and NOTIF-4 in the browser: the notification centre at `/notifications` (`NotificationsPage`). Opening
/// one marks it read and goes to its posting, task or list; "Mark all read" clears the bell. The bell in the top bar
/// is `NotificationBell`; `notify.js` keeps it current and offers browser notifications.
struct NotificationsWebController: WebArea {
    let shell: WebShell
    let reminders: ReminderService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("notifications") { _, context in try await notificationsPage(context) }
        web.post("notifications/read") { _, context in
            let identity = try member(context)
            try await reminders.markNotificationsRead(identity, ids: nil)
            return WebResponse.done(
                context, redirect: "/notifications",
                toast: Flash(message: "Marked all notifications as read"))
        }
        web.post("notifications/{id}/open") { _, context in
            let identity = try member(context)
            let id: NotificationID = try context.pathID()
            try await reminders.markNotificationsRead(identity, ids: [id])
            // The target came with the page; only a path on this site is followed.
            return WebResponse.redirect(Self.safeBack(context.web.form["to"], default: "/notifications"))
        }
    }

    private func notificationsPage(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let before = context.web.query["before"]
        let (notes, unread, next): ([AppNotification], Int, String?)
        do {
            (notes, unread, next) = try await reminders.notifications(identity, before: before)
        } catch is DoableError {
            return WebResponse.redirect("/notifications")  // a cursor from nowhere: the newest page
        }
        let content = NotificationsPage(
            notes: notes, unread: unread, next: next, time: MemberTime(preferences: identity.account.preferences),
            csrf: csrfField(context))
        return try await page(content.page, context)
    }
}
