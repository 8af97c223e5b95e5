public import DoableAPI
public import DoableCore
public import DoableDomain
import Foundation

extension PostingDTO {
    public init(_ view: PostingView) {
        let posting = view.posting
        self.init(
            id: posting.id, poster: view.poster, title: posting.title, description: posting.description,
            category: view.category.map(CategoryRefDTO.init), suggestedCategory: posting.suggestedCategory,
            maxBid: posting.maxBid.jsonNumber, currency: view.currency, status: posting.status, lowestBid: posting.lowestBid?.jsonNumber,
            bidCount: posting.openBidCount,
            location: view.location.map { LocationDTO($0, exact: view.isLocationExact) },
            when: posting.when.map { PostingWhenDTO(from: $0.from, until: $0.until) },
            distanceKm: view.distanceKm.map { Self.rounded($0, places: 2) },
            bearingDegrees: view.bearingDegrees.map { Self.rounded($0, places: 1).truncatingRemainder(dividingBy: 360) },
            assignee: view.assignee, photoIds: view.photoIDs, createdAt: posting.createdAt,
            updatedAt: posting.updatedAt, doneAt: posting.doneAt, version: posting.version,
            myBid: view.myBid.map(OwnBidDTO.init), unseenBidCount: view.isPoster ? view.unseenBidCount : nil,
            bids: nil, questions: nil, reviews: nil, canReview: nil)
    }
}

extension PostingDTO {
    /// The posting's page: with the bids the caller may see, its questions and its reviews.
    public init(_ detail: PostingDetail) {
        self.init(detail.view)
        bids = detail.bids.map { BidDTO($0) }
        questions = detail.questions.map(QuestionDTO.init)
        reviews = detail.reviews.map(ReviewDTO.init)
        canReview = detail.canReview
    }
}

extension CategoryRefDTO {
    public init(_ category: MarketCategory) {
        self.init(
            id: category.id,
            name: category.name)
    }
}

extension LocationDTO {
    public init(_ location: MarketPosting.Location, exact: Bool) {
        self.init(
            latitude: location.point.latitude, longitude: location.point.longitude, placeName: location.placeName,
            exact: exact)
    }
}

extension OwnBidDTO {
    public init(_ bid: Bid) {
        self.init(
            id: bid.id, amount: bid.amount.jsonNumber, message: bid.message, status: bid.status,
            createdAt: bid.createdAt, updatedAt: bid.updatedAt, version: bid.version)
    }
}

extension BidDTO {
    public init(_ view: BidView, posting: PostingView? = nil) {
        self.init(
            id: view.bid.id, postingId: view.bid.postingID, bidder: view.bidder, amount: view.bid.amount.jsonNumber,
            currency: view.currency,
            message: view.bid.message, status: view.bid.status, createdAt: view.bid.createdAt,
            updatedAt: view.bid.updatedAt, version: view.bid.version,
            bidderRating: MarketRatingDTO(view.bidderRating), posting: posting.map(PostingDTO.init))
    }
}

extension MarketRatingDTO {
    public init(_ rating: MarketRating) {
        self.init(
            average: rating.average.map { PostingDTO.rounded($0, places: 2) }, count: rating.count,
            completionRate: rating.completionRate.map { PostingDTO.rounded($0, places: 3) },
            assignedCount: rating.assignedCount, completedCount: rating.completedCount)
    }
}

extension QuestionDTO {
    public init(_ view: QuestionView) {
        self.init(
            id: view.question.id, postingId: view.question.postingID, asker: view.asker, body: view.question.body,
            answer: view.question.answer, answeredAt: view.question.answeredAt, createdAt: view.question.createdAt,
            version: view.question.version)
    }
}

extension ReviewDTO {
    public init(_ view: ReviewView) {
        self.init(
            id: view.review.id, postingId: view.review.postingID, reviewer: view.reviewer, reviewee: view.reviewee,
            rating: view.review.rating, body: view.review.body, createdAt: view.review.createdAt,
            isVisible: view.isVisible)
    }
}

extension CategoryDTO {
    public init(_ category: MarketCategory) {
        self.init(
            id: category.id, name: category.name, isOther: category.isOther, isArchived: category.isArchived,
            createdAt: category.createdAt, version: category.version)
    }
}

extension CategorySuggestionDTO {
    public init(_ suggestion: CategorySuggestion) {
        self.init(
            postingId: suggestion.postingID, postingTitle: suggestion.postingTitle, suggestion: suggestion.suggestion,
            poster: suggestion.poster, createdAt: suggestion.createdAt)
    }
}

extension PhotoDTO {
    public init(_ photo: Attachment) {
        self.init(
            id: photo.id, taskId: photo.taskID, postingId: photo.postingID, kind: photo.kind,
            contentType: photo.kind.mediaType, byteCount: photo.byteCount, url: "/api/v1/attachments/\(photo.id)",
            createdAt: photo.createdAt)
    }
}
