import DoableCore
import DoableDomain
import Foundation
import DoableMail

/// NOTIF-2: a queued notification as an email: plain text and HTML, a link back to the posting (MKT-8) and the task,
/// a link to snooze or silence a reminder, and an unsubscribe link for this kind of email (also as `List-Unsubscribe`, one click).
struct EmailComposer {
    let settings: DeliverySettings
    let linkKey: String

    func message(for delivery: Delivery, payload: DeliveryPayload, now: Timestamp) throws -> MailMessage {
        let kind = payload.notificationKind ?? .reminder
        let link = EmailLink(
            accountID: delivery.accountID, kind: kind, reminderID: payload.reminderID,
            expiresAt: now.adding(seconds: EmailLink.lifetimeSeconds))
        let base = settings.publicURL.hasSuffix("/") ? String(settings.publicURL.dropLast()) : settings.publicURL
        let manage = "\(base)/email/\(link.token(key: linkKey))"
        let unsubscribe = "\(manage)/unsubscribe"
        let postingURL = payload.postingID.map { "\(base)/market/postings/\($0)" }
        let taskURL = payload.taskID.map { "\(base)/tasks/\($0)" }
        let subject = kind == .reminder ? "Reminder: \(payload.title)" : payload.title
        var text = "\(payload.title)\n\(payload.body)\n"
        if let postingURL { text += "\nOpen the posting: \(postingURL)\n" }
        if let taskURL { text += "\(postingURL == nil ? "\n" : "")Open the task: \(taskURL)\n" }
        if payload.reminderID != nil { text += "Snooze or silence this reminder: \(manage)\n" }
        text += "\nStop these emails: \(unsubscribe)\n"
        var html =
            "<!doctype html><html><body style=\"font-family:sans-serif\">"
            + "<h1 style=\"font-size:18px\">\(EmailHTML.escape(payload.title))</h1><p>\(EmailHTML.escape(payload.body))</p>"
        if let postingURL { html += "<p><a href=\"\(EmailHTML.escape(postingURL))\">Open the posting</a></p>" }
        if let taskURL { html += "<p><a href=\"\(EmailHTML.escape(taskURL))\">Open the task</a></p>" }
        if payload.reminderID != nil {
            html += "<p><a href=\"\(EmailHTML.escape(manage))\">Snooze or silence this reminder</a></p>"
        }
        html +=
            "<p style=\"color:#555;font-size:12px\"><a href=\"\(EmailHTML.escape(unsubscribe))\">Stop these emails</a></p>"
            + "</body></html>"
        return MailMessage(
            from: try MailAddress(settings.mailFrom, displayName: "Doable"), to: try MailAddress(delivery.target),
            subject: subject, textBody: text, htmlBody: html,
            headers: [
                ("List-Unsubscribe", "<\(unsubscribe)>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
                ("X-Doable-Delivery", delivery.id.description),
            ],
            messageID: "<\(delivery.id)@doable>")
    }
}
