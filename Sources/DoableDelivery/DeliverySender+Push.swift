import AsyncHTTPClient
import DoableCore
import DoableDomain
import Foundation
import NIOCore
import NIOHTTP1

/// REACH-3: one push to one device (RFC 8030): the message encrypted to the device (RFC 8291), signed for its push
/// service with the server's VAPID key (RFC 8292), with how long the push service may hold it (`TTL`) and how soon
/// it matters (`Urgency`). The push service's answer decides what happens next: gone (404, 410) removes the device,
/// too many (429) and its own failures (5xx) are tried again with backoff, any other refusal is final.
extension DeliverySender {
    /// What the service worker shows: the title, the body ("Due today at 17:00"), the page to open, and for a
    /// reminder the signed links behind its "Done" and "Snooze 1 h" buttons (the email links' tokens, which work
    /// without a session).
    struct PushNotice: Encodable {
        var title: String
        var body: String
        var url: String
        var tag: String
        var kind: String
        var done: String?
        var snooze: String?
    }

    static func notice(for delivery: Delivery, payload: DeliveryPayload, linkKey: String, now: Timestamp) -> PushNotice {
        var notice = PushNotice(
            title: payload.title, body: payload.body,
            url: payload.taskID.map { "/tasks/\($0)" } ?? payload.postingID.map { "/market/\($0)" } ?? "/notifications",
            tag: payload.reminderID.map { "reminder-\($0)" } ?? delivery.id.description, kind: payload.kind)
        if let reminder = payload.reminderID, payload.taskID != nil {
            let token = EmailLink(
                accountID: delivery.accountID, kind: .reminder, reminderID: reminder,
                expiresAt: now.adding(seconds: EmailLink.lifetimeSeconds)
            ).token(key: linkKey)
            notice.done = "/email/\(token)/done"
            notice.snooze = "/email/\(token)/snooze"
        }
        return notice
    }

    func push(
        _ delivery: Delivery, to recipient: Recipient, payload: DeliveryPayload, client: OutgoingHTTP, linkKey: String
    ) async throws -> ReminderService.DeliveryOutcome {
        guard let device = recipient.device else { throw DeliveryFailure.permanent("The device was removed.") }
        guard let key = recipient.pushKey, let endpoint = URL(string: device.endpoint) else {
            throw DeliveryFailure.permanent("The push could not be signed.")
        }
        let notice = Self.notice(for: delivery, payload: payload, linkKey: linkKey, now: .now)
        let body: WebPushMessage
        do {
            body = try WebPushMessage(
                plaintext: try JSONEncoder().encode(notice), p256dh: device.p256dh, auth: device.auth)
        } catch {
            throw DeliveryFailure.permanent("The push could not be encrypted for this device: \(error)")
        }
        var request = HTTPClientRequest(url: device.endpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "User-Agent", value: "Doable-Push/1")
        let isReminder = payload.reminderID != nil
        // A reminder matters for a day and now; anything else may wait for the phone's next wake-up.
        request.headers.add(name: "TTL", value: isReminder ? "86400" : "604800")
        request.headers.add(name: "Urgency", value: isReminder ? "high" : "normal")
        request.headers.add(
            name: "Authorization",
            value: try key.authorization(endpoint: endpoint, subject: vapidSubject, now: Date()))
        request.body = .bytes(ByteBuffer(bytes: Array(body.body)))
        switch await post(request, client: client, receiver: "push service") {
        case .failed(let outcome): return outcome
        case .status(let code) where code == 404 || code == 410:
            try? await domain.reminders.forgetPushSubscription(id: device.id)
            return .permanent("HTTP \(code): the device no longer takes pushes and was removed")
        case .status(let code): return Self.outcome(ofStatus: code, receiver: "push service")
        }
    }

    /// RFC 8292's contact: the server's public address when it is https, else the sender address of its emails.
    var vapidSubject: String {
        settings.publicURL.hasPrefix("https://") ? settings.publicURL : "mailto:\(settings.mailFrom)"
    }
}
