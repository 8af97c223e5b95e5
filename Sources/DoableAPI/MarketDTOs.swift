public import DoableCore
import Foundation

/// MKT-1, MKT-3, MKT-9: a posting as the caller may see it. On its own page (`GET /market/postings/{id}`) it also
/// carries `bids`, `questions`, `reviews` and `canReview`; in lists those are left out.
public struct PostingDTO: Codable, Sendable {
    public let id: PostingID
    /// The poster's username; null when the account is gone.
    @Nullable public var poster: String?
    public let title: String
    public let description: String
    @Nullable public var category: CategoryRefDTO?
    @Nullable public var suggestedCategory: String?
    public let maxBid: Double
    public let status: MarketPosting.Status
    /// The lowest open bid; null without one.
    @Nullable public var lowestBid: Double?
    /// How many bids are open.
    public let bidCount: Int
    @Nullable public var location: LocationDTO?
    /// MKT-9: from the point searched near, in kilometres (two decimals); null without `near`.
    @Nullable public var distanceKm: Double?
    @Nullable public var bearingDegrees: Double?
    @Nullable public var assignee: String?
    public let photoIds: [AttachmentID]
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    @Nullable public var doneAt: Timestamp?
    public let version: Int64
    /// The caller's own open bid on it.
    @Nullable public var myBid: OwnBidDTO?
    /// MKT-8: for the poster, open bids it has not seen yet; null for everyone else.
    @Nullable public var unseenBidCount: Int?
    public var bids: [BidDTO]?
    public var questions: [QuestionDTO]?
    public var reviews: [ReviewDTO]?
    public var canReview: Bool?

    public init(
        id: PostingID, poster: String?, title: String, description: String, category: CategoryRefDTO?, suggestedCategory: String?, maxBid: Double,
        status: MarketPosting.Status, lowestBid: Double?, bidCount: Int, location: LocationDTO?, distanceKm: Double?, bearingDegrees: Double?,
        assignee: String?, photoIds: [AttachmentID], createdAt: Timestamp, updatedAt: Timestamp, doneAt: Timestamp?, version: Int64,
        myBid: OwnBidDTO?, unseenBidCount: Int?, bids: [BidDTO]? = nil, questions: [QuestionDTO]? = nil, reviews: [ReviewDTO]? = nil,
        canReview: Bool? = nil
    ) {
        self.id = id
        self.poster = poster
        self.title = title
        self.description = description
        self.category = category
        self.suggestedCategory = suggestedCategory
        self.maxBid = maxBid
        self.status = status
        self.lowestBid = lowestBid
        self.bidCount = bidCount
        self.location = location
        self.distanceKm = distanceKm
        self.bearingDegrees = bearingDegrees
        self.assignee = assignee
        self.photoIds = photoIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.doneAt = doneAt
        self.version = version
        self.myBid = myBid
        self.unseenBidCount = unseenBidCount
        self.bids = bids
        self.questions = questions
        self.reviews = reviews
        self.canReview = canReview
    }

    public static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}

/// MKT-11: the category a posting is in.
public struct CategoryRefDTO: Codable, Sendable {
    public let id: CategoryID
    public let name: String

    public init(
        id: CategoryID, name: String
    ) {
        self.id = id
        self.name = name
    }

}

/// MKT-1, MKT-9: where a posting is; exact for the poster and the assignee, rounded to about 1 km for others.
public struct LocationDTO: Codable, Sendable {
    public let latitude: Double
    public let longitude: Double
    public let placeName: String
    public let exact: Bool

    public init(
        latitude: Double, longitude: Double, placeName: String, exact: Bool
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName
        self.exact = exact
    }

}

/// The caller's own open bid, inside a posting.
public struct OwnBidDTO: Codable, Sendable {
    public let id: BidID
    public let amount: Double
    public let message: String
    public let status: Bid.Status
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let version: Int64

    public init(
        id: BidID, amount: Double, message: String, status: Bid.Status, createdAt: Timestamp, updatedAt: Timestamp, version: Int64
    ) {
        self.id = id
        self.amount = amount
        self.message = message
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

}

/// MKT-4, MKT-6: a bid with the bidder's standing. In "my bids" it also carries its `posting`.
public struct BidDTO: Codable, Sendable {
    public let id: BidID
    public let postingId: PostingID
    @Nullable public var bidder: String?
    public let amount: Double
    public let message: String
    public let status: Bid.Status
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let version: Int64
    public let bidderRating: MarketRatingDTO
    public var posting: PostingDTO?

    public init(
        id: BidID, postingId: PostingID, bidder: String?, amount: Double, message: String, status: Bid.Status, createdAt: Timestamp,
        updatedAt: Timestamp, version: Int64, bidderRating: MarketRatingDTO, posting: PostingDTO? = nil
    ) {
        self.id = id
        self.postingId = postingId
        self.bidder = bidder
        self.amount = amount
        self.message = message
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
        self.bidderRating = bidderRating
        self.posting = posting
    }

}

/// A member's standing on the marketplace: visible ratings and how many assigned postings were done.
public struct MarketRatingDTO: Codable, Sendable {
    /// The average of the visible ratings (two decimals); null without any.
    @Nullable public var average: Double?
    public let count: Int
    /// completedCount / assignedCount (three decimals); null when never assigned.
    @Nullable public var completionRate: Double?
    public let assignedCount: Int
    public let completedCount: Int

    public init(
        average: Double?, count: Int, completionRate: Double?, assignedCount: Int, completedCount: Int
    ) {
        self.average = average
        self.count = count
        self.completionRate = completionRate
        self.assignedCount = assignedCount
        self.completedCount = completedCount
    }

}

/// A public question on a posting and the poster's answer.
public struct QuestionDTO: Codable, Sendable {
    public let id: QuestionID
    public let postingId: PostingID
    @Nullable public var asker: String?
    public let body: String
    @Nullable public var answer: String?
    @Nullable public var answeredAt: Timestamp?
    public let createdAt: Timestamp
    public let version: Int64

    public init(
        id: QuestionID, postingId: PostingID, asker: String?, body: String, answer: String?, answeredAt: Timestamp?, createdAt: Timestamp,
        version: Int64
    ) {
        self.id = id
        self.postingId = postingId
        self.asker = asker
        self.body = body
        self.answer = answer
        self.answeredAt = answeredAt
        self.createdAt = createdAt
        self.version = version
    }

}

/// A rating after a posting is done, by the poster of the assignee or the other way round.
public struct ReviewDTO: Codable, Sendable {
    public let id: ReviewID
    public let postingId: PostingID
    @Nullable public var reviewer: String?
    @Nullable public var reviewee: String?
    public let rating: Int
    public let body: String
    public let createdAt: Timestamp
    /// False while only its writer sees it: until the other side rated too, or 14 days after the posting was done.
    public let isVisible: Bool

    public init(
        id: ReviewID, postingId: PostingID, reviewer: String?, reviewee: String?, rating: Int, body: String, createdAt: Timestamp, isVisible: Bool
    ) {
        self.id = id
        self.postingId = postingId
        self.reviewer = reviewer
        self.reviewee = reviewee
        self.rating = rating
        self.body = body
        self.createdAt = createdAt
        self.isVisible = isVisible
    }

}

/// MKT-11: a category as members and admins list it.
public struct CategoryDTO: Codable, Sendable {
    public let id: CategoryID
    public let name: String
    public let isOther: Bool
    public let isArchived: Bool
    public let createdAt: Timestamp
    public let version: Int64

    public init(
        id: CategoryID, name: String, isOther: Bool, isArchived: Bool, createdAt: Timestamp, version: Int64
    ) {
        self.id = id
        self.name = name
        self.isOther = isOther
        self.isArchived = isArchived
        self.createdAt = createdAt
        self.version = version
    }

}

/// MKT-11: a category a member suggested with "Other", for admins.
public struct CategorySuggestionDTO: Codable, Sendable {
    public let postingId: PostingID
    public let postingTitle: String
    public let suggestion: String
    @Nullable public var poster: String?
    public let createdAt: Timestamp

    public init(
        postingId: PostingID, postingTitle: String, suggestion: String, poster: String?, createdAt: Timestamp
    ) {
        self.postingId = postingId
        self.postingTitle = postingTitle
        self.suggestion = suggestion
        self.poster = poster
        self.createdAt = createdAt
    }

}

public struct PostingPageDTO: Codable, Sendable {
    public let postings: [PostingDTO]
    @Nullable public var nextCursor: String?

    public init(
        postings: [PostingDTO], nextCursor: String?
    ) {
        self.postings = postings
        self.nextCursor = nextCursor
    }
}

public struct MyPostingsDTO: Codable, Sendable {
    public let postings: [PostingDTO]
    /// MKT-8: the badge: open bids on all the caller's postings it has not seen.
    public let unseenBidCount: Int

    public init(
        postings: [PostingDTO], unseenBidCount: Int
    ) {
        self.postings = postings
        self.unseenBidCount = unseenBidCount
    }
}

/// TASK-11: a photo of a task or a posting; its bytes are at `url`.
public struct PhotoDTO: Codable, Sendable {
    public let id: AttachmentID
    @Nullable public var taskId: TaskID?
    @Nullable public var postingId: PostingID?
    public let kind: ImageKind
    public let contentType: String
    public let byteCount: Int
    public let url: String
    public let createdAt: Timestamp

    public init(
        id: AttachmentID, taskId: TaskID?, postingId: PostingID?, kind: ImageKind, contentType: String, byteCount: Int, url: String,
        createdAt: Timestamp
    ) {
        self.id = id
        self.taskId = taskId
        self.postingId = postingId
        self.kind = kind
        self.contentType = contentType
        self.byteCount = byteCount
        self.url = url
        self.createdAt = createdAt
    }

}

/// ACC-3 and MKT: the marketplace part of a public profile.
public struct MarketProfileDTO: Codable, Sendable {
    public let rating: MarketRatingDTO
    /// The latest visible reviews of the member, newest first.
    public let reviews: [ReviewDTO]

    public init(
        rating: MarketRatingDTO, reviews: [ReviewDTO]
    ) {
        self.rating = rating
        self.reviews = reviews
    }
}
