public import DoableCore
@_spi(StoreWriting) import DoableStore

/// What a feed consumer reads: the entries after its cursor, or word that its cursor cannot be served.
public enum FeedPage: Sendable, Equatable {
    case changes([Change], latest: Int64)
    /// The cursor is below the retention's low-water mark or beyond the feed's end: start over from `latest`.
    case reset(latest: Int64)
}

extension Domain {
    /// SYNC-1, SYNC-4, SYNC-5: the caller's feed after `cursor`, oldest first, at most `limit` entries.
    public func feed(_ identity: Identity, after cursor: Int64, limit: Int) async throws -> FeedPage {
        let account = identity.account.id
        let (floor, latest) = try await store.feedBounds(accountID: account)
        if cursor > latest { return .reset(latest: latest) }
        if cursor == latest { return .changes([], latest: latest) }
        if cursor < floor { return .reset(latest: latest) }
        let changes = try await store.changes(accountID: account, after: cursor, limit: limit)
        // Entries must follow the cursor without a gap; a gap means retention took them meanwhile.
        if let first = changes.first, first.sequence != cursor + 1 { return .reset(latest: latest) }
        return .changes(changes, latest: latest)
    }

    /// The caller's latest feed sequence: where a consumer that wants only new changes starts.
    public func latestSequence(_ identity: Identity) async throws -> Int64 {
        try await store.latestSequence(accountID: identity.account.id)
    }

    /// Issue 26: drops notifications, finished deliveries and sync rejections older than `seconds`, in batches of
    /// `batch` rows per transaction; returns how many went.
    public func purgeOldRecords(olderThanSeconds seconds: Int64, batch: Int = 500) async throws -> Int {
        let cutoff = clock().adding(seconds: -seconds)
        var total = 0
        while true {
            let purged = try await store.purgeRecords(before: cutoff, limit: batch)
            total += purged
            if purged < batch { return total }
        }
    }

    /// Drops feed entries older than the retention; returns how many went.
    public func purgeFeed(olderThanSeconds seconds: Int64, limit: Int = 100_000) async throws -> Int {
        try await store.purgeFeed(before: clock().adding(seconds: -seconds), limit: limit)
    }
}
