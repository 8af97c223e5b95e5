public import DoableCore
import Foundation
import PublicInit

/// MKT-1, MKT-3, MKT-9: a posting as the caller may see it. On its own page (`GET /market/postings/{id}`) it also
/// carries `bids`, `questions`, `reviews` and `canReview`; in lists those are left out.
@PublicInit
public struct PostingDTO: Codable, Sendable {
    public let id: PostingID
    /// The poster's username; null when the account is gone.
    @Nullable public var poster: String?
    public let title: String
    public let description: String
    @Nullable public var category: CategoryRefDTO?
    @Nullable public var suggestedCategory: String?
    public let maxBid: Double
    /// MKT-12: the ISO 4217 code `maxBid`, `lowestBid` and the bids are in (the server's `--currency`).
    public let currency: CurrencyCode
    public let status: MarketPosting.Status
    /// The lowest open bid; null without one.
    @Nullable public var lowestBid: Double?
    /// How many bids are open.
    public let bidCount: Int
    @Nullable public var location: LocationDTO?
    /// MKT-12: when the job should happen; null when the poster did not say.
    @Nullable public var when: PostingWhenDTO?
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

    public static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}

/// MKT-12: one day (`until` null) or a window of days, both ends included.
@PublicInit
public struct PostingWhenDTO: Codable, Sendable {
    public let from: CivilDate
    @Nullable public var until: CivilDate?
}

/// MKT-12: how this server shows money and places (`GET /api/v1/market/settings`).
@PublicInit
public struct MarketSettingsDTO: Codable, Sendable {
    public let currency: CurrencyCode
    @Nullable public var mapTiles: String?
    public let mapAttribution: String
    public let placeSearch: Bool
}

/// MKT-12: places found for an address (`GET /api/v1/market/places`).
@PublicInit
public struct PlaceSearchResultDTO: Codable, Sendable {
    public let places: [FoundPlaceDTO]
    public let available: Bool
}

@PublicInit
public struct FoundPlaceDTO: Codable, Sendable {
    public let name: String
    public let latitude: Double
    public let longitude: Double
}

/// MKT-11: the category a posting is in.
@PublicInit
public struct CategoryRefDTO: Codable, Sendable {
    public let id: CategoryID
    public let name: String
}

/// MKT-1, MKT-9: where a posting is; exact for the poster and the assignee, rounded to about 1 km for others.
@PublicInit
public struct LocationDTO: Codable, Sendable {
    public let latitude: Double
    public let longitude: Double
    public let placeName: String
    public let exact: Bool
}

/// The caller's own open bid, inside a posting.
@PublicInit
public struct OwnBidDTO: Codable, Sendable {
    public let id: BidID
    public let amount: Double
    public let message: String
    public let status: Bid.Status
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let version: Int64
}

/// MKT-4, MKT-6: a bid with the bidder's standing. In "my bids" it also carries its `posting`.
@PublicInit
public struct BidDTO: Codable, Sendable {
    public let id: BidID
    public let postingId: PostingID
    @Nullable public var bidder: String?
    public let amount: Double
    /// MKT-12: the ISO 4217 code of `amount`.
    public let currency: CurrencyCode
    public let message: String
    public let status: Bid.Status
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let version: Int64
    public let bidderRating: MarketRatingDTO
    public var posting: PostingDTO?
}

/// A member's standing on the marketplace: visible ratings and how many assigned postings were done.
@PublicInit
public struct MarketRatingDTO: Codable, Sendable {
    /// The average of the visible ratings (two decimals); null without any.
    @Nullable public var average: Double?
    public let count: Int
    /// completedCount / assignedCount (three decimals); null when never assigned.
    @Nullable public var completionRate: Double?
    public let assignedCount: Int
    public let completedCount: Int
}

/// A public question on a posting and the poster's answer.
@PublicInit
public struct QuestionDTO: Codable, Sendable {
    public let id: QuestionID
    public let postingId: PostingID
    @Nullable public var asker: String?
    public let body: String
    @Nullable public var answer: String?
    @Nullable public var answeredAt: Timestamp?
    public let createdAt: Timestamp
    public let version: Int64
}

/// A rating after a posting is done, by the poster of the assignee or the other way round.
@PublicInit
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
}

/// MKT-11: a category as members and admins list it.
@PublicInit
public struct CategoryDTO: Codable, Sendable {
    public let id: CategoryID
    public let name: String
    public let isOther: Bool
    public let isArchived: Bool
    public let createdAt: Timestamp
    public let version: Int64
}

/// MKT-11: a category a member suggested with "Other", for admins.
@PublicInit
public struct CategorySuggestionDTO: Codable, Sendable {
    public let postingId: PostingID
    public let postingTitle: String
    public let suggestion: String
    @Nullable public var poster: String?
    public let createdAt: Timestamp
}

@PublicInit
public struct PostingPageDTO: Codable, Sendable {
    public let postings: [PostingDTO]
    @Nullable public var nextCursor: String?
}

@PublicInit
public struct MyPostingsDTO: Codable, Sendable {
    public let postings: [PostingDTO]
    /// MKT-8: the badge: open bids on all the caller's postings it has not seen.
    public let unseenBidCount: Int
}

/// TASK-11: a photo of a task or a posting; its bytes are at `url`.
@PublicInit
public struct PhotoDTO: Codable, Sendable {
    public let id: AttachmentID
    @Nullable public var taskId: TaskID?
    @Nullable public var postingId: PostingID?
    public let kind: ImageKind
    public let contentType: String
    public let byteCount: Int
    public let url: String
    public let createdAt: Timestamp
}

/// ACC-3 and MKT: the marketplace part of a public profile.
@PublicInit
public struct MarketProfileDTO: Codable, Sendable {
    public let rating: MarketRatingDTO
    /// The latest visible reviews of the member, newest first.
    public let reviews: [ReviewDTO]
}
