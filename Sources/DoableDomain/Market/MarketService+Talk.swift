public import DoableCore
@_spi(StoreWriting) import DoableStore

/// Public questions on a posting before it is assigned, answered by the poster; and after it is done, the two-way
/// reviews, each hidden until both sides rated or 14 days passed (blind, so neither answers the other's).
extension MarketService {
    /// A member other than the poster asks a public question on an open posting; the poster is told.
    public func askQuestion(_ identity: Identity, postingID: PostingID, body: String?) async throws -> QuestionView {
        let text = try MarketRules.question(body ?? "")
        let question = try await perform(by: identity.account.id) {
            let posting = try await visiblePosting(postingID)
            guard posting.posterID != identity.account.id else {
                throw DoableError.conflict(
                    code: "own_posting", field: nil,
                    message: "Answer questions on your own posting instead of asking one.")
            }
            guard posting.status.isOpen else {
                throw DoableError.conflict(
                    code: "posting_closed", field: nil,
                    message: "Questions are closed once a posting is assigned.")
            }
            let now = clock()
            let question = MarketQuestion(
                id: .make(at: now), postingID: postingID, posterID: posting.posterID,
                askerID: identity.account.id, body: text, createdAt: now)
            var batch = WriteBatch([.putQuestion(question)], now: now)
            batch.operations += try await domain.reminders.notification(
                to: posting.posterID, .marketQuestion, title: "Question on “\(posting.title)”",
                body: "\(identity.account.username) asks: \(text)", posting: postingID, by: identity)
            return (batch, question)
        }
        return QuestionView(question: question, asker: identity.account.username)
    }

    /// The poster answers (or corrects its answer to) a question; the asker is told.
    public func answerQuestion(_ identity: Identity, id: QuestionID, answer: String?) async throws -> QuestionView {
        let text = try MarketRules.question(answer ?? "", field: "answer")
        let question = try await perform(by: identity.account.id) {
            guard var question = try await store.question(id: id) else {
                throw DoableError.notFound("Question not found.")
            }
            let posting = try await visiblePosting(question.postingID)
            guard posting.posterID == identity.account.id else {
                throw DoableError.forbidden("Only the poster answers questions.")
            }
            let now = clock()
            question.answer = text
            question.answeredAt = now
            question.version += 1
            var batch = WriteBatch([.putQuestion(question)], now: now)
            batch.operations += try await domain.reminders.notification(
                to: question.askerID, .marketAnswer, title: "Answer on “\(posting.title)”",
                body: "\(identity.account.username) answered: \(text)", posting: posting.id, by: identity)
            return (batch, question)
        }
        return QuestionView(question: question, asker: try await usernames([question.askerID])[question.askerID])
    }

    public func questions(_ identity: Identity, postingID: PostingID) async throws -> [QuestionView] {
        _ = try await visiblePosting(postingID)
        let questions = try await store.questions(postingID: postingID)
        let names = try await usernames(questions.map(\.askerID))
        return questions.map { QuestionView(question: $0, asker: names[$0.askerID]) }
    }

    /// After the posting is done, the poster rates the assignee and the assignee the poster, once each.
    public func reviewPosting(_ identity: Identity, postingID: PostingID, rating: Int, body: String?) async throws
        -> ReviewView
    {
        let rating = try MarketRules.rating(rating)
        let text = try MarketRules.reviewBody(body ?? "")
        let (review, visible) = try await perform(by: identity.account.id) {
            let posting = try await visiblePosting(postingID)
            let me = identity.account.id
            guard posting.status == .done, let assignee = posting.assigneeID else {
                throw DoableError.conflict(
                    code: "posting_not_done", field: nil,
                    message: "Poster and assignee rate each other once the posting is done.")
            }
            guard me == posting.posterID || me == assignee else {
                throw DoableError.forbidden("Only the poster and the assignee rate each other.")
            }
            let existing = try await store.reviews(postingID: postingID)
            guard !existing.contains(where: { $0.reviewerID == me }) else {
                throw DoableError.conflict(
                    code: "already_reviewed", field: nil,
                    message: "You already rated this posting; a rating can't be changed.")
            }
            let now = clock()
            let review = MarketReview(
                id: .make(at: now), postingID: postingID, reviewerID: me,
                revieweeID: me == posting.posterID ? assignee : posting.posterID,
                rating: rating, body: text, createdAt: now)
            var batch = WriteBatch([.putReview(review)], now: now)
            let bothRated = existing.contains { $0.reviewerID == review.revieweeID }
            batch.operations += try await domain.reminders.notification(
                to: review.revieweeID, .marketReview, title: "\(identity.account.username) rated you",
                body: bothRated
                    ? "Both of you have rated “\(posting.title)”: the ratings are now shown."
                    : "Rate them too for “\(posting.title)”: both ratings are shown once you do, or after 14 days.",
                posting: postingID, by: identity)
            return (batch, (review, Self.isVisible(review, among: existing + [review], posting: posting, now: now)))
        }
        let names = try await usernames([review.reviewerID, review.revieweeID])
        return ReviewView(
            review: review, reviewer: names[review.reviewerID], reviewee: names[review.revieweeID],
            isVisible: visible)
    }

    /// A review is shown when the other side rated too, or 14 days after the posting was done.
    static func isVisible(
        _ review: MarketReview, among reviews: [MarketReview], posting: MarketPosting,
        now: Timestamp
    ) -> Bool {
        if reviews.contains(where: { $0.postingID == review.postingID && $0.reviewerID == review.revieweeID }) {
            return true
        }
        let since = posting.doneAt ?? review.createdAt
        return now.milliseconds - since.milliseconds >= MarketReview.hiddenForSeconds * 1_000
    }

    /// The public profile's marketplace part: visible ratings and the completion rate, with the latest reviews.
    public func marketProfile(accountID: AccountID, reviewLimit: Int = 20) async throws
        -> (rating: MarketRating, reviews: [ReviewView])
    {
        let rating =
            try await marketRatings([accountID])[accountID]
            ?? MarketRating(average: nil, count: 0, assignedCount: 0, completedCount: 0)
        let reviews = try await visibleReviews(of: accountID, limit: reviewLimit)
        let names = try await usernames(reviews.map(\.reviewerID))
        return (
            rating,
            reviews.map {
                ReviewView(
                    review: $0, reviewer: names[$0.reviewerID], reviewee: nil,
                    isVisible: true)
            }
        )
    }

    /// Each account's standing: the average of its visible ratings, and how many postings it was assigned
    /// (accepted bids) and finished (postings marked done on its accepted bid).
    func marketRatings(_ accounts: [AccountID]) async throws -> [AccountID: MarketRating] {
        var result: [AccountID: MarketRating] = [:]
        for account in accounts {
            let reviews = try await visibleReviews(of: account, limit: 1_000)
            let accepted = try await store.bids(bidderID: account).filter { $0.status == .accepted }
            let done = try await store.postings(ids: accepted.map(\.postingID))
                .filter { posting in posting.status == .done && accepted.contains { $0.id == posting.acceptedBidID } }
            result[account] = MarketRating(
                average: reviews.isEmpty ? nil : Double(reviews.map(\.rating).reduce(0, +)) / Double(reviews.count),
                count: reviews.count, assignedCount: accepted.count, completedCount: done.count)
        }
        return result
    }

    func visibleReviews(of account: AccountID, limit: Int) async throws -> [MarketReview] {
        let reviews = try await store.reviews(revieweeID: account, limit: limit)
        guard !reviews.isEmpty else { return [] }
        let postings = Dictionary(
            try await store.postings(ids: Array(Set(reviews.map(\.postingID))))
                .map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = clock()
        var visible: [MarketReview] = []
        for review in reviews {
            guard let posting = postings[review.postingID] else { continue }
            let all = try await store.reviews(postingID: posting.id)
            if Self.isVisible(review, among: all, posting: posting, now: now) { visible.append(review) }
        }
        return visible
    }
}
