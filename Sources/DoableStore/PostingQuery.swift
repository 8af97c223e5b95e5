public import DoableCore

/// MKT-2: what a marketplace search asks of the store.
public struct PostingQuery: Sendable, Equatable {
    /// Words to find in title or description; empty lists every posting newest first.
    public var text: String
    public var statuses: [MarketPosting.Status]
    public var categoryID: CategoryID?
    /// Keyset cursor: only postings older than this (`createdAt`, then id).
    public var before: (createdAt: Timestamp, id: PostingID)?
    public var limit: Int

    public init(
        text: String = "", statuses: [MarketPosting.Status] = [.requested, .bidded],
        categoryID: CategoryID? = nil, before: (createdAt: Timestamp, id: PostingID)? = nil, limit: Int = 50
    ) {
        self.text = text
        self.statuses = statuses
        self.categoryID = categoryID
        self.before = before
        self.limit = limit
    }

    public static func == (lhs: PostingQuery, rhs: PostingQuery) -> Bool {
        lhs.text == rhs.text && lhs.statuses == rhs.statuses && lhs.categoryID == rhs.categoryID
            && lhs.before?.createdAt == rhs.before?.createdAt && lhs.before?.id == rhs.before?.id
            && lhs.limit == rhs.limit
    }
}
