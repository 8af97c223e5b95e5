/// MKT-1: a task a member wants done by someone else, offered on the marketplace.
public struct MarketPosting: Sendable, Equatable, Codable {
    public var id: PostingID
    public var posterID: AccountID
    public var title: String
    public var description: String
    public var categoryID: CategoryID
    /// When the poster chose "Other": the category they suggest instead (MKT-11), for admins to see.
    public var suggestedCategory: String?
    public var maxBid: Money
    public var status: Status
    public var location: Location?
    /// The accepted bid and its bidder while the posting is assigned or done.
    public var assigneeID: AccountID?
    public var acceptedBidID: BidID?
    /// The task the assignee got for it in their own lists.
    public var assigneeTaskID: TaskID?
    /// Of the open bids: the lowest amount and how many (kept with every bid written, for result lists).
    public var lowestBid: Money?
    public var openBidCount: Int
    /// MKT-8: bids written after this the poster has not seen (the badge).
    public var bidsSeenAt: Timestamp
    public var doneAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Set when the poster took it off the marketplace.
    public var deletedAt: Timestamp?
    public var version: Int64

    public enum Status: String, Sendable, Codable, CaseIterable {
        case requested, bidded, assigned, done

        /// MKT-2: what search and near-me show, and what takes bids.
        public var isOpen: Bool { self == .requested || self == .bidded }
    }

    public struct Location: Sendable, Equatable, Codable {
        public var point: GeoPoint
        public var placeName: String

        public init(point: GeoPoint, placeName: String) {
            self.point = point
            self.placeName = placeName
        }
    }

    public init(
        id: PostingID, posterID: AccountID, title: String, description: String, categoryID: CategoryID,
        suggestedCategory: String? = nil, maxBid: Money, status: Status = .requested,
        location: Location? = nil, assigneeID: AccountID? = nil, acceptedBidID: BidID? = nil,
        assigneeTaskID: TaskID? = nil, lowestBid: Money? = nil, openBidCount: Int = 0,
        bidsSeenAt: Timestamp, doneAt: Timestamp? = nil, createdAt: Timestamp, updatedAt: Timestamp,
        deletedAt: Timestamp? = nil, version: Int64 = 1
    ) {
        self.id = id
        self.posterID = posterID
        self.title = title
        self.description = description
        self.categoryID = categoryID
        self.suggestedCategory = suggestedCategory
        self.maxBid = maxBid
        self.status = status
        self.location = location
        self.assigneeID = assigneeID
        self.acceptedBidID = acceptedBidID
        self.assigneeTaskID = assigneeTaskID
        self.lowestBid = lowestBid
        self.openBidCount = openBidCount
        self.bidsSeenAt = bidsSeenAt
        self.doneAt = doneAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
    }
}

/// MKT-4: a member's offer to do a posting for an amount.
public struct Bid: Sendable, Equatable, Codable {
    public var id: BidID
    public var postingID: PostingID
    /// The posting's poster, who hears of the bid (it never changes).
    public var posterID: AccountID
    public var bidderID: AccountID
    public var amount: Money
    /// An optional word to the poster.
    public var message: String
    public var status: Status
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64

    public enum Status: String, Sendable, Codable, CaseIterable { case open, accepted, declined, withdrawn }

    public init(
        id: BidID, postingID: PostingID, posterID: AccountID, bidderID: AccountID, amount: Money,
        message: String = "", status: Status = .open, createdAt: Timestamp, updatedAt: Timestamp,
        version: Int64 = 1
    ) {
        self.id = id
        self.postingID = postingID
        self.posterID = posterID
        self.bidderID = bidderID
        self.amount = amount
        self.message = message
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }
}

/// A public question on a posting before it is assigned, answered by the poster.
public struct MarketQuestion: Sendable, Equatable, Codable {
    public var id: QuestionID
    public var postingID: PostingID
    public var posterID: AccountID
    public var askerID: AccountID
    public var body: String
    public var answer: String?
    public var answeredAt: Timestamp?
    public var createdAt: Timestamp
    public var version: Int64

    public init(
        id: QuestionID, postingID: PostingID, posterID: AccountID, askerID: AccountID, body: String,
        answer: String? = nil, answeredAt: Timestamp? = nil, createdAt: Timestamp, version: Int64 = 1
    ) {
        self.id = id
        self.postingID = postingID
        self.posterID = posterID
        self.askerID = askerID
        self.body = body
        self.answer = answer
        self.answeredAt = answeredAt
        self.createdAt = createdAt
        self.version = version
    }
}

/// After a posting is done, poster and assignee rate each other: 1–5 and a short text. A review stays hidden until
/// both have rated or `MarketReview.hiddenFor` has passed since the posting was done.
public struct MarketReview: Sendable, Equatable, Codable {
    public var id: ReviewID
    public var postingID: PostingID
    public var reviewerID: AccountID
    public var revieweeID: AccountID
    public var rating: Int
    public var body: String
    public var createdAt: Timestamp

    public static let hiddenForSeconds: Int64 = 14 * 86_400

    public init(
        id: ReviewID, postingID: PostingID, reviewerID: AccountID, revieweeID: AccountID, rating: Int,
        body: String, createdAt: Timestamp
    ) {
        self.id = id
        self.postingID = postingID
        self.reviewerID = reviewerID
        self.revieweeID = revieweeID
        self.rating = rating
        self.body = body
        self.createdAt = createdAt
    }
}

/// MKT-11: a marketplace category, set by admins.
public struct MarketCategory: Sendable, Equatable, Codable {
    public var id: CategoryID
    public var name: String
    /// "Other": the one a member picks to suggest a new category; always there, never removed.
    public var isOther: Bool
    /// An archived category takes no new postings; the postings in it keep it.
    public var isArchived: Bool
    public var createdAt: Timestamp
    public var version: Int64

    public init(
        id: CategoryID, name: String, isOther: Bool = false, isArchived: Bool = false, createdAt: Timestamp,
        version: Int64 = 1
    ) {
        self.id = id
        self.name = name
        self.isOther = isOther
        self.isArchived = isArchived
        self.createdAt = createdAt
        self.version = version
    }
}
