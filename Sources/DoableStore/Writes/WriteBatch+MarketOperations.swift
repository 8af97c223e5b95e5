public import DoableCore

/// The write operations of the marketplace (MKT).
@_spi(StoreWriting)
extension WriteBatch {
    public enum MarketOperation: Sendable {
        /// MKT: a posting, in the feeds of its poster and of `audience` (its bidders and assignee). Never purged
        /// but with its poster's account (a deleted posting keeps its row with `deletedAt`).
        case putPosting(MarketPosting, audience: [AccountID])
        /// MKT-4: a bid, in the feeds of its bidder and of the poster.
        case putBid(Bid)
        /// A question on a posting, in the feeds of its asker and of the poster.
        case putQuestion(MarketQuestion)
        /// A review, in the feeds of reviewer and reviewee. One per reviewer and posting (`duplicate` key `review`).
        case putReview(MarketReview)
        /// MKT-11: a category (no feed entry: categories are read fresh). Names are unique ignoring case
        /// (`duplicate` key `name`).
        case putCategory(MarketCategory)
    }
}

/// `.putPosting(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putPosting(_ marketPosting: MarketPosting, audience: [AccountID]) -> Self {
        .market(.putPosting(marketPosting, audience: audience))
    }
    public static func putBid(_ bid: Bid) -> Self { .market(.putBid(bid)) }
    public static func putQuestion(_ marketQuestion: MarketQuestion) -> Self { .market(.putQuestion(marketQuestion)) }
    public static func putReview(_ marketReview: MarketReview) -> Self { .market(.putReview(marketReview)) }
    public static func putCategory(_ marketCategory: MarketCategory) -> Self { .market(.putCategory(marketCategory)) }
}

extension WriteBatch.MarketOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putPosting(let posting, _): (posting.posterID, .posting, posting.id.description, .put, nil)
        case .putBid(let bid): (bid.bidderID, .bid, bid.id.description, .put, nil)
        case .putQuestion(let question): (question.askerID, .question, question.id.description, .put, nil)
        case .putReview(let review): (review.reviewerID, .review, review.id.description, .put, nil)
        case .putCategory: nil
        }
    }

    /// The other party of a marketplace row, who hears of it too.
    var alsoTold: [AccountID] {
        switch self {
        case .putPosting(_, let audience): audience
        case .putBid(let bid): [bid.posterID]
        case .putQuestion(let question): [question.posterID]
        case .putReview(let review): [review.revieweeID]
        case .putCategory: []
        }
    }
}
