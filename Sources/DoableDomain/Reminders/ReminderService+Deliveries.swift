public import DoableCore
@_spi(StoreWriting) import DoableStore

/// NOTIF-5: the sending side of the delivery queue. The sender claims due deliveries, sends them outside any
/// transaction and records each attempt. A crash between sending and recording leaves the claim to expire, so the
/// delivery goes out once more at worst; webhook bodies carry the delivery's id for receivers to drop the repeat.
extension ReminderService {
    /// How long deliveries are retried before they are given up.
    public static let deliveryRetryWindowSeconds: Int64 = 24 * 3600

    /// Claims hold a little longer than one send may take in all (`DeliverySender.sendDeadline`), so a delivery is
    /// never sent twice while its first send still runs, and one a crashed server held goes out soon after.
    public func claimDueDeliveries(limit: Int, leaseSeconds: Int64 = 45) async throws -> [Delivery] {
        let now = clock()
        return try await store.claimDueDeliveries(now: now, leaseUntil: now.adding(seconds: leaseSeconds), limit: limit)
    }

    public enum DeliveryOutcome: Sendable, Equatable {
        case sent(String)
        /// Worth trying again later (a timeout, a 4xx SMTP reply, a 5xx or 429 HTTP answer).
        case transient(String)
        /// Never going to work (a 5xx SMTP reply, a 4xx HTTP answer, the webhook is gone).
        case permanent(String)
    }

    /// Records an attempt; a transient failure is tried again after an exponential backoff with jitter (30 s, 1 min,
    /// 2 min … at most an hour apart) until a day has passed since the delivery was queued.
    @discardableResult
    public func record(_ delivery: Delivery, outcome: DeliveryOutcome) async throws -> Delivery {
        var delivery = delivery
        let now = clock()
        delivery.attempts += 1
        let attempt: DeliveryAttempt
        switch outcome {
        case .sent(let detail):
            delivery.state = .sent
            delivery.sentAt = now
            delivery.lastError = nil
            attempt = DeliveryAttempt(
                deliveryID: delivery.id, number: delivery.attempts, at: now, succeeded: true,
                detail: String(detail.prefix(500)))
        case .transient(let detail), .permanent(let detail):
            delivery.lastError = String(detail.prefix(500))
            attempt = DeliveryAttempt(
                deliveryID: delivery.id, number: delivery.attempts, at: now, succeeded: false,
                detail: String(detail.prefix(500)))
            let next = now.adding(seconds: Self.backoffSeconds(afterAttempt: delivery.attempts))
            if case .transient = outcome,
                next.milliseconds - delivery.createdAt.milliseconds <= Self.deliveryRetryWindowSeconds * 1000
            {
                delivery.nextAttemptAt = next
            } else {
                delivery.state = .failed
            }
        }
        try await store.record(attempt, updating: delivery)
        return delivery
    }

    /// 30 s doubled per attempt, at most an hour, times a random factor between 0.5 and 1.5.
    static func backoffSeconds(afterAttempt attempt: Int) -> Int64 {
        let base = min(3600.0, 30.0 * Double(1 << min(attempt - 1, 12)))
        return Int64(base * Double.random(in: 0.5...1.5))
    }

    /// The webhooks claimed deliveries go to, by id, read at once (a webhook its owner deleted is not there).
    public func webhooks(for deliveries: [Delivery]) async throws -> [WebhookID: Webhook] {
        let accounts = Set(deliveries.filter { $0.channel == .webhook }.map(\.accountID))
        guard !accounts.isEmpty else { return [:] }
        return Self.byID(try await store.webhooks(accountIDs: Array(accounts)), \.id)
    }
}
