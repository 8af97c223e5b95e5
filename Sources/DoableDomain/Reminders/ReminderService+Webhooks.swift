public import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation

/// INTEROP-4: an account's outgoing webhooks. Notifications reach them when they are made (NOTIF-2); task events
/// are read from the account's change feed by `fanOutTaskEvents`, which queues one delivery per subscribed event
/// and moves the webhook's cursor in the same transaction, so each feed entry is queued exactly once.
extension ReminderService {
    public static let maximumWebhooksPerAccount = 20

    public func webhooks(_ identity: Identity) async throws -> [Webhook] {
        try await store.webhooks(accountIDs: [identity.account.id])
    }

    /// Makes a webhook; the answer carries its secret, which is shown this once.
    public func createWebhook(_ identity: Identity, url: String, events: [String]) async throws -> Webhook {
        let url = try Self.webhookURL(url, policy: domain.webhookPolicy)
        var chosen: [WebhookEvent] = []
        for name in events {
            guard let event = WebhookEvent(rawValue: name), event != .webhookTest else {
                throw DoableError.invalid(
                    "events",
                    "Unknown event '\(name.prefix(50))'; known events: "
                        + WebhookEvent.subscribable.map(\.rawValue).joined(separator: ", ") + ".")
            }
            if !chosen.contains(event) { chosen.append(event) }
        }
        guard !chosen.isEmpty else { throw DoableError.invalid("events", "Choose at least one event.") }
        return try await perform(by: identity.account.id) {
            let existing = try await store.webhooks(accountIDs: [identity.account.id])
            guard existing.count < Self.maximumWebhooksPerAccount else {
                throw DoableError.invalid("url", "An account can have at most \(Self.maximumWebhooksPerAccount) webhooks.")
            }
            // The same address twice would deliver every event twice (issue 29).
            guard !existing.contains(where: { $0.url == url }) else {
                throw DoableError.conflict(
                    code: "duplicate_webhook", field: "url",
                    message: "You already have a webhook for this URL; delete it first to change its events.")
            }
            let now = clock()
            let cursor = try await store.latestSequence(accountID: identity.account.id)
            let hook = Webhook(
                id: .make(at: now), accountID: identity.account.id, url: url, events: chosen,
                secret: SecretToken.make(prefix: "whsec_").secret, feedCursor: cursor, createdAt: now,
                updatedAt: now)
            return (
                WriteBatch(
                    [
                        .putWebhook(hook),
                        .requireAtMost(.webhooksOfAccount(identity.account.id, Self.maximumWebhooksPerAccount)),
                    ],
                    now: now), hook
            )
        }
    }

    public func deleteWebhook(_ identity: Identity, id: WebhookID) async throws {
        try await perform(by: identity.account.id) {
            guard let hook = try await store.webhook(id: id), hook.accountID == identity.account.id else {
                throw DoableError.notFound("Webhook not found.")
            }
            return (WriteBatch([.deleteWebhook(hook)], now: clock()), ())
        }
    }

    /// Issue 29: queues one signed `webhook.test` call to the caller's webhook, sent like any event (the same body,
    /// signature, outgoing policy and retries), so a member sees at once whether the receiver works.
    public func sendTest(_ identity: Identity, webhookID id: WebhookID) async throws -> Delivery {
        try await perform(by: identity.account.id) {
            guard let hook = try await store.webhook(id: id), hook.accountID == identity.account.id else {
                throw DoableError.notFound("Webhook not found.")
            }
            let now = clock()
            let payload = DeliveryPayload(
                kind: WebhookEvent.webhookTest.rawValue, title: "A test from Doable",
                body: "If this arrived with a valid signature, your webhook works. \(identity.account.username) sent it.",
                at: now)
            let delivery = Self.delivery(to: hook, .webhookTest, payload, now: now)
            return (WriteBatch([.enqueueDelivery(delivery)], now: now), delivery)
        }
    }

    /// The caller's recent deliveries (email and webhook), newest first, with their attempts.
    public func deliveries(_ identity: Identity, limit: Int = 50) async throws -> [(Delivery, [DeliveryAttempt])] {
        let deliveries = try await store.deliveries(accountID: identity.account.id, limit: max(1, min(limit, 200)))
        let attempts = Dictionary(
            grouping: try await store.deliveryAttempts(deliveryIDs: deliveries.map(\.id)),
            by: \.deliveryID)
        return deliveries.map { ($0, attempts[$0.id] ?? []) }
    }

    /// http(s) only, with a host, no credentials, at most 2,000 characters, not this server, and not plainly refused
    /// by the outgoing policy.
    static func webhookURL(_ text: String, policy: Domain.WebhookPolicy) throws -> String {
        switch Self.outgoingURL(text, policy: policy) {
        case .success(let url): return url
        case .failure(.malformed):
            throw DoableError.invalid("url", "The webhook URL must be an http:// or https:// address with a host.")
        case .failure(.credentials):
            throw DoableError.invalid("url", "Put no user name or password in the webhook URL; verify the signature instead.")
        case .failure(.pointsAtSelf):
            throw DoableError.invalid("url", "The webhook URL points at this Doable server itself.")
        case .failure(.refused(let reason)):
            throw DoableError.invalid(
                "url",
                "The webhook URL's host is \(reason); this server calls only public "
                    + "addresses unless an admin allows the range (doable serve --allow-outgoing).")
        }
    }

    /// Why a member-supplied address (a webhook's, a push endpoint's) may not be called.
    enum OutgoingURLProblem: Error {
        case malformed, credentials, pointsAtSelf
        /// The outgoing policy refuses the host (OPS-7), with its words for why.
        case refused(String)
    }

    /// `text` trimmed when it is an http(s) address with a host, no credentials, not this server, and a host the
    /// outgoing policy allows (it is judged again at each call, by the address connected to).
    static func outgoingURL(_ text: String, policy: Domain.WebhookPolicy) -> Result<String, OutgoingURLProblem> {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.utf8.count <= 2000, let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return .failure(.malformed) }
        guard components.user == nil, components.password == nil else { return .failure(.credentials) }
        if policy.pointsAtSelf(host: host, port: components.port ?? (scheme == "https" ? 443 : 80)) {
            return .failure(.pointsAtSelf)
        }
        if let reason = policy.outgoing.refusal(ofHost: host) { return .failure(.refused(reason)) }
        return .success(text)
    }

    /// Queues the task events of webhooks whose cursor is behind their account's feed; returns how many were queued.
    @discardableResult
    public func fanOutTaskEvents(limit: Int = 100) async throws -> Int {
        var queued = 0
        for hook in try await store.webhooksBehind(limit: limit) {
            queued += try await perform(by: nil) {
                guard let hook = try await store.webhook(id: hook.id) else { return (WriteBatch(), 0) }
                let changes = try await store.changes(accountID: hook.accountID, after: hook.feedCursor, limit: 500)
                let latest = try await store.latestSequence(accountID: hook.accountID)
                let now = clock()
                let target = changes.last?.sequence ?? latest
                guard target > hook.feedCursor else { return (WriteBatch(), 0) }
                var batch = WriteBatch([.advanceWebhookCursor(hook.id, from: hook.feedCursor, to: target)], now: now)
                let taskChanges = changes.filter { $0.entity == .task }
                let tasks = Self.byID(try await store.tasks(ids: taskChanges.compactMap { TaskID($0.entityID) }), \.id)
                for change in taskChanges {
                    guard let id = TaskID(change.entityID) else { continue }
                    let task = tasks[id]
                    var event = Self.taskEvent(change, task: task)
                    // A repeating task completed moved on to its next occurrence: its completion record tells.
                    if event == .taskUpdated, let task, task.recurrence != nil,
                        try await store.latestCompletion(taskID: task.id)?.completedAt == change.at
                    {
                        event = .taskCompleted
                    }
                    guard hook.events.contains(event) else { continue }
                    let payload = DeliveryPayload(
                        kind: event.rawValue, title: task?.title ?? "", body: "", taskID: id,
                        listID: change.listID, task: task, at: change.at)
                    batch.append(.enqueueDelivery(Self.delivery(to: hook, event, payload, now: now)))
                }
                return (batch, batch.operations.count - 1)
            }
        }
        return queued
    }

    /// One call of `event` to `hook`, due at once.
    static func delivery(to hook: Webhook, _ event: WebhookEvent, _ payload: DeliveryPayload, now: Timestamp) -> Delivery {
        Delivery(
            id: .make(at: now), accountID: hook.accountID, channel: .webhook, target: hook.id.description,
            event: event.rawValue, payload: encoded(payload), nextAttemptAt: now, createdAt: now)
    }

    /// Which task event a feed entry is: told apart by the task's own times (a delete is a purge from the trash).
    static func taskEvent(_ change: Change, task: TaskItem?) -> WebhookEvent {
        guard change.kind == .put, let task else { return .taskDeleted }
        if task.deletedAt == change.at { return .taskDeleted }
        if task.createdAt == change.at { return .taskCreated }
        if task.status == .completed, task.completedAt == change.at { return .taskCompleted }
        return .taskUpdated
    }
}
