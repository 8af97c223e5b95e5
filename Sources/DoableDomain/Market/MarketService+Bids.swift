public import DoableCore
@_spi(StoreWriting) import DoableStore

/// MKT-4, MKT-5, MKT-6, MKT-8: bids. A bidder places, changes and withdraws its own; the poster accepts or
/// declines. Each is one `PostingLifecycle` transition with the posting written again, so concurrent transitions
/// of one posting serialize in the store.
extension MarketService {
    /// MKT-4: bids on another member's open posting; a second bid by the same member changes its open one.
    public func placeBid(_ identity: Identity, postingID: PostingID, amount: Money, message: String? = nil)
        async throws -> BidView
    {
        let text = try MarketRules.bidMessage(message ?? "")
        let bid = try await performOnPosting(postingID, by: identity.account.id) {
            var lifecycle = try await lifecycle(of: postingID)
            let now = clock()
            let bid = try lifecycle.placeBid(
                id: .make(at: now), by: identity.account.id, amount: amount,
                message: text, now: now)
            var batch = WriteBatch(lifecycleWrites(lifecycle, now: now), now: now)
            let changed = bid.version > 1
            batch.operations += try await domain.reminders.notification(
                to: lifecycle.posting.posterID, .bidPlaced,
                title: changed
                    ? "\(identity.account.username) changed their bid on “\(lifecycle.posting.title)”"
                    : "New bid on “\(lifecycle.posting.title)”",
                body: "\(identity.account.username) bids \(domain.currency.plain(bid.amount))"
                    + (text.isEmpty ? "." : ": \(text)"), posting: postingID, by: identity)
            return (batch, bid)
        }
        return try await bidViews([bid])[0]
    }

    /// MKT-4: the bidder changes the amount or message of its own open bid.
    public func updateBid(
        _ identity: Identity, id: BidID, amount: Money?, message: String?,
        ifVersion expected: Int64? = nil
    ) async throws -> BidView {
        let text = try message.map(MarketRules.bidMessage)
        let bid = try await performOnBid(id, by: identity.account.id) {
            let (stored, current) = try await bidLifecycle(id, for: identity, asBidder: true)
            var lifecycle = current
            try require(version: stored.version, expected: expected, of: "bid")
            let now = clock()
            let bid = try lifecycle.changeBid(id, by: identity.account.id, amount: amount, message: text, now: now)
            var batch = WriteBatch(lifecycleWrites(lifecycle, now: now), now: now)
            if amount != nil && amount != stored.amount {
                batch.operations += try await domain.reminders.notification(
                    to: lifecycle.posting.posterID, .bidPlaced,
                    title: "\(identity.account.username) changed their bid on “\(lifecycle.posting.title)”",
                    body: "The bid is now \(domain.currency.plain(bid.amount)) (was \(domain.currency.plain(stored.amount))).",
                    posting: bid.postingID, by: identity)
            }
            return (batch, bid)
        }
        return try await bidViews([bid])[0]
    }

    /// MKT-4: the bidder withdraws its own open bid; the last open bid gone returns the posting to requested.
    public func withdrawBid(_ identity: Identity, id: BidID, ifVersion expected: Int64? = nil) async throws {
        try await performOnBid(id, by: identity.account.id) {
            let (stored, current) = try await bidLifecycle(id, for: identity, asBidder: true)
            var lifecycle = current
            try require(version: stored.version, expected: expected, of: "bid")
            let now = clock()
            try lifecycle.withdrawBid(id, by: identity.account.id, now: now)
            return (WriteBatch(lifecycleWrites(lifecycle, now: now), now: now), ())
        }
    }

    /// MKT-6: the poster accepts an open bid: the posting is assigned to the bidder, every other open bid is
    /// declined, and the assignee finds the posting as a task in its list "Marketplace" — all in one commit. Of two
    /// accepts at the same moment exactly one wins; the other is refused with the reason (409).
    public func acceptBid(_ identity: Identity, id: BidID) async throws -> PostingView {
        let posting = try await performOnBid(id, by: identity.account.id) {
            var lifecycle = try await bidLifecycle(id, for: identity).1
            let now = clock()
            guard let bid = lifecycle.bids.first(where: { $0.id == id }) else {
                throw DoableError.notFound("Bid not found.")
            }
            let taskID = TaskID.make(at: now)
            try lifecycle.accept(id, by: identity.account.id, assigneeTaskID: taskID, now: now)
            var batch = WriteBatch(lifecycleWrites(lifecycle, now: now), now: now)
            batch.operations += try await assigneeTask(
                taskID, for: lifecycle.posting, bid: bid,
                poster: identity.account.username, now: now)
            batch.operations += try await domain.reminders.notification(
                to: bid.bidderID, .bidAccepted, title: "Your bid on “\(lifecycle.posting.title)” was accepted",
                body: "\(identity.account.username) accepted your bid of \(domain.currency.plain(bid.amount)). It is in your list "
                    + "“\(Self.marketplaceListName)”.", task: taskID, posting: lifecycle.posting.id, by: identity)
            for declined in lifecycle.changedBids where declined.status == .declined {
                batch.operations += try await domain.reminders.notification(
                    to: declined.bidderID, .bidDeclined,
                    title: "Your bid on “\(lifecycle.posting.title)” was not chosen",
                    body: "\(identity.account.username) accepted another bid.", posting: lifecycle.posting.id,
                    by: identity)
            }
            return (batch, lifecycle.posting)
        }
        return try await postingViews([posting], for: identity)[0]
    }

    /// MKT-6: the poster declines an open bid; the bidder is told.
    public func declineBid(_ identity: Identity, id: BidID) async throws -> BidView {
        let bid = try await performOnBid(id, by: identity.account.id) {
            var lifecycle = try await bidLifecycle(id, for: identity).1
            let now = clock()
            let bid = try lifecycle.decline(id, by: identity.account.id, now: now)
            var batch = WriteBatch(lifecycleWrites(lifecycle, now: now), now: now)
            batch.operations += try await domain.reminders.notification(
                to: bid.bidderID, .bidDeclined, title: "Your bid on “\(lifecycle.posting.title)” was declined",
                body: "\(identity.account.username) declined your bid of \(domain.currency.plain(bid.amount)).",
                posting: lifecycle.posting.id, by: identity)
            return (batch, bid)
        }
        return try await bidViews([bid])[0]
    }

    /// MKT-6: the bids the caller may see on a posting: all of them for the poster (which marks them seen, MKT-8),
    /// its own for anyone else.
    public func bids(_ identity: Identity, postingID: PostingID) async throws -> [BidView] {
        let posting = try await visiblePosting(postingID)
        let bids = try await store.bids(postingID: postingID)
        guard posting.posterID == identity.account.id else {
            return try await bidViews(bids.filter { $0.bidderID == identity.account.id })
        }
        try await markBidsSeen(identity, postingID: postingID)
        return try await bidViews(bids)
    }

    /// MKT-8: the poster has seen the bids on its posting; written only when some were unseen.
    public func markBidsSeen(_ identity: Identity, postingID: PostingID) async throws {
        try await perform(by: identity.account.id) {
            let posting = try await visiblePosting(postingID)
            guard posting.posterID == identity.account.id else { return (WriteBatch(), ()) }
            let bids = try await store.bids(postingID: postingID)
            guard bids.contains(where: { $0.status == .open && $0.updatedAt > posting.bidsSeenAt }) else {
                return (WriteBatch(), ())
            }
            let now = clock()
            var lifecycle = PostingLifecycle(posting: posting, bids: bids)
            lifecycle.markBidsSeen(now: max(now, bids.map(\.updatedAt).max() ?? now))
            return (WriteBatch([.putPosting(lifecycle.posting, audience: [])], now: now), ())
        }
    }

    /// MKT-5: the caller's bids, newest first, with their postings.
    public func myBids(_ identity: Identity, filter: MyBidsFilter = .all) async throws -> [(BidView, PostingView)] {
        var bids = try await store.bids(bidderID: identity.account.id)
        let postings = Dictionary(
            try await store.postings(ids: Array(Set(bids.map(\.postingID))))
                .filter { $0.deletedAt == nil }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        bids = bids.filter { bid in
            guard let posting = postings[bid.postingID] else { return false }
            switch filter {
            case .all: return true
            case .open: return bid.status == .open
            case .assigned: return bid.status == .accepted && posting.acceptedBidID == bid.id
            }
        }
        let views = try await bidViews(bids)
        let postingViews = Dictionary(
            try await postingViews(Array(Set(bids.map(\.postingID))).compactMap { postings[$0] }, for: identity)
                .map { ($0.posting.id, $0) }, uniquingKeysWith: { first, _ in first })
        return views.compactMap { view in postingViews[view.bid.postingID].map { (view, $0) } }
    }

    /// A bid on a posting the caller may see, with the posting's lifecycle; 404 for a bid that is not the caller's
    /// and not on the caller's posting. With `asBidder`, the poster (who sees the bid) is refused with the reason.
    func bidLifecycle(_ id: BidID, for identity: Identity, asBidder: Bool = false) async throws
        -> (Bid, PostingLifecycle)
    {
        guard let bid = try await store.bid(id: id),
            bid.bidderID == identity.account.id || bid.posterID == identity.account.id
        else { throw DoableError.notFound("Bid not found.") }
        if asBidder && bid.bidderID != identity.account.id {
            throw DoableError.forbidden("Only the bidder changes or withdraws a bid; as the poster, decline it.")
        }
        let lifecycle = try await lifecycle(of: bid.postingID)
        return (bid, lifecycle)
    }

    func bidViews(_ bids: [Bid]) async throws -> [BidView] {
        let names = try await usernames(bids.map(\.bidderID))
        let ratings = try await marketRatings(Array(Set(bids.map(\.bidderID))))
        return bids.map {
            BidView(
                bid: $0, bidder: names[$0.bidderID],
                bidderRating: ratings[$0.bidderID]
                    ?? MarketRating(average: nil, count: 0, assignedCount: 0, completedCount: 0),
                currency: domain.currency)
        }
    }

    static let marketplaceListName = "Marketplace"

    /// The assignee's task for a posting, in its list "Marketplace" (made when it has none).
    func assigneeTask(_ id: TaskID, for posting: MarketPosting, bid: Bid, poster: String, now: Timestamp)
        async throws -> [WriteBatch.Operation]
    {
        var operations: [WriteBatch.Operation] = []
        let lists = try await store.lists(ownerID: bid.bidderID)
        let list: TaskList
        if let existing = lists.first(where: { Rules.matchKey($0.name) == Rules.matchKey(Self.marketplaceListName) }) {
            list = existing
        } else {
            list = TaskList(
                id: .make(at: now), ownerID: bid.bidderID, name: Self.marketplaceListName,
                description: "Postings you took on the marketplace.", color: "orange", icon: nil,
                rank: RankKey.between(lists.last?.rank, nil), createdAt: now, updatedAt: now)
            operations.append(.putList(list))
        }
        let rank = RankKey.between(
            try await store.neighbourRanks(listID: list.id, parentID: nil, around: nil).below,
            nil)
        var notes = "\(posting.description)\n\nMarketplace posting by \(poster), accepted bid \(domain.currency.plain(bid.amount))."
        if let place = posting.location?.placeName, !place.isEmpty { notes += "\nWhere: \(place)" }
        notes += "\n/market/postings/\(posting.id)"
        let task = TaskItem(
            id: id, ownerID: bid.bidderID, listID: list.id, title: posting.title, notes: notes,
            rank: rank, createdAt: now, updatedAt: now)
        operations.append(.putTask(task))
        operations.append(
            .addActivity(
                TaskActivity(
                    id: .make(at: now), taskID: id, actorID: posting.posterID,
                    action: .created, detail: "from the marketplace", at: now)))
        return operations
    }

    /// The assignee completed the task a posting gave it: the poster is told (in the completion's batch).
    func marketTaskDoneNotice(_ task: TaskItem, by identity: Identity) async throws -> [WriteBatch.Operation] {
        guard let posting = try await store.posting(assigneeTaskID: task.id), posting.deletedAt == nil,
            posting.status == .assigned, posting.assigneeID == task.ownerID
        else { return [] }
        return try await domain.reminders.notification(
            to: posting.posterID, .marketTaskDone, title: "\(identity.account.username) finished “\(posting.title)”",
            body: "Check the work and mark the posting done, or return it to requested.", posting: posting.id,
            by: identity)
    }
}

extension MarketService {
    /// The posting a task the caller may see was given for (the assignee's task of an accepted bid), if any.
    public func postingForTask(_ identity: Identity, taskID: TaskID) async throws -> MarketPosting? {
        _ = try await domain.tasks.visibleTask(taskID, for: identity)
        guard let posting = try await store.posting(assigneeTaskID: taskID), posting.deletedAt == nil else { return nil }
        return posting
    }
}

extension MarketService {
    /// `perform`, queued behind the other transitions of the posting in this process (see `KeyedMutex`).
    func performOnPosting<Result: Sendable>(
        _ id: PostingID, by actor: AccountID?, _ prepare: () async throws -> (WriteBatch, Result)
    ) async throws -> Result {
        try await serialized(posting: id) { try await perform(by: actor, prepare) }
    }

    /// The same for a transition named by one of the posting's bids.
    func performOnBid<Result: Sendable>(
        _ id: BidID, by actor: AccountID?, _ prepare: () async throws -> (WriteBatch, Result)
    ) async throws -> Result {
        guard let posting = try await store.bid(id: id)?.postingID else { return try await perform(by: actor, prepare) }
        return try await performOnPosting(posting, by: actor, prepare)
    }
}
