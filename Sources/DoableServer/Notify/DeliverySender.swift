import AsyncHTTPClient
import DoableCore
import DoableDomain
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import Synchronization

/// NOTIF-5: sends queued emails and webhook calls. It claims due deliveries, sends each in a task of its own (at most
/// `maxConcurrentSends` at once, each with its own time limit, so a receiver that hangs, fails or redirects forever
/// holds one slot and never the queue), and records every attempt; failures are retried with backoff by the domain.
public struct DeliverySender: Service {
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
        guard !Task.isShuttingDownGracefully else { return }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 3, allowCycles: false),
            timeout: .init(connect: .seconds(5), read: .seconds(10)), decompression: .disabled))
        let inFlight = InFlightCount()
        var linkKey: String?
        await withDiscardingTaskGroup { group in
            while !Task.isShuttingDownGracefully && !Task.isCancelled {
                do {
                    if linkKey == nil { linkKey = try await domain.emailLinkKey() }
                    let room = settings.maxConcurrentSends - inFlight.count.withLock { $0 }
                    let due = room > 0 ? try await domain.claimDueDeliveries(limit: room) : []
                    for delivery in due {
                        inFlight.count.withLock { $0 += 1 }
                        let key = linkKey ?? ""
                        group.addTask {
                            await send(delivery, client: client, linkKey: key)
                            inFlight.count.withLock { $0 -= 1 }
                        }
                    }
                    if due.count == room && room > 0 { continue }
                } catch {
                    logger.error("Delivery queue failed", metadata: ["doable.error": "\(String(reflecting: error))"])
                }
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: settings.pollInterval) }
            }
        }
        try? await client.shutdown()
    }

    func send(_ delivery: Delivery, client: HTTPClient, linkKey: String) async {
        let outcome: Domain.DeliveryOutcome
        do {
            guard let payload = try? JSONDecoder().decode(DeliveryPayload.self, from: Data(delivery.payload.utf8)) else {
                throw DeliveryFailure.permanent("The queued message could not be read.")
            }
            switch delivery.channel {
            case .email: outcome = try await sendEmail(delivery, payload: payload, linkKey: linkKey)
            case .webhook: outcome = try await callWebhook(delivery, payload: payload, client: client)
            }
        } catch let failure as DeliveryFailure {
            outcome = failure.outcome
        } catch let error as SMTPError {
            outcome = error.isTransient ? .transient(error.description) : .permanent(error.description)
        } catch {
            outcome = .transient(String(describing: error))
        }
        do {
            try await domain.record(delivery, outcome: outcome)
        } catch {
            // The claim runs out and the delivery goes again: at worst once more (NOTIF-5).
            logger.error("Recording a delivery failed", metadata: ["doable.error": "\(String(reflecting: error))"])
        }
    }

    func sendEmail(_ delivery: Delivery, payload: DeliveryPayload, linkKey: String) async throws
        -> Domain.DeliveryOutcome
    {
        guard let url = settings.smtpURL else {
            throw DeliveryFailure.permanent("No SMTP server is configured (doable serve --smtp-url).")
        }
        let message: MailMessage
        do {
            message = try EmailComposer(settings: settings, linkKey: linkKey).message(for: delivery, payload: payload,
                                                                                     now: .now)
        } catch {
            throw DeliveryFailure.permanent("The email could not be written: \(error)")
        }
        try await SMTPClient(url: url, heloName: "doable", timeout: .seconds(30)).send(message)
        return .sent("250 accepted by \(url.host)")
    }

    func callWebhook(_ delivery: Delivery, payload: DeliveryPayload, client: HTTPClient) async throws
        -> Domain.DeliveryOutcome
    {
        guard let hook = try await domain.webhook(for: delivery) else {
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
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(Int64(settings.webhookTimeout.components.seconds)))
        } catch let error as HTTPClientError where error == .redirectLimitReached || error == .redirectCycleDetected {
            throw DeliveryFailure.permanent("The webhook redirected too often.")
        }
        _ = try? await response.body.collect(upTo: 64 << 10)
        let code = Int(response.status.code)
        switch code {
        case 200..<300: return .sent("HTTP \(code)")
        case 408, 425, 429, 500...: return .transient("HTTP \(code)")
        default: return .permanent("HTTP \(code)")
        }
    }
}

final class InFlightCount: Sendable {
    let count = Mutex(0)
}

enum DeliveryFailure: Error {
    case permanent(String)

    var outcome: Domain.DeliveryOutcome {
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
        let options = Domain.FiringOptions(staleAfterSeconds: settings.reminderStaleAfterSeconds)
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                if try await domain.fireDueReminders(options) == options.batchSize { continue }
            } catch {
                logger.error("Firing reminders failed", metadata: ["doable.error": "\(String(reflecting: error))"])
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
                try await domain.fanOutTaskEvents()
            } catch {
                logger.error("Webhook fan-out failed", metadata: ["doable.error": "\(String(reflecting: error))"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(1)) }
        }
    }
}
