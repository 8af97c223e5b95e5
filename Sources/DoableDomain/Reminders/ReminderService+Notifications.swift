public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// NOTIF-2 and NOTIF-4: the in-app notification centre. Notifications are written in the batch of the change they
/// tell of, with a feed entry for their recipient, so the recipient's open pages hear of them at once.
extension ReminderService {
    /// How many notifications the centre keeps listing at most per request.
    public static let notificationPageLimit = 100

    /// What tells `recipient` of something, by the channels it chose for this kind (NOTIF-2): the in-app entry, an
    /// email, a POST to each of its webhooks subscribed to the event and a push to each of its devices, all queued in the batch of the change. Nothing
    /// for the one acting, or for a disabled account.
    func notification(
        to recipient: AccountID, _ kind: AppNotification.Kind, title: String, body: String,
        task: TaskID? = nil, list: ListID? = nil, posting: PostingID? = nil, by identity: Identity
    )
        async throws
        -> [WriteBatch.Operation]
    {
        guard recipient != identity.account.id, let account = try await store.account(id: recipient) else { return [] }
        let channels = account.preferences.notificationChannels.channels(for: kind)
        let hooks = channels.webhook ? try await store.webhooks(accountIDs: [recipient]) : []
        let devices = channels.push ? try await store.pushSubscriptions(accountIDs: [recipient]) : []
        return notificationOperations(
            to: account, kind, title: title, body: body, task: task, list: list, posting: posting,
            actor: identity.account.id,
            channels: channels, webhooks: hooks, pushDevices: devices, now: clock())
    }

    /// The operations of one notification, with every read done: `channels` already narrowed (quiet hours).
    func notificationOperations(
        to account: Account, _ kind: AppNotification.Kind, title: String, body: String, task: TaskID?, list: ListID?,
        reminder: ReminderID? = nil, posting: PostingID? = nil, actor: AccountID?, channels: Preferences.ChannelSet,
        webhooks: [Webhook], pushDevices: [PushSubscription] = [], isSilent: Bool = false, now: Timestamp
    ) -> [WriteBatch.Operation] {
        guard !account.isDisabled else { return [] }
        let title = String(title.prefix(300)), body = String(body.prefix(500))
        var operations: [WriteBatch.Operation] = []
        if channels.inApp {
            operations.append(
                .putNotification(
                    AppNotification(
                        id: .make(at: now), accountID: account.id, kind: kind, title: title, body: body, taskID: task,
                        listID: list, postingID: posting, actorID: actor, createdAt: now, isSilent: isSilent)))
        }
        let event = WebhookEvent(notification: kind)
        let payload = DeliveryPayload(
            kind: kind.rawValue, title: title, body: body, taskID: task, listID: list,
            reminderID: reminder, postingID: posting, notificationKind: kind, at: now)
        if channels.email {
            operations.append(
                .enqueueDelivery(
                    Delivery(
                        id: .make(at: now), accountID: account.id, channel: .email, target: account.email,
                        event: event.rawValue, payload: Self.encoded(payload), nextAttemptAt: now, createdAt: now)))
        }
        if channels.webhook {
            for hook in webhooks where hook.accountID == account.id && hook.events.contains(event) {
                operations.append(
                    .enqueueDelivery(
                        Delivery(
                            id: .make(at: now), accountID: account.id, channel: .webhook, target: hook.id.description,
                            event: event.rawValue, payload: Self.encoded(payload), nextAttemptAt: now, createdAt: now)))
            }
        }
        if channels.push {
            // REACH-3: one push per device, each encrypted to that device when it is sent.
            for device in pushDevices where device.accountID == account.id {
                operations.append(
                    .enqueueDelivery(
                        Delivery(
                            id: .make(at: now), accountID: account.id, channel: .push, target: device.id.description,
                            event: event.rawValue, payload: Self.encoded(payload), nextAttemptAt: now, createdAt: now)))
            }
        }
        return operations
    }

    static func encoded(_ payload: DeliveryPayload) -> String {
        String(decoding: (try? JSONEncoder().encode(payload)) ?? Data(), as: UTF8.self)
    }

    /// The caller's notifications, newest first, a page at a time, and how many are unread. `before` is the
    /// `nextCursor` of the page before (issue 27, finding 7: older ones can be reached, not only the newest 100).
    public func notifications(
        _ identity: Identity, unreadOnly: Bool = false, before cursor: String? = nil,
        limit: Int = notificationPageLimit
    )
        async throws -> (notifications: [AppNotification], unreadCount: Int, nextCursor: String?)
    {
        let limit = max(1, min(limit, Self.notificationPageLimit))
        let before = try cursor.map(Self.parseNotificationCursor)
        async let items = store.notifications(
            accountID: identity.account.id, unreadOnly: unreadOnly, before: before,
            limit: limit + 1)
        async let unread = store.unreadNotificationCount(accountID: identity.account.id)
        var page = try await items
        var next: String?
        if page.count > limit {
            page.removeLast(page.count - limit)
            if let last = page.last { next = "\(last.createdAt.milliseconds):\(last.id)" }
        }
        return (page, try await unread, next)
    }

    static func parseNotificationCursor(_ text: String) throws -> (createdAt: Timestamp, id: NotificationID) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let milliseconds = Int64(parts[0]), let id = NotificationID(String(parts[1])) else {
            throw DoableError.invalid("before", "'before' must be a nextCursor this server gave out.")
        }
        return (Timestamp(milliseconds: milliseconds), id)
    }

    /// How many of the caller's notifications are unread (the web app's bell, on every page).
    public func unreadNotificationCount(_ identity: Identity) async throws -> Int {
        try await store.unreadNotificationCount(accountID: identity.account.id)
    }

    /// Marks the given notifications (or all) read; returns how many stay unread. An id that is not the caller's
    /// answers 404 and nothing is marked.
    @discardableResult
    public func markNotificationsRead(_ identity: Identity, ids: [NotificationID]?) async throws -> Int {
        try await perform(by: identity.account.id) {
            let now = clock()
            var batch = WriteBatch(now: now)
            var targets: [AppNotification] = []
            if let ids {
                for id in Set(ids) {
                    guard let note = try await store.notification(id: id), note.accountID == identity.account.id else {
                        throw DoableError.notFound("Notification \(id) not found.", field: "ids")
                    }
                    targets.append(note)
                }
            } else {
                targets = try await store.notifications(accountID: identity.account.id, unreadOnly: true, limit: 10_000)
            }
            for var note in targets where note.readAt == nil {
                note.readAt = now
                note.version += 1
                batch.append(.putNotification(note))
            }
            return (batch, ())
        }
        return try await store.unreadNotificationCount(accountID: identity.account.id)
    }
}
