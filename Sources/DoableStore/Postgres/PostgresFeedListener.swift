import DoableCore
import Logging
import PostgresNIO

/// Carries feed advances between processes on one database (OPS-2): every write transaction NOTIFYs the
/// accounts whose feeds it appended to, and each process LISTENs on one pooled connection. A notification is
/// delivered only if its transaction committed, so nothing is announced that did not happen.
enum PostgresFeedListener {
    /// NOTIFY payloads are limited to 8,000 bytes; an entry is `account:sequence`, about 50 bytes.
    static let entriesPerPayload = 120

    /// The channel for a schema: processes using different schemas of one database do not hear each other.
    static func channel(schema: String?) -> String {
        schema.map { "doable_feed_\($0)" } ?? "doable_feed"
    }

    /// The highest sequence per account among `changes`, in payloads of `account:sequence,…`.
    static func payloads(for changes: [Change]) -> [String] {
        var latest: [AccountID: Int64] = [:]
        for change in changes { latest[change.accountID] = max(latest[change.accountID] ?? 0, change.sequence) }
        let items = latest.map { "\($0.key):\($0.value)" }
        return stride(from: 0, to: items.count, by: entriesPerPayload).map {
            items[$0..<min($0 + entriesPerPayload, items.count)].joined(separator: ",")
        }
    }

    static func parse(_ payload: String) -> [AccountID: Int64] {
        var result: [AccountID: Int64] = [:]
        for item in payload.split(separator: ",") {
            let parts = item.split(separator: ":")
            guard parts.count == 2, let account = AccountID(String(parts[0])), let sequence = Int64(parts[1]) else {
                continue
            }
            result[account] = max(result[account] ?? 0, sequence)
        }
        return result
    }

    /// Listens until cancelled; after a lost connection it says `.unknown` (something may have been missed) and
    /// listens again.
    static func listen(client: PostgresClient, channel: String, logger: Logger,
                       into continuation: AsyncStream<FeedSignal>.Continuation) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        // Listening starts only now: whatever committed before is unknown to the consumers.
                        continuation.yield(.unknown)
                        for try await notification in notifications {
                            let advanced = parse(notification.payload)
                            if !advanced.isEmpty { continuation.yield(.advanced(advanced)) }
                        }
                    }
                }
            } catch {
                if Task.isCancelled { break }
                logger.warning("Feed listener lost its connection",
                               metadata: ["doable.error": "\(String(reflecting: error))"])
            }
            continuation.yield(.unknown)
            try? await Task.sleep(for: .milliseconds(500))
        }
        continuation.finish()
    }
}
