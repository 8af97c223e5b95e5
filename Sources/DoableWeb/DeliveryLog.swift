import DoableCore
import DoableArt

/// NOTIF-5 in the browser: the member's recent email and webhook deliveries, newest first, each with its state,
/// every attempt and its detail (the SMTP reply, the HTTP status or the error), and when it is tried next.
struct DeliveryLog {
    let entries: [(Delivery, [DeliveryAttempt])]
    /// Webhook URLs by the webhook's id (a delivery's target); a deleted webhook is not among them.
    let webhookURLs: [String: String]
    let time: MemberTime
    /// REACH-3: push devices' names by id; a removed device is not among them.
    var deviceNames: [String: String] = [:]

    var html: HTML {
        guard !entries.isEmpty else {
            return "<p>Nothing was sent by email or webhook yet.</p>"
        }
        return """
            <ol class="delivery-log" aria-labelledby="deliveries-heading">\
            \(entries.html { item($0.0, attempts: $0.1) })</ol>
            """
    }

    private func item(_ delivery: Delivery, attempts: [DeliveryAttempt]) -> HTML {
        let target: HTML =
            switch delivery.channel {
            case .email: "Email to \(delivery.target)"
            case .webhook:
                webhookURLs[delivery.target].map { "Webhook <span class=\"webhook-url\">\($0)</span>" }
                    ?? "Webhook (deleted)"
            case .push: "Push to \(deviceNames[delivery.target] ?? "a removed device")"
            }
        let next: HTML? =
            delivery.state == .pending
            ? "<p class=\"delivery-next\">Next attempt \(at(delivery.nextAttemptAt))</p>" : nil
        let count = attempts.count == 1 ? "1 attempt" : "\(attempts.count) attempts"
        let tries: HTML =
            attempts.isEmpty
            ? "<p class=\"delivery-attempts\">Not tried yet</p>"
            : """
            <details class="delivery-attempts"><summary>\(count)</summary>
            <ol class="attempt-list">\(attempts.sorted { $0.number < $1.number }.html(attempt))</ol></details>
            """
        return """
            <li class="delivery is-\(delivery.state.rawValue)" id="delivery-\(delivery.id)">
            <p class="delivery-summary"><strong class="delivery-event">\(delivery.event)</strong> · \(target)
            · <span class="delivery-state">\(Self.stateWords(delivery.state))</span></p>
            <p class="delivery-meta">Queued \(time.agoElement(delivery.createdAt))</p>
            \(next)
            \(tries)
            </li>
            """
    }

    private func attempt(_ attempt: DeliveryAttempt) -> HTML {
        """
        <li>\(at(attempt.at)) · \(attempt.succeeded ? "succeeded" : "failed"): \
        <span class="attempt-detail">\(attempt.detail)</span></li>
        """
    }

    private func at(_ moment: Timestamp) -> HTML {
        "<time datetime=\"\(moment)\">\(time.words(time.date(of: moment))) \(time.time(of: moment))</time>"
    }

    static func stateWords(_ state: Delivery.State) -> String {
        switch state {
        case .pending: "Waiting"
        case .sent: "Sent"
        case .failed: "Failed"
        }
    }
}
