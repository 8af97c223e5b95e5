import DoableCore
import DoableDomain
import Foundation

/// MKT-1, MKT-3, MKT-9: a posting as the caller may see it. On its own page (`GET /market/postings/{id}`) it also
/// carries `bids`, `questions`, `reviews` and `canReview`; in lists those are left out.
struct PostingDTO: Encodable, Sendable {
    let id: PostingID
    /// The poster's username; null when the account is gone.
    @Nullable var poster: String?
    let title: String
    let description: String
    @Nullable var category: CategoryRefDTO?
    @Nullable var suggestedCategory: String?
    let maxBid: Double
    let status: MarketPosting.Status
    /// The lowest open bid; null without one.
    @Nullable var lowestBid: Double?
    /// How many bids are open.
    let bidCount: Int
    @Nullable var location: LocationDTO?
    /// MKT-9: from the point searched near, in kilometres (two decimals); null without `near`.
    @Nullable var distanceKm: Double?
    @Nullable var bearingDegrees: Double?
    @Nullable var assignee: String?
    let photoIds: [AttachmentID]
    let createdAt: Timestamp
    let updatedAt: Timestamp
    @Nullable var doneAt: Timestamp?
    let version: Int64
    /// The caller's own open bid on it.
    @Nullable var myBid: OwnBidDTO?
    /// MKT-8: for the poster, open bids it has not seen yet; null for everyone else.
    @Nullable var unseenBidCount: Int?
    var bids: [BidDTO]?
    var questions: [QuestionDTO]?
    var reviews: [ReviewDTO]?
    var canReview: Bool?

    init(_ view: PostingView) {
        let posting = view.posting
        id = posting.id
        poster = view.poster
        title = posting.title
        description = posting.description
        category = view.category.map(CategoryRefDTO.init)
        suggestedCategory = posting.suggestedCategory
        maxBid = posting.maxBid.jsonNumber
        status = posting.status
        lowestBid = posting.lowestBid?.jsonNumber
        bidCount = posting.openBidCount
        location = view.location.map { LocationDTO($0, exact: view.isLocationExact) }
        distanceKm = view.distanceKm.map { Self.rounded($0, places: 2) }
        bearingDegrees = view.bearingDegrees.map { Self.rounded($0, places: 1).truncatingRemainder(dividingBy: 360) }
        assignee = view.assignee
        photoIds = view.photoIDs
        createdAt = posting.createdAt
        updatedAt = posting.updatedAt
        doneAt = posting.doneAt
        version = posting.version
        myBid = view.myBid.map(OwnBidDTO.init)
        unseenBidCount = view.isPoster ? view.unseenBidCount : nil
    }

    /// The posting's page: with the bids the caller may see, its questions and its reviews.
    init(_ detail: PostingDetail) {
        self.init(detail.view)
        bids = detail.bids.map { BidDTO($0) }
        questions = detail.questions.map(QuestionDTO.init)
        reviews = detail.reviews.map(ReviewDTO.init)
        canReview = detail.canReview
    }

    static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}

/// MKT-11: the category a posting is in.
struct CategoryRefDTO: Encodable, Sendable {
    let id: CategoryID
    let name: String

    init(_ category: MarketCategory) {
        id = category.id
        name = category.name
    }
}

/// MKT-1, MKT-9: where a posting is; exact for the poster and the assignee, rounded to about 1 km for others.
struct LocationDTO: Encodable, Sendable {
    let latitude: Double
    let longitude: Double
    let placeName: String
    let exact: Bool

    init(_ location: MarketPosting.Location, exact: Bool) {
        latitude = location.point.latitude
        longitude = location.point.longitude
        placeName = location.placeName
        self.exact = exact
    }
}

/// The caller's own open bid, inside a posting.
struct OwnBidDTO: Encodable, Sendable {
    let id: BidID
    let amount: Double
    let message: String
    let status: Bid.Status
    let createdAt: Timestamp
    let updatedAt: Timestamp
    let version: Int64

    init(_ bid: Bid) {
        id = bid.id
        amount = bid.amount.jsonNumber
        message = bid.message
        status = bid.status
        createdAt = bid.createdAt
        updatedAt = bid.updatedAt
        version = bid.version
    }
}

/// MKT-4, MKT-6: a bid with the bidder's standing. In "my bids" it also carries its `posting`.
struct BidDTO: Encodable, Sendable {
    let id: BidID
    let postingId: PostingID
    @Nullable var bidder: String?
    let amount: Double
    let message: String
    let status: Bid.Status
    let createdAt: Timestamp
    let updatedAt: Timestamp
    let version: Int64
    let bidderRating: MarketRatingDTO
    var posting: PostingDTO?

    init(_ view: BidView, posting: PostingView? = nil) {
        id = view.bid.id
        postingId = view.bid.postingID
        bidder = view.bidder
        amount = view.bid.amount.jsonNumber
        message = view.bid.message
        status = view.bid.status
        createdAt = view.bid.createdAt
        updatedAt = view.bid.updatedAt
        version = view.bid.version
        bidderRating = MarketRatingDTO(view.bidderRating)
        self.posting = posting.map(PostingDTO.init)
    }
}

/// A member's standing on the marketplace: visible ratings and how many assigned postings were done.
struct MarketRatingDTO: Encodable, Sendable {
    /// The average of the visible ratings (two decimals); null without any.
    @Nullable var average: Double?
    let count: Int
    /// completedCount / assignedCount (three decimals); null when never assigned.
    @Nullable var completionRate: Double?
    let assignedCount: Int
    let completedCount: Int

    init(_ rating: MarketRating) {
        average = rating.average.map { PostingDTO.rounded($0, places: 2) }
        count = rating.count
        completionRate = rating.completionRate.map { PostingDTO.rounded($0, places: 3) }
        assignedCount = rating.assignedCount
        completedCount = rating.completedCount
    }
}

/// A public question on a posting and the poster's answer.
struct QuestionDTO: Encodable, Sendable {
    let id: QuestionID
    let postingId: PostingID
    @Nullable var asker: String?
    let body: String
    @Nullable var answer: String?
    @Nullable var answeredAt: Timestamp?
    let createdAt: Timestamp
    let version: Int64

    init(_ view: QuestionView) {
        id = view.question.id
        postingId = view.question.postingID
        asker = view.asker
        body = view.question.body
        answer = view.question.answer
        answeredAt = view.question.answeredAt
        createdAt = view.question.createdAt
        version = view.question.version
    }
}

/// A rating after a posting is done, by the poster of the assignee or the other way round.
struct ReviewDTO: Encodable, Sendable {
    let id: ReviewID
    let postingId: PostingID
    @Nullable var reviewer: String?
    @Nullable var reviewee: String?
    let rating: Int
    let body: String
    let createdAt: Timestamp
    /// False while only its writer sees it: until the other side rated too, or 14 days after the posting was done.
    let isVisible: Bool

    init(_ view: ReviewView) {
        id = view.review.id
        postingId = view.review.postingID
        reviewer = view.reviewer
        reviewee = view.reviewee
        rating = view.review.rating
        body = view.review.body
        createdAt = view.review.createdAt
        isVisible = view.isVisible
    }
}

/// MKT-11: a category as members and admins list it.
struct CategoryDTO: Encodable, Sendable {
    let id: CategoryID
    let name: String
    let isOther: Bool
    let isArchived: Bool
    let createdAt: Timestamp
    let version: Int64

    init(_ category: MarketCategory) {
        id = category.id
        name = category.name
        isOther = category.isOther
        isArchived = category.isArchived
        createdAt = category.createdAt
        version = category.version
    }
}

/// MKT-11: a category a member suggested with "Other", for admins.
struct CategorySuggestionDTO: Encodable, Sendable {
    let postingId: PostingID
    let postingTitle: String
    let suggestion: String
    @Nullable var poster: String?
    let createdAt: Timestamp

    init(_ suggestion: CategorySuggestion) {
        postingId = suggestion.postingID
        postingTitle = suggestion.postingTitle
        self.suggestion = suggestion.suggestion
        poster = suggestion.poster
        createdAt = suggestion.createdAt
    }
}

struct PostingPageDTO: Encodable, Sendable {
    let postings: [PostingDTO]
    @Nullable var nextCursor: String?
}

struct MyPostingsDTO: Encodable, Sendable {
    let postings: [PostingDTO]
    /// MKT-8: the badge: open bids on all the caller's postings it has not seen.
    let unseenBidCount: Int
}

/// TASK-11: a photo of a task or a posting; its bytes are at `url`.
struct PhotoDTO: Encodable, Sendable {
    let id: AttachmentID
    @Nullable var taskId: TaskID?
    @Nullable var postingId: PostingID?
    let kind: ImageKind
    let contentType: String
    let byteCount: Int
    let url: String
    let createdAt: Timestamp

    init(_ photo: Attachment) {
        id = photo.id
        taskId = photo.taskID
        postingId = photo.postingID
        kind = photo.kind
        contentType = photo.kind.mediaType
        byteCount = photo.byteCount
        url = "/api/v1/attachments/\(photo.id)"
        createdAt = photo.createdAt
    }
}

/// ACC-3 and MKT: the marketplace part of a public profile.
struct MarketProfileDTO: Encodable, Sendable {
    let rating: MarketRatingDTO
    /// The latest visible reviews of the member, newest first.
    let reviews: [ReviewDTO]
}
