public import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation

/// MKT-1, MKT-2, MKT-3, MKT-7, MKT-9, MKT-10: postings. Every signed-in member sees every posting that is not
/// deleted; only its poster changes it. Each change goes through `PostingLifecycle` and one batch.
extension MarketService {
    public static let marketPageLimit = 100
    /// How many postings near a point are weighed at most before the nearest are kept.
    static let nearCandidateLimit = 20_000

    // MARK: Reading

    public func posting(_ identity: Identity, id: PostingID) async throws -> PostingDetail {
        let posting = try await visiblePosting(id)
        let view = try await postingViews([posting], for: identity)[0]
        let allBids = try await store.bids(postingID: id)
        let me = identity.account.id
        let shownBids = view.isPoster ? allBids : allBids.filter { $0.bidderID == me }
        let questions = try await store.questions(postingID: id)
        let reviews = try await store.reviews(postingID: id)
        let names = try await usernames(
            shownBids.map(\.bidderID) + questions.map(\.askerID)
                + reviews.flatMap { [$0.reviewerID, $0.revieweeID] })
        let ratings = try await marketRatings(Array(Set(shownBids.map(\.bidderID))))
        let now = clock()
        let reviewViews = reviews.map { review in
            ReviewView(
                review: review, reviewer: names[review.reviewerID], reviewee: names[review.revieweeID],
                isVisible: Self.isVisible(review, among: reviews, posting: posting, now: now))
        }.filter { $0.isVisible || $0.review.reviewerID == me }
        let isParty = view.isPoster || view.isAssignee
        let canReview =
            posting.status == .done && isParty && !reviews.contains { $0.reviewerID == me }
            && (view.isPoster ? posting.assigneeID != nil : true)
        return PostingDetail(
            view: view,
            bids: shownBids.map {
                BidView(
                    bid: $0, bidder: names[$0.bidderID],
                    bidderRating: ratings[$0.bidderID]
                        ?? MarketRating(average: nil, count: 0, assignedCount: 0, completedCount: 0),
                    currency: domain.currency)
            },
            questions: questions.map { QuestionView(question: $0, asker: names[$0.askerID]) },
            reviews: reviewViews, canReview: canReview)
    }

    public func postingView(_ identity: Identity, id: PostingID) async throws -> PostingView {
        try await postingViews([try await visiblePosting(id)], for: identity)[0]
    }

    /// MKT-2: open postings matching every word of `text`, newest first, in pages; with `statuses` `[.done]`, the
    /// finished ones instead (issue 29: a marketplace whose postings are all done is not empty).
    public func searchPostings(
        _ identity: Identity, text: String, category: String? = nil,
        statuses: [MarketPosting.Status]? = nil, cursor: String? = nil,
        limit: Int = 50
    ) async throws -> PostingPage {
        let words = try Rules.text(
            text, field: "q", trimmed: true, length: 0...200,
            "A search must be at most 200 characters.")
        let statuses = try Self.searchStatuses(statuses)
        let category = try await category.asyncMap { try await resolveCategory($0, field: "category") }
        let limit = max(1, min(limit, Self.marketPageLimit))
        let query = PostingQuery(
            text: words, statuses: statuses, categoryID: category?.id,
            before: try cursor.map(Self.parseCursor), limit: limit + 1)
        var found = try await store.searchPostings(query)
        var next: String?
        if found.count > limit {
            found.removeLast(found.count - limit)
            if let last = found.last { next = "\(last.createdAt.milliseconds):\(last.id)" }
        }
        return PostingPage(postings: try await postingViews(found, for: identity), nextCursor: next)
    }

    /// MKT-9: open postings within `radiusKm` of `point`, nearest first, with their distance.
    public func postingsNear(
        _ identity: Identity, point: GeoPoint, radiusKm: Double = MarketRules.defaultRadiusKm,
        text: String = "", category: String? = nil, statuses: [MarketPosting.Status]? = nil,
        limit: Int = 50
    ) async throws -> [PostingView] {
        let radius = try MarketRules.radiusKm(radiusKm)
        let words = try Rules.text(
            text, field: "q", trimmed: true, length: 0...200,
            "A search must be at most 200 characters.")
        let statuses = try Self.openStatuses(statuses)
        let category = try await category.asyncMap { try await resolveCategory($0, field: "category") }
        // Seed 003 and MKT-9: everyone but the poster and the assignee is filtered, sorted and told distances on the
        // approximate point only, so that no radius, order or distance reveals more than the map shows. The box is
        // widened by the approximation's reach, so that whether a posting is a candidate never depends on the exact
        // point either.
        let candidates = try await store.postings(
            in: point.searchBox(radiusKm: radius + GeoPoint.approximationReachKm), statuses: statuses,
            categoryID: category?.id, limit: Self.nearCandidateLimit)
        let matcher = PostingWords(words)
        let me = identity.account.id
        var near: [(posting: MarketPosting, distance: Double)] = []
        for posting in candidates {
            guard let location = posting.location, matcher.matches(posting) else { continue }
            let seen = posting.posterID == me || posting.assigneeID == me ? location.point : location.point.approximate
            let distance = point.distanceKm(to: seen)
            if distance <= radius { near.append((posting, distance)) }
        }
        near.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.posting.id < $1.posting.id }
        let nearest = near.prefix(max(1, min(limit, Self.marketPageLimit))).map(\.posting)
        return try await postingViews(Array(nearest), for: identity, near: point)
    }

    /// MKT-5: the caller's postings, newest first.
    public func myPostings(_ identity: Identity, filter: MyPostingsFilter = .all) async throws -> [PostingView] {
        let postings = try await store.postings(posterID: identity.account.id).filter { posting in
            switch filter {
            case .all: true
            case .requested: posting.status == .requested
            case .bidded: posting.status == .bidded
            case .assigned: posting.status == .assigned
            case .done: posting.status == .done
            }
        }
        return try await postingViews(postings, for: identity)
    }

    /// MKT-8: the badge: bids on the caller's postings it has not seen.
    public func unseenBidCount(_ identity: Identity) async throws -> Int {
        try await store.unseenBidCount(posterID: identity.account.id)
    }

    // MARK: Writing

    /// MKT-1: a new posting, requested.
    public func createPosting(_ identity: Identity, _ input: PostingInput) async throws -> PostingView {
        try domain.accounts.requireVerifiedEmail(identity, for: "posting to the marketplace")
        let now = clock()
        let title = try MarketRules.title(input.title ?? "")
        let description = try MarketRules.description(input.description ?? "")
        guard let maxBid = input.maxBid else { throw DoableError.invalid("maxBid", "The maximum bid is required.") }
        guard let categoryText = input.category else {
            throw DoableError.invalid("category", "Choose a category (or Other).")
        }
        let category = try await resolveCategory(categoryText, field: "category", forNew: true)
        let suggestion = try Self.suggestion(input.suggestedCategory ?? nil, category: category)
        let location = try (input.location ?? nil).map(Self.checked)
        let when = try (input.when ?? nil).map { try Self.when($0, for: identity, now: now, keeping: nil) }
        let posting = try await perform(by: identity.account.id) {
            let posting = MarketPosting(
                id: .make(at: now), posterID: identity.account.id, title: title, description: description,
                categoryID: category.id, suggestedCategory: suggestion, maxBid: maxBid, location: location,
                when: when, bidsSeenAt: now, createdAt: now, updatedAt: now)
            return (WriteBatch([.putPosting(posting, audience: [])], now: now), posting)
        }
        return try await postingViews([posting], for: identity)[0]
    }

    /// MKT-10: the poster edits an open posting; an assigned or done one is refused with the reason.
    public func updatePosting(
        _ identity: Identity, id: PostingID, _ input: PostingInput,
        ifVersion expected: Int64? = nil
    ) async throws -> PostingView {
        let title = try input.title.map(MarketRules.title)
        let description = try input.description.map(MarketRules.description)
        let category = try await input.category.asyncMap { try await resolveCategory($0, field: "category", forNew: true) }
        let location = try input.location.map { try $0.map(Self.checked) }
        let posting = try await perform(by: identity.account.id) {
            var lifecycle = try await lifecycle(of: id)
            let version = lifecycle.posting.version
            let now = clock()
            var chosen = category
            if chosen == nil { chosen = try await store.marketCategory(id: lifecycle.posting.categoryID) }
            try lifecycle.edit(by: identity.account.id, now: now) { posting in
                if let title { posting.title = title }
                if let description { posting.description = description }
                if let category { posting.categoryID = category.id }
                if let maxBid = input.maxBid { posting.maxBid = maxBid }
                if let location { posting.location = location }
                if let when = input.when {
                    posting.when = try when.map { try Self.when($0, for: identity, now: now, keeping: posting.when) }
                }
                if let chosen, input.suggestedCategory != nil || category != nil {
                    posting.suggestedCategory = try Self.suggestion(
                        input.suggestedCategory ?? posting.suggestedCategory,
                        category: chosen)
                }
            }
            // MKT-10: after `edit`, so that a client editing from an old version learns the posting was assigned
            // meanwhile rather than only that it changed.
            try require(version: version, expected: expected, of: "posting")
            return (WriteBatch([.putPosting(lifecycle.posting, audience: [])], now: now), lifecycle.posting)
        }
        return try await postingViews([posting], for: identity)[0]
    }

    /// The poster takes an open posting off the marketplace; its open bids are declined and their bidders told.
    public func deletePosting(_ identity: Identity, id: PostingID, ifVersion expected: Int64? = nil) async throws {
        try await perform(by: identity.account.id) {
            var lifecycle = try await lifecycle(of: id)
            try require(version: lifecycle.posting.version, expected: expected, of: "posting")
            let now = clock()
            try lifecycle.remove(by: identity.account.id, now: now)
            var batch = WriteBatch(now: now)
            batch.operations += lifecycleWrites(lifecycle, now: now)
            for bid in lifecycle.changedBids {
                batch.operations += try await domain.reminders.notification(
                    to: bid.bidderID, .bidDeclined, title: "“\(lifecycle.posting.title)” was withdrawn",
                    body: "\(identity.account.username) took the posting off the marketplace; your bid of "
                        + "\(domain.currency.plain(bid.amount)) is closed.", posting: id, by: identity)
            }
            return (batch, ())
        }
    }

    /// MKT-7: the poster marks the assigned posting done; the assignee is told and both may review.
    public func markPostingDone(_ identity: Identity, id: PostingID, ifVersion expected: Int64? = nil) async throws
        -> PostingView
    {
        let posting = try await perform(by: identity.account.id) {
            var lifecycle = try await lifecycle(of: id)
            try require(version: lifecycle.posting.version, expected: expected, of: "posting")
            let now = clock()
            let assignee = lifecycle.posting.assigneeID
            try lifecycle.markDone(by: identity.account.id, now: now)
            var batch = WriteBatch(lifecycleWrites(lifecycle, now: now), now: now)
            if let assignee {
                batch.operations += try await domain.reminders.notification(
                    to: assignee, .marketTaskDone, title: "“\(lifecycle.posting.title)” is done",
                    body: "\(identity.account.username) marked the posting done. You can now rate each other.",
                    posting: id, by: identity)
            }
            return (batch, lifecycle.posting)
        }
        return try await postingViews([posting], for: identity)[0]
    }

    /// MKT-7: the poster returns the assigned posting to requested (not done); it takes bids again.
    public func reopenPosting(_ identity: Identity, id: PostingID, ifVersion expected: Int64? = nil) async throws
        -> PostingView
    {
        let posting = try await perform(by: identity.account.id) {
            var lifecycle = try await lifecycle(of: id)
            try require(version: lifecycle.posting.version, expected: expected, of: "posting")
            let now = clock()
            let assignee = lifecycle.posting.assigneeID
            try lifecycle.reopen(by: identity.account.id, now: now)
            var batch = WriteBatch(
                lifecycleWrites(lifecycle, now: now, alsoTelling: [assignee].compactMap { $0 }),
                now: now)
            if let assignee {
                batch.operations += try await domain.reminders.notification(
                    to: assignee, .bidDeclined, title: "“\(lifecycle.posting.title)” is no longer yours",
                    body: "\(identity.account.username) returned the posting to requested; it was not marked done.",
                    posting: id, by: identity)
            }
            return (batch, lifecycle.posting)
        }
        return try await postingViews([posting], for: identity)[0]
    }

    // MARK: Helpers

    /// A posting that is not deleted; 404 otherwise (every member may see it).
    func visiblePosting(_ id: PostingID) async throws -> MarketPosting {
        guard let posting = try await store.posting(id: id), posting.deletedAt == nil else {
            throw DoableError.notFound("Posting not found.")
        }
        return posting
    }

    /// The posting (not deleted) and all its bids, ready for a transition.
    func lifecycle(of id: PostingID) async throws -> PostingLifecycle {
        let posting = try await visiblePosting(id)
        return PostingLifecycle(posting: posting, bids: try await store.bids(postingID: id))
    }

    /// The rows a transition changed: its bids, then the posting, which the assignee and every bidder whose bid
    /// changed hear of with the poster.
    func lifecycleWrites(_ lifecycle: PostingLifecycle, now: Timestamp, alsoTelling others: [AccountID] = [])
        -> [WriteBatch.Operation]
    {
        var audience: [AccountID] = []
        for account in [lifecycle.posting.assigneeID].compactMap({ $0 }) + lifecycle.changedBids.map(\.bidderID)
            + others where !audience.contains(account) && account != lifecycle.posting.posterID
        {
            audience.append(account)
        }
        return lifecycle.changedBids.map { .putBid($0) } + [.putPosting(lifecycle.posting, audience: audience)]
    }

    /// Views of postings for `identity`, in the given order: names, category, photos, the caller's own bid, the
    /// location as the caller may see it, and the distance from `near`.
    func postingViews(_ postings: [MarketPosting], for identity: Identity, near: GeoPoint? = nil) async throws
        -> [PostingView]
    {
        guard !postings.isEmpty else { return [] }
        let me = identity.account.id
        let names = try await usernames(postings.flatMap { [$0.posterID, $0.assigneeID].compactMap { $0 } })
        let categories = Dictionary(
            try await store.marketCategories().map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        var photos: [PostingID: [AttachmentID]] = [:]
        for photo in try await store.attachments(postingIDs: postings.map(\.id)) {
            if let posting = photo.postingID { photos[posting, default: []].append(photo.id) }
        }
        let ids = Set(postings.map(\.id))
        var myBids: [PostingID: Bid] = [:]
        if postings.contains(where: { $0.posterID != me }) {
            for bid in try await store.bids(bidderID: me) where ids.contains(bid.postingID) && bid.status == .open {
                myBids[bid.postingID] = bid
            }
        }
        // MKT-8: the poster's unseen bids, on its postings that have open ones.
        var unseen: [PostingID: Int] = [:]
        for posting in postings where posting.posterID == me && posting.openBidCount > 0 {
            unseen[posting.id] = try await store.bids(postingID: posting.id)
                .filter { $0.status == .open && $0.updatedAt > posting.bidsSeenAt }.count
        }
        return postings.map { posting in
            let isPoster = posting.posterID == me, isAssignee = posting.assigneeID == me
            let exact = isPoster || isAssignee
            let location = posting.location.map { location in
                exact
                    ? location
                    : MarketPosting.Location(
                        point: location.point.approximate,
                        placeName: location.placeName)
            }
            return PostingView(
                posting: posting, poster: names[posting.posterID], assignee: posting.assigneeID.flatMap { names[$0] },
                category: categories[posting.categoryID], location: location, isLocationExact: exact,
                distanceKm: near.flatMap { point in
                    location.map { location in
                        let distance = point.distanceKm(to: location.point)
                        return exact ? distance : (distance * 10).rounded() / 10
                    }
                },
                bearingDegrees: near.flatMap { point in location.map { point.bearingDegrees(to: $0.point) } },
                photoIDs: photos[posting.id] ?? [], myBid: myBids[posting.id],
                unseenBidCount: unseen[posting.id] ?? 0,
                isPoster: isPoster, isAssignee: isAssignee, currency: domain.currency)
        }
    }

    /// MKT-12: the day or window typed, not in the past for the member, unless it is the one the posting has.
    static func when(_ input: PostingWhenInput, for identity: Identity, now: Timestamp, keeping stored: PostingWhen?)
        throws -> PostingWhen
    {
        let unchecked = try MarketRules.when(from: input.from, until: input.until, today: nil)
        if unchecked == stored { return unchecked }
        let zone = TimeZone(identifier: identity.account.preferences.timeZone) ?? .gmt
        return try MarketRules.when(from: input.from, until: input.until, today: CivilDate.today(in: zone, now: now))
    }

    /// MKT-2: open postings unless asked otherwise; finished (done) ones only when asked for on their own.
    static func searchStatuses(_ statuses: [MarketPosting.Status]?) throws -> [MarketPosting.Status] {
        guard let statuses, statuses.contains(.done) else { return try openStatuses(statuses) }
        guard Set(statuses) == [.done] else {
            throw DoableError.invalid("status", "Finished postings are searched on their own: status=done alone.")
        }
        return [.done]
    }

    static func openStatuses(_ statuses: [MarketPosting.Status]?) throws -> [MarketPosting.Status] {
        guard let statuses, !statuses.isEmpty else { return [.requested, .bidded] }
        guard statuses.allSatisfy(\.isOpen) else {
            throw DoableError.invalid("status", "Search finds open postings only: status is requested or bidded.")
        }
        return Array(Set(statuses)).sorted { $0.rawValue < $1.rawValue }
    }

    static func parseCursor(_ text: String) throws -> (createdAt: Timestamp, id: PostingID) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let milliseconds = Int64(parts[0]), let id = PostingID(String(parts[1])) else {
            throw DoableError.invalid("cursor", "The cursor is not one this server gave out.")
        }
        return (Timestamp(milliseconds: milliseconds), id)
    }

    static func checked(_ location: MarketPosting.Location) throws -> MarketPosting.Location {
        let point = try GeoPoint.validated(latitude: location.point.latitude, longitude: location.point.longitude)
        return MarketPosting.Location(point: point, placeName: try MarketRules.placeName(location.placeName))
    }

    /// MKT-11: a suggestion goes with "Other" only.
    static func suggestion(_ text: String?, category: MarketCategory) throws -> String? {
        guard category.isOther else { return nil }
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return try MarketRules.categoryName(text, field: "suggestedCategory")
    }
}

/// Near-me with words: every word of the query is the start of a word of the title or description, ignoring case
/// (what the full-text search does in the stores).
struct PostingWords {
    let words: [String]

    init(_ text: String) { words = Self.split(text) }

    func matches(_ posting: MarketPosting) -> Bool {
        guard !words.isEmpty else { return true }
        let own = Self.split(posting.title + " " + posting.description)
        return words.allSatisfy { word in own.contains { $0.hasPrefix(word) } }
    }

    static func split(_ text: String) -> [String] {
        Rules.matchKey(text)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}

extension MarketService {
    /// ACC-6: what a deleted account leaves on others' postings: a posting assigned to it returns to requested, its
    /// open bids are withdrawn (the postings' counts follow). Its own postings, bids, questions, reviews and photos
    /// then go with the account.
    func marketLeaving(_ account: Account, now: Timestamp) async throws -> [WriteBatch.Operation] {
        var lifecycles: [PostingID: PostingLifecycle] = [:]
        func lifecycle(_ id: PostingID) async throws -> PostingLifecycle? {
            if let known = lifecycles[id] { return known }
            guard let posting = try await store.posting(id: id), posting.deletedAt == nil,
                posting.posterID != account.id
            else { return nil }
            return PostingLifecycle(posting: posting, bids: try await store.bids(postingID: id))
        }
        for posting in try await store.postings(assigneeID: account.id) where posting.status == .assigned {
            guard var cycle = try await lifecycle(posting.id) else { continue }
            try cycle.reopen(by: posting.posterID, now: now)
            lifecycles[posting.id] = cycle
        }
        for bid in try await store.bids(bidderID: account.id) where bid.status == .open {
            guard var cycle = try await lifecycle(bid.postingID) else { continue }
            try cycle.withdrawBid(bid.id, by: account.id, now: now)
            lifecycles[bid.postingID] = cycle
        }
        return lifecycles.keys.sorted().flatMap { id in
            let cycle = lifecycles[id]!
            return [WriteBatch.Operation.putPosting(cycle.posting, audience: [])]
        }
    }
}

extension MarketService {
    /// Many new postings of the caller in one commit, each checked as `createPosting` checks one (the seeding of
    /// benchmarks, and imports); all or none are written.
    public func importPostings(_ identity: Identity, _ inputs: [PostingInput]) async throws -> Int {
        guard !inputs.isEmpty else { return 0 }
        let now = clock()
        var postings: [MarketPosting] = []
        postings.reserveCapacity(inputs.count)
        var categories: [String: MarketCategory] = [:]
        for (index, input) in inputs.enumerated() {
            do {
                let title = try MarketRules.title(input.title ?? "")
                let description = try MarketRules.description(input.description ?? "")
                guard let maxBid = input.maxBid else { throw DoableError.invalid("maxBid", "The maximum bid is required.") }
                let categoryText = input.category ?? "Other"
                let category: MarketCategory
                if let known = categories[categoryText] {
                    category = known
                } else {
                    category = try await resolveCategory(categoryText, field: "category", forNew: true)
                    categories[categoryText] = category
                }
                let createdAt = Timestamp(milliseconds: now.milliseconds - Int64(inputs.count - index))
                postings.append(
                    MarketPosting(
                        id: .make(at: createdAt), posterID: identity.account.id, title: title, description: description,
                        categoryID: category.id,
                        suggestedCategory: try Self.suggestion(
                            input.suggestedCategory ?? nil,
                            category: category),
                        maxBid: maxBid, location: try (input.location ?? nil).map(Self.checked), bidsSeenAt: createdAt,
                        createdAt: createdAt, updatedAt: createdAt))
            } catch let error as DoableError {
                throw DoableError.invalid("postings[\(index)].\(error.field ?? "")", error.message)
            }
        }
        let batch = WriteBatch(postings.map { .putPosting($0, audience: []) }, now: now)
        try await perform(by: identity.account.id) { (batch, ()) }
        return postings.count
    }
}
