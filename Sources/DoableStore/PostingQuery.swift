public import DoableCore
import PublicInit

/// MKT-2: what a marketplace search asks of the store.
@PublicInit
public struct PostingQuery: Sendable, Equatable {
    /// Words to find in title or description; empty lists every posting newest first.
    public var text: String = ""
    public var statuses: [MarketPosting.Status] = [.requested, .bidded]
    public var categoryID: CategoryID?
    /// Keyset cursor: only postings older than this (`createdAt`, then id).
    public var before: (createdAt: Timestamp, id: PostingID)?
    public var limit: Int = 50

    public static func == (lhs: PostingQuery, rhs: PostingQuery) -> Bool {
        lhs.text == rhs.text && lhs.statuses == rhs.statuses && lhs.categoryID == rhs.categoryID
            && lhs.before?.createdAt == rhs.before?.createdAt && lhs.before?.id == rhs.before?.id
            && lhs.limit == rhs.limit
    }
}
