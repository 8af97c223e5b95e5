public import DoableCore
import PublicInit

/// MKT-3: a posting as the caller may see it.
public struct PostingView: Sendable {
    public var posting: MarketPosting
    /// The poster's username (nil when the account is gone).
    public var poster: String?
    public var assignee: String?
    public var category: MarketCategory?
    /// Exact for the poster and the assignee; rounded to about 1 km for everyone else.
    public var location: MarketPosting.Location?
    public var isLocationExact: Bool
    /// MKT-9: from the point searched near, when there was one.
    public var distanceKm: Double?
    public var bearingDegrees: Double?
    public var photoIDs: [AttachmentID]
    /// The caller's own open bid on it, if any.
    public var myBid: Bid?
    /// MKT-8: for the poster, bids not seen yet.
    public var unseenBidCount: Int
    public var isPoster: Bool
    public var isAssignee: Bool
    /// MKT-12: what `maxBid`, `lowestBid` and the bids are counted in.
    public var currency: CurrencyCode
}

/// MKT-6: a bid with what the poster weighs it by: the bidder's profile and rating.
public struct BidView: Sendable {
    public var bid: Bid
    public var bidder: String?
    public var bidderRating: MarketRating
    public var currency: CurrencyCode
}

/// A member's standing on the marketplace, shown on the public profile and beside each bid.
public struct MarketRating: Sendable, Equatable {
    /// The average of the visible ratings of the member, nil when there are none.
    public var average: Double?
    public var count: Int
    /// How many postings the member was assigned, and how many of them were marked done.
    public var assignedCount: Int
    public var completedCount: Int

    public var completionRate: Double? { assignedCount == 0 ? nil : Double(completedCount) / Double(assignedCount) }

    public init(average: Double?, count: Int, assignedCount: Int, completedCount: Int) {
        self.average = average
        self.count = count
        self.assignedCount = assignedCount
        self.completedCount = completedCount
    }
}

@PublicInit
public struct QuestionView: Sendable {
    public var question: MarketQuestion
    public var asker: String?
}

@PublicInit
public struct ReviewView: Sendable {
    public var review: MarketReview
    public var reviewer: String?
    public var reviewee: String?
    /// Hidden reviews are shown to nobody but their writer until both sides rated or 14 days passed.
    public var isVisible: Bool
}

/// A posting's page: the posting, the bids the caller may see (all for the poster, its own for a bidder),
/// questions and reviews.
public struct PostingDetail: Sendable {
    public var view: PostingView
    public var bids: [BidView]
    public var questions: [QuestionView]
    public var reviews: [ReviewView]
    /// The caller is the poster or the assignee of a done posting and has not reviewed it yet.
    public var canReview: Bool
}

/// A page of postings and where the next one starts.
public struct PostingPage: Sendable {
    public var postings: [PostingView]
    public var nextCursor: String?
}

/// MKT-1 and MKT-10: a new posting, or a change to one (nil fields stay as they are).
@PublicInit
public struct PostingInput: Sendable {
    public var title: String?
    public var description: String?
    /// A category id, or its name (case-insensitive).
    public var category: String?
    /// MKT-11: with "Other", the category the poster suggests.
    public var suggestedCategory: String??
    public var maxBid: Money?
    /// `.some(nil)` removes the location.
    public var location: MarketPosting.Location??
    /// MKT-12: when the job should happen, as typed (`YYYY-MM-DD`); `.some(nil)` removes it.
    public var when: PostingWhenInput??
}

/// MKT-12: a day, or a window of days, as a client sent it; the Domain checks it against the member's today.
public struct PostingWhenInput: Sendable, Equatable {
    public var from: String
    public var until: String?

    public init(from: String, until: String? = nil) {
        self.from = from
        self.until = until
    }
}

/// MKT-5: which of my postings or bids.
public enum MyPostingsFilter: String, Sendable, CaseIterable { case all, requested, bidded, assigned, done }
public enum MyBidsFilter: String, Sendable, CaseIterable { case all, open, assigned }

/// MKT-11: a category suggestion admins see.
public struct CategorySuggestion: Sendable {
    public var postingID: PostingID
    public var postingTitle: String
    public var suggestion: String
    public var poster: String?
    public var createdAt: Timestamp
}
