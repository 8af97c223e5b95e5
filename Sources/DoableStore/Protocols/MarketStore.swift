public import DoableCore

/// The marketplace (MKT). One part of `Store`, which every engine implements.
public protocol MarketStore: Sendable {
    func posting(id: PostingID) async throws -> MarketPosting?
    /// These postings (deleted ones included), in no particular order.
    func postings(ids: [PostingID]) async throws -> [MarketPosting]
    /// MKT-2: postings that are not deleted, in the query's statuses and category, every word of `query.text`
    /// found in title or description by the full-text index (a word matches as a prefix, case-insensitively
    /// and in NFC, as the task search does), newest first (`createdAt`, then id, descending), after the cursor.
    func searchPostings(_ query: PostingQuery) async throws -> [MarketPosting]
    /// MKT-9: postings that are not deleted, in `statuses`, with a location inside the box (looked up by the indexed
    /// latitude cell and longitude), at most `limit`, in no particular order: the domain computes exact distances.
    func postings(in box: GeoSearchBox, statuses: [MarketPosting.Status], categoryID: CategoryID?, limit: Int)
        async throws -> [MarketPosting]
    /// MKT-5: the poster's postings that are not deleted, newest first.
    func postings(posterID: AccountID) async throws -> [MarketPosting]
    /// Postings (any status, deleted ones included) assigned to the account.
    func postings(assigneeID: AccountID) async throws -> [MarketPosting]
    /// The posting whose assignee got this task, if any.
    func posting(assigneeTaskID: TaskID) async throws -> MarketPosting?
    func bid(id: BidID) async throws -> Bid?
    /// Every bid on the posting, oldest first.
    func bids(postingID: PostingID) async throws -> [Bid]
    /// MKT-5: every bid the account made, newest first (`createdAt`, then id, descending).
    func bids(bidderID: AccountID) async throws -> [Bid]
    /// MKT-8: open bids on the poster's postings (not deleted) written after each posting's `bidsSeenAt`.
    func unseenBidCount(posterID: AccountID) async throws -> Int
    func question(id: QuestionID) async throws -> MarketQuestion?
    /// The posting's questions, oldest first.
    func questions(postingID: PostingID) async throws -> [MarketQuestion]
    /// The posting's reviews, oldest first.
    func reviews(postingID: PostingID) async throws -> [MarketReview]
    /// Reviews of the account, newest first, at most `limit`.
    func reviews(revieweeID: AccountID, limit: Int) async throws -> [MarketReview]
    /// Every review the account wrote (account deletion).
    func reviews(reviewerID: AccountID) async throws -> [MarketReview]
    /// Every category, archived ones included, by name (case-insensitively).
    func marketCategories() async throws -> [MarketCategory]
    func marketCategory(id: CategoryID) async throws -> MarketCategory?
    /// MKT-11: postings (not deleted) whose poster picked "Other" and suggested a category, newest first.
    func postingsSuggestingCategories(limit: Int) async throws -> [MarketPosting]
}
