import AsyncHTTPClient
import DoableCore
import DoableStore
public import DoableDomain
import Foundation
public import Logging
import NIOCore
import NIOHTTP1
public import ServiceLifecycle
import Synchronization
import DoableMail

/// NOTIF-5: sends queued emails and webhook calls. It claims due deliveries, sends each in a task of its own (at most
/// `maxConcurrentSends` at once, each with its own time limit, so a receiver that hangs, fails or redirects forever
/// holds one slot and never the queue), and records every attempt; failures are retried with backoff by the domain.
public struct DeliverySender: Service {
    let domain: Domain
    let settings: DeliverySettings
    let logger: Logger
    /// One client for every email: making its TLS context reads the system's trust roots, far too slow per message.
    let mailer: SMTPClient?

    public init(domain: Domain, settings: DeliverySettings, logger: Logger) {
        self.domain = domain
        self.settings = settings
        self.logger = logger
        mailer = settings.smtpURL.map { SMTPClient(url: $0, heloName: "doable", timeout: .seconds(10)) }
    }

    /// How long the loop waits for sends to finish while most slots are taken.
    static let busyPause: Duration = .milliseconds(5)

    public func run() async throws {
        await cancelWhenGracefulShutdown { await domain.readiness.wait() }
        guard !Task.isShuttingDownGracefully else { return }
        let client = OutgoingHTTP(
            policy: settings.outgoing, resolver: settings.resolver,
            configuration: .init(
                timeout: .init(connect: .seconds(5), read: .seconds(10)),
                // Many accounts' webhooks may point at one receiver: let all sends reach it at once (the default is 8
                // connections per host, which held Q-5's 100 webhooks on one local receiver to 8 calls at a time).
                connectionPool: .init(
                    idleTimeout: .seconds(60),
                    concurrentHTTP1ConnectionsPerHostSoftLimit: settings.maxConcurrentSends),
                decompression: .disabled))
        let inFlight = InFlightCount()
        var linkKey: String?
        var pushKey: VAPIDKey?
        await withDiscardingTaskGroup { group in
            while !Task.isShuttingDownGracefully && !Task.isCancelled {
                var pause = settings.pollInterval
                do {
                    if linkKey == nil { linkKey = try await domain.emailLinkKey() }
                    if pushKey == nil { pushKey = try await domain.vapidKey() }
                    let room = settings.maxConcurrentSends - inFlight.count.withLock { $0 }
                    if room < max(1, settings.maxConcurrentSends / 2) {
                        // Busy, not idle: claim again as soon as half the slots are free (a claim is a write, so
                        // not for every slot), instead of a poll interval later (Q-5: that capped sending at
                        // maxConcurrentSends per poll interval, 320 a second).
                        pause = Self.busyPause
                    } else {
                        let due = try await domain.reminders.claimDueDeliveries(limit: room)
                        // One read for the batch's webhooks, not one per call (Q-5 on PostgreSQL: a round trip each).
                        let hooks = try await domain.reminders.webhooks(for: due)
                        let devices = try await domain.reminders.pushSubscriptions(for: due)
                        for delivery in due {
                            inFlight.count.withLock { $0 += 1 }
                            let key = linkKey ?? ""
                            let hook = WebhookID(delivery.target).flatMap { hooks[$0] }
                            let device = PushSubscriptionID(delivery.target).flatMap { devices[$0] }
                            let push = pushKey
                            group.addTask {
                                await send(
                                    delivery, to: Recipient(hook: hook, device: device, pushKey: push), client: client,
                                    linkKey: key)
                                inFlight.count.withLock { $0 -= 1 }
                            }
                        }
                        if due.count == room { continue }
                    }
                } catch {
                    domain.reportBackgroundFailure("Delivery queue failed", error, logger: logger)
                }
                let wait = pause
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
            }
        }
        await client.shutdown()
    }

    /// Where a delivery goes besides an email address: the webhook or the push device (nil when it was deleted).
    struct Recipient: Sendable {
        var hook: Webhook?
        var device: PushSubscription?
        var pushKey: VAPIDKey?
    }

    func send(_ delivery: Delivery, to recipient: Recipient, client: OutgoingHTTP, linkKey: String) async {
        let outcome: ReminderService.DeliveryOutcome
        do {
            guard let payload = try? JSONDecoder().decode(DeliveryPayload.self, from: Data(delivery.payload.utf8)) else {
                throw DeliveryFailure.permanent("The queued message could not be read.")
            }
            outcome = try await withDeadline(Self.sendDeadline) { [self] in
                switch delivery.channel {
                case .email: try await sendEmail(delivery, payload: payload, linkKey: linkKey)
                case .webhook: try await callWebhook(delivery, hook: recipient.hook, payload: payload, client: client)
                case .push:
                    try await push(delivery, to: recipient, payload: payload, client: client, linkKey: linkKey)
                }
            }
        } catch is DeadlineExceeded {
            outcome = .transient("timed out")
        } catch let failure as DeliveryFailure {
            outcome = failure.outcome
        } catch let error as SMTPError {
            outcome = error.isTransient ? .transient(error.description) : .permanent(error.description)
        } catch {
            // The member sees a reason in general words; the admin's log has the error itself.
            logger.warning(
                "A delivery failed",
                metadata: [
                    "doable.delivery": "\(delivery.id)",
                    "doable.error": "\(String(reflecting: error))",
                ])
            outcome = .transient(delivery.channel == .email ? "could not reach the mail server" : "could not connect")
        }
        do {
            try await domain.reminders.record(delivery, outcome: outcome)
        } catch {
            // The claim runs out and the delivery goes again: at worst once more (NOTIF-5).
            domain.reportBackgroundFailure("Recording a delivery failed", error, logger: logger)
        }
    }

    /// The most one send may take in all, every SMTP step or redirect included; the claim outlasts it.
    static let sendDeadline: Duration = .seconds(35)

    func sendEmail(_ delivery: Delivery, payload: DeliveryPayload, linkKey: String) async throws
        -> ReminderService.DeliveryOutcome
    {
        guard let mailer else {
            throw DeliveryFailure.permanent("No SMTP server is configured (doable serve --smtp-url).")
        }
        let message: MailMessage
        do {
            message = try EmailComposer(settings: settings, linkKey: linkKey).message(
                for: delivery, payload: payload,
                now: .now)
        } catch {
            throw DeliveryFailure.permanent("The email could not be written: \(error)")
        }
        try await mailer.send(message)
        return .sent("250 accepted by \(mailer.url.host)")
    }

    func callWebhook(_ delivery: Delivery, hook: Webhook?, payload: DeliveryPayload, client: OutgoingHTTP) async throws
        -> ReminderService.DeliveryOutcome
    {
        guard let hook else {
            throw DeliveryFailure.permanent("The webhook was deleted.")
        }
        let body = WebhookMessage(delivery, payload: payload).encoded()
        var request = HTTPClientRequest(url: hook.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Doable-Webhook/1")
        request.headers.add(name: "X-Doable-Event", value: delivery.event)
        request.headers.add(name: "X-Doable-Delivery", value: delivery.id.description)
        request.headers.add(name: "X-Doable-Signature", value: WebhookMessage.signature(of: body, secret: hook.secret))
        request.body = .bytes(ByteBuffer(bytes: Array(body)))
        switch await post(request, client: client, receiver: nil) {
        case .failed(let outcome): return outcome
        case .status(let code) where (300..<400).contains(code):
            return .permanent("HTTP \(code): redirects are not followed")
        case .status(let code): return Self.outcome(ofStatus: code, receiver: nil)
        }
    }

    /// What came of one POST to a member-supplied address: its status, or the outcome when no answer came.
    enum Answer {
        case status(Int)
        case failed(ReminderService.DeliveryOutcome)
    }

    /// POSTs `request` (through the outgoing policy, OPS-7) and tells what happened in general words; `receiver`
    /// names who answers ("push service"), nil for a webhook.
    func post(_ request: HTTPClientRequest, client: OutgoingHTTP, receiver: String?) async -> Answer {
        do {
            return .status(
                try await client.execute(request, timeout: .seconds(Int64(settings.webhookTimeout.components.seconds))) {
                    response in
                    _ = try? await response.body.collect(upTo: 64 << 10)
                    return Int(response.status.code)
                })
        } catch {
            switch error {
            case .refused(let reason):
                return .failed(
                    .permanent(
                        "not sent: \(receiver.map { "the \($0)'s host" } ?? "the host") is \(reason), which this server "
                            + "does not call (an admin can allow it with --allow-outgoing)"))
            case .couldNotConnect: return .failed(.transient("could not connect" + (receiver.map { " to the \($0)" } ?? "")))
            case .timedOut: return .failed(.transient(receiver.map { "the \($0) timed out" } ?? "timed out"))
            }
        }
    }

    /// 2xx is sent; a timeout, too many requests or the receiver's own failure is tried again; any other answer is final.
    static func outcome(ofStatus code: Int, receiver: String?) -> ReminderService.DeliveryOutcome {
        let answer = "HTTP \(code)" + (receiver.map { " from the \($0)" } ?? "")
        switch code {
        case 200..<300: return .sent(answer)
        case 408, 425, 429, 500...: return .transient(answer)
        default: return .permanent(answer)
        }
    }
}

final class InFlightCount: Sendable {
    let count = Mutex(0)
}

enum DeliveryFailure: Error {
    case permanent(String)

    var outcome: ReminderService.DeliveryOutcome {
        switch self {
        case .permanent(let detail): .permanent(detail)
        }
    }
}

/// NOTIF-1 and NOTIF-5: fires due reminders as soon as they are due (checking every `pollInterval`, at once again
/// while it finds full batches), on every server of a database; the claims share the work between them.
public struct ReminderScheduler: Service {
    let domain: Domain
    let settings: DeliverySettings
    let logger: Logger

    public init(domain: Domain, settings: DeliverySettings, logger: Logger) {
        self.domain = domain
        self.settings = settings
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await domain.readiness.wait() }
        let options = ReminderService.FiringOptions(staleAfterSeconds: settings.reminderStaleAfterSeconds)
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                if try await domain.reminders.fireDueReminders(options) == options.batchSize { continue }
            } catch {
                domain.reportBackgroundFailure("Firing reminders failed", error, logger: logger)
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: settings.pollInterval) }
        }
    }
}

/// INTEROP-4: queues webhook calls for task events read from each account's change feed, once a second.
public struct WebhookFanOut: Service {
    let domain: Domain
    let logger: Logger

    public init(domain: Domain, logger: Logger) {
        self.domain = domain
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await domain.readiness.wait() }
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                try await domain.reminders.fanOutTaskEvents()
            } catch {
                domain.reportBackgroundFailure("Webhook fan-out failed", error, logger: logger)
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(1)) }
        }
    }
}
