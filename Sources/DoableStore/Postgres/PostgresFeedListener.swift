import DoableCore
import Logging
import PostgresNIO

/// Carries feed advances between processes on one database (OPS-2): every write transaction NOTIFYs the
/// accounts whose feeds it appended to, and each process LISTENs on one pooled connection. A notification is
/// delivered only if its transaction committed, so nothing is announced that did not happen.
enum PostgresFeedListener {
    /// NOTIFY payloads are limited to 8,000 bytes; an entry is `account:sequence`, about 50 bytes.
    static let entriesPerPayload = 120

    /// The channel for a schema: processes using different schemas of one database do not hear each other. A
    /// schema name may be 63 bytes, as long as a channel name may be, so it goes in as a hash (FNV-1a, 64 bits).
    static func channel(schema: String?) -> String {
        guard let schema else { return "doable_feed" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in schema.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "doable_feed_" + String(repeating: "0", count: 16 - hex.count) + hex
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

    /// Issue 27: a batch that ends credentials says whose, so that every process ends their open streams at once,
    /// not at the next heartbeat: `credentials:account,…`.
    static let credentialsPrefix = "credentials:"

    static func credentialsPayload(_ accounts: Set<AccountID>) -> [String] {
        let items = accounts.map(\.description).sorted()
        return stride(from: 0, to: items.count, by: entriesPerPayload).map {
            credentialsPrefix + items[$0..<min($0 + entriesPerPayload, items.count)].joined(separator: ",")
        }
    }

    static func parseCredentials(_ payload: String) -> Set<AccountID>? {
        guard payload.hasPrefix(credentialsPrefix) else { return nil }
        return Set(payload.dropFirst(credentialsPrefix.count).split(separator: ",").compactMap { AccountID(String($0)) })
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
    static func listen(
        client: PostgresClient, channel: String, logger: Logger,
        into continuation: AsyncStream<FeedSignal>.Continuation
    ) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        // Listening starts only now: whatever committed before is unknown to the consumers.
                        continuation.yield(.unknown)
                        for try await notification in notifications {
                            if let accounts = parseCredentials(notification.payload) {
                                if !accounts.isEmpty { FeedSignal.credentialsEnded(accounts).send(to: continuation) }
                                continue
                            }
                            let advanced = parse(notification.payload)
                            if !advanced.isEmpty { FeedSignal.advanced(advanced).send(to: continuation) }
                        }
                    }
                }
            } catch {
                if Task.isCancelled { break }
                logger.warning(
                    "Feed listener lost its connection",
                    metadata: ["doable.error": "\(String(reflecting: error))"])
            }
            continuation.yield(.unknown)
            try? await Task.sleep(for: .milliseconds(500))
        }
        continuation.finish()
    }
}
