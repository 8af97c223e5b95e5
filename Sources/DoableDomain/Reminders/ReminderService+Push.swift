public import DoableCore
@_spi(StoreWriting) import DoableStore
import Crypto
import Foundation

/// REACH-3: the devices an account receives push notifications on. A browser subscribes with its push service's
/// endpoint and the keys to encrypt to it; notifications then go to each device as deliveries on the durable queue
/// (`DeliverySender`), like emails and webhook calls.
extension ReminderService {
    public static let maximumPushDevicesPerAccount = 20

    /// The event a test push is sent as.
    public static let pushTestEvent = "push.test"

    public func pushSubscriptions(_ identity: Identity) async throws -> [PushSubscription] {
        try await store.pushSubscriptions(accountIDs: [identity.account.id])
    }

    /// Adds the device, or renews its keys when the browser subscribes again with the same endpoint. An endpoint
    /// another account had (the browser signed in as someone else) moves to the caller.
    public func subscribePush(
        _ identity: Identity, endpoint: String, p256dh: String, auth: String, userAgent: String?
    ) async throws -> PushSubscription {
        let endpoint = try Self.pushEndpoint(endpoint, policy: domain.webhookPolicy)
        try Self.checkPushKeys(p256dh: p256dh, auth: auth)
        return try await perform(by: identity.account.id) {
            let now = clock()
            let name = DeviceName.from(userAgent: userAgent)
            if var known = try await store.pushSubscription(endpoint: endpoint), known.accountID == identity.account.id {
                known.p256dh = p256dh
                known.auth = auth
                known.deviceName = name
                known.updatedAt = now
                known.version += 1
                return (WriteBatch([.putPushSubscription(known)], now: now), known)
            }
            let existing = try await store.pushSubscriptions(accountIDs: [identity.account.id])
            guard existing.count < Self.maximumPushDevicesPerAccount else {
                throw DoableError.invalid(
                    "endpoint",
                    "An account can receive push notifications on at most \(Self.maximumPushDevicesPerAccount) "
                        + "devices; remove one in Settings › Notifications first.")
            }
            let subscription = PushSubscription(
                id: .make(at: now), accountID: identity.account.id, endpoint: endpoint, p256dh: p256dh, auth: auth,
                deviceName: name, createdAt: now, updatedAt: now)
            return (WriteBatch([.putPushSubscription(subscription)], now: now), subscription)
        }
    }

    public func deletePushSubscription(_ identity: Identity, id: PushSubscriptionID) async throws {
        try await perform(by: identity.account.id) {
            guard let subscription = try await store.pushSubscription(id: id),
                subscription.accountID == identity.account.id
            else { throw DoableError.notFound("Push device not found.") }
            return (WriteBatch([.deletePushSubscription(subscription)], now: clock()), ())
        }
    }

    /// Removes a device its push service says is gone (HTTP 404 or 410): the browser unsubscribed or was reset.
    public func forgetPushSubscription(id: PushSubscriptionID) async throws {
        try await perform(by: nil) {
            guard let subscription = try await store.pushSubscription(id: id) else { return (WriteBatch(), ()) }
            return (WriteBatch([.deletePushSubscription(subscription)], now: clock()), ())
        }
    }

    /// Queues one test push to the device, sent like any notification (encrypted, retried, the same address rules).
    public func sendPushTest(_ identity: Identity, id: PushSubscriptionID) async throws -> Delivery {
        try await perform(by: identity.account.id) {
            guard let subscription = try await store.pushSubscription(id: id),
                subscription.accountID == identity.account.id
            else { throw DoableError.notFound("Push device not found.") }
            let now = clock()
            let payload = DeliveryPayload(
                kind: Self.pushTestEvent, title: "Doable test notification",
                body: "Push notifications reach \(subscription.deviceName).", at: now)
            let delivery = Delivery(
                id: .make(at: now), accountID: identity.account.id, channel: .push, target: subscription.id.description,
                event: Self.pushTestEvent, payload: Self.encoded(payload), nextAttemptAt: now, createdAt: now)
            return (WriteBatch([.enqueueDelivery(delivery)], now: now), delivery)
        }
    }

    /// The push devices claimed deliveries go to, by id, read at once (a device removed meanwhile is not there).
    public func pushSubscriptions(for deliveries: [Delivery]) async throws -> [PushSubscriptionID: PushSubscription] {
        let accounts = Set(deliveries.filter { $0.channel == .push }.map(\.accountID))
        guard !accounts.isEmpty else { return [:] }
        return Self.byID(try await store.pushSubscriptions(accountIDs: Array(accounts)), \.id)
    }

    /// An endpoint as webhooks are checked (OPS-7): an http(s) address with a host that the outgoing policy allows.
    /// Browsers' push services are all public https addresses; a loopback one needs `--allow-outgoing`.
    static func pushEndpoint(_ text: String, policy: Domain.WebhookPolicy) throws -> String {
        switch Self.outgoingURL(text, policy: policy) {
        case .success(let url): return url
        case .failure(.malformed), .failure(.credentials):
            throw DoableError.invalid("endpoint", "The endpoint must be the push service's https:// address.")
        case .failure(.pointsAtSelf):
            throw DoableError.invalid("endpoint", "The endpoint points at this Doable server itself.")
        case .failure(.refused(let reason)):
            throw DoableError.invalid(
                "endpoint",
                "The endpoint's host is \(reason); this server calls only public addresses unless an admin allows "
                    + "the range (doable serve --allow-outgoing).")
        }
    }

    /// RFC 8291's keys: `p256dh` a P-256 public key, uncompressed (65 bytes); `auth` 16 bytes; both base64url.
    static func checkPushKeys(p256dh: String, auth: String) throws {
        guard p256dh.utf8.count <= 200, let key = Data(base64URLEncoded: p256dh), key.count == 65,
            (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
        else {
            throw DoableError.invalid(
                "keys.p256dh", "keys.p256dh must be the browser's P-256 public key: 65 bytes, base64url.")
        }
        guard auth.utf8.count <= 100, let secret = Data(base64URLEncoded: auth), secret.count == 16 else {
            throw DoableError.invalid("keys.auth", "keys.auth must be the browser's 16-byte secret, base64url.")
        }
    }
}
