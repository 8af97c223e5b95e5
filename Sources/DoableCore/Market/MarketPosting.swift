import PublicInit

/// MKT-1: a task a member wants done by someone else, offered on the marketplace.
@PublicInit
public struct MarketPosting: Sendable, Equatable, Codable {
    public var id: PostingID
    public var posterID: AccountID
    public var title: String
    public var description: String
    public var categoryID: CategoryID
    /// When the poster chose "Other": the category they suggest instead (MKT-11), for admins to see.
    public var suggestedCategory: String?
    public var maxBid: Money
    public var status: Status = .requested
    public var location: Location?
    /// MKT-12: when the job should happen, if the poster said.
    public var when: PostingWhen?
    /// The accepted bid and its bidder while the posting is assigned or done.
    public var assigneeID: AccountID?
    public var acceptedBidID: BidID?
    /// The task the assignee got for it in their own lists.
    public var assigneeTaskID: TaskID?
    /// Of the open bids: the lowest amount and how many (kept with every bid written, for result lists).
    public var lowestBid: Money?
    public var openBidCount: Int = 0
    /// MKT-8: bids written after this the poster has not seen (the badge).
    public var bidsSeenAt: Timestamp
    public var doneAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set when the poster took it off the marketplace.
    public var deletedAt: Timestamp?
    public var version: Int64 = 1

    public enum Status: String, Sendable, Codable, CaseIterable {
        case requested, bidded, assigned, done

        /// MKT-2: what search and near-me show, and what takes bids.
        public var isOpen: Bool { self == .requested || self == .bidded }
    }

    @PublicInit
    public struct Location: Sendable, Equatable, Codable {
        public var point: GeoPoint
        public var placeName: String
    }
}

/// MKT-4: a member's offer to do a posting for an amount.
@PublicInit
public struct Bid: Sendable, Equatable, Codable {
    public var id: BidID
    public var postingID: PostingID
    /// The posting's poster, who hears of the bid (it never changes).
    public var posterID: AccountID
    public var bidderID: AccountID
    public var amount: Money
    /// An optional word to the poster.
    public var message: String = ""
    public var status: Status = .open
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64 = 1

    public enum Status: String, Sendable, Codable, CaseIterable { case open, accepted, declined, withdrawn }
}

/// A public question on a posting before it is assigned, answered by the poster.
@PublicInit
public struct MarketQuestion: Sendable, Equatable, Codable {
    public var id: QuestionID
    public var postingID: PostingID
    public var posterID: AccountID
    public var askerID: AccountID
    public var body: String
    public var answer: String?
    public var answeredAt: Timestamp?
    public var createdAt: Timestamp
    public var version: Int64 = 1
}

/// After a posting is done, poster and assignee rate each other: 1–5 and a short text. A review stays hidden until
/// both have rated or `MarketReview.hiddenFor` has passed since the posting was done.
@PublicInit
public struct MarketReview: Sendable, Equatable, Codable {
    public var id: ReviewID
    public var postingID: PostingID
    public var reviewerID: AccountID
    public var revieweeID: AccountID
    public var rating: Int
    public var body: String
    public var createdAt: Timestamp

    public static let hiddenForSeconds: Int64 = 14 * 86_400
}

/// MKT-11: a marketplace category, set by admins.
@PublicInit
public struct MarketCategory: Sendable, Equatable, Codable {
    public var id: CategoryID
    public var name: String
    /// "Other": the one a member picks to suggest a new category; always there, never removed.
    public var isOther: Bool = false
    /// An archived category takes no new postings; the postings in it keep it.
    public var isArchived: Bool = false
    public var createdAt: Timestamp
    public var version: Int64 = 1
}
