/// MKT-4, MKT-6, MKT-7, MKT-10: the one state machine of a posting and its bids.
///
///     requested ──first open bid──▶ bidded ──accept──▶ assigned ──done──▶ done
///         ▲                           │                    │
///         └──last open bid declined ──┘                    │
///         │    or withdrawn                                │
///         └──────────────── not done (reopen) ◀────────────┘
///
/// Every transition writes the posting with a new version (a bid too), so two transitions of one posting at the same
/// moment conflict in the store and the loser starts again from fresh reads, where this type refuses it with a
/// reason: exactly one of two accepts wins, and no bid lands on a posting assigned meanwhile.
public struct PostingLifecycle: Sendable {
    public private(set) var posting: MarketPosting
    /// The posting's bids: every open one, and any the transition names.
    public private(set) var bids: [Bid]
    /// The bids a transition changed or made, to be written with the posting.
    public private(set) var changedBids: [Bid] = []

    public init(posting: MarketPosting, bids: [Bid]) {
        self.posting = posting
        self.bids = bids
    }

    // MARK: Bids (MKT-4)

    /// A bid by `bidder`; a bidder with an open bid on the posting changes that one instead (one open bid each).
    @discardableResult
    public mutating func placeBid(id: BidID, by bidder: AccountID, amount: Money, message: String, now: Timestamp)
        throws -> Bid
    {
        try requireBiddable(by: bidder)
        try require(amount: amount)
        if let index = bids.firstIndex(where: { $0.bidderID == bidder && $0.status == .open }) {
            var bid = bids[index]
            bid.amount = amount
            bid.message = message
            bid.updatedAt = now
            bid.version += 1
            save(bid)
            touch(now)
            return bid
        }
        let bid = Bid(
            id: id, postingID: posting.id, posterID: posting.posterID, bidderID: bidder, amount: amount,
            message: message, createdAt: now, updatedAt: now)
        save(bid)
        touch(now)
        return bid
    }

    /// The bidder changes the amount (or message) of their own open bid.
    @discardableResult
    public mutating func changeBid(
        _ id: BidID, by bidder: AccountID, amount: Money?, message: String?,
        now: Timestamp
    ) throws -> Bid {
        var bid = try ownOpenBid(id, of: bidder)
        try requireBiddable(by: bidder)
        if let amount { try require(amount: amount); bid.amount = amount }
        if let message { bid.message = message }
        bid.updatedAt = now
        bid.version += 1
        save(bid)
        touch(now)
        return bid
    }

    /// The bidder takes back their own open bid.
    @discardableResult
    public mutating func withdrawBid(_ id: BidID, by bidder: AccountID, now: Timestamp) throws -> Bid {
        var bid = try ownOpenBid(id, of: bidder)
        bid.status = .withdrawn
        bid.updatedAt = now
        bid.version += 1
        save(bid)
        touch(now)
        return bid
    }

    // MARK: The poster's choices (MKT-6, MKT-7)

    /// Accepts an open bid: the posting is assigned to its bidder and every other open bid is declined.
    public mutating func accept(_ id: BidID, by actor: AccountID, assigneeTaskID: TaskID?, now: Timestamp) throws {
        try requirePoster(actor)
        guard posting.status.isOpen else { throw closed("accept a bid") }
        var bid = try openBid(id, doing: "accepted")
        bid.status = .accepted
        bid.updatedAt = now
        bid.version += 1
        save(bid)
        for var other in bids where other.status == .open && other.id != id {
            other.status = .declined
            other.updatedAt = now
            other.version += 1
            save(other)
        }
        posting.status = .assigned
        posting.assigneeID = bid.bidderID
        posting.acceptedBidID = bid.id
        posting.assigneeTaskID = assigneeTaskID
        touch(now)
    }

    /// Declines an open bid; declining the last one returns the posting to requested.
    @discardableResult
    public mutating func decline(_ id: BidID, by actor: AccountID, now: Timestamp) throws -> Bid {
        try requirePoster(actor)
        guard posting.status.isOpen else { throw closed("decline a bid") }
        var bid = try openBid(id, doing: "declined")
        bid.status = .declined
        bid.updatedAt = now
        bid.version += 1
        save(bid)
        touch(now)
        return bid
    }

    /// The poster marks the assigned posting done.
    public mutating func markDone(by actor: AccountID, now: Timestamp) throws {
        try requirePoster(actor)
        guard posting.status == .assigned else {
            throw DoableError.conflict(
                code: "posting_not_assigned", field: "status",
                message: "Only an assigned posting can be marked done; this one is \(posting.status.rawValue).")
        }
        posting.status = .done
        posting.doneAt = now
        touch(now)
    }

    /// The poster returns an assigned posting to requested (not done): it takes bids again.
    public mutating func reopen(by actor: AccountID, now: Timestamp) throws {
        try requirePoster(actor)
        guard posting.status == .assigned else {
            throw DoableError.conflict(
                code: "posting_not_assigned", field: "status",
                message: "Only an assigned posting can be returned to requested; this one is \(posting.status.rawValue).")
        }
        posting.status = .requested
        posting.assigneeID = nil
        posting.acceptedBidID = nil
        posting.assigneeTaskID = nil
        touch(now)
    }

    /// MKT-10: the poster edits the posting; only while nobody is assigned. A lower maximum bid than an open bid
    /// is refused (that bid would break the rule it was made under).
    public mutating func edit(by actor: AccountID, now: Timestamp, _ change: (inout MarketPosting) throws -> Void)
        throws
    {
        try requirePoster(actor)
        guard posting.status.isOpen else {
            throw DoableError.conflict(
                code: "posting_assigned", field: nil,
                message: posting.status == .done
                    ? "This posting is done; it can no longer be edited."
                    : "This posting was assigned meanwhile; it can no longer be edited.")
        }
        var edited = posting
        try change(&edited)
        if let lowest = bids.filter({ $0.status == .open }).map(\.amount).max(), edited.maxBid < lowest {
            throw DoableError.invalid("maxBid", "The maximum bid can't go below an open bid of \(lowest).")
        }
        posting = edited
        touch(now)
    }

    /// The poster takes the posting off the marketplace; only while nobody is assigned. Open bids are declined.
    public mutating func remove(by actor: AccountID, now: Timestamp) throws {
        try requirePoster(actor)
        guard posting.status.isOpen else {
            throw DoableError.conflict(
                code: "posting_assigned", field: nil,
                message: "An assigned or done posting can't be deleted.")
        }
        for var bid in bids where bid.status == .open {
            bid.status = .declined
            bid.updatedAt = now
            bid.version += 1
            save(bid)
        }
        posting.deletedAt = now
        touch(now)
    }

    /// MKT-8: the poster has seen the bids up to now.
    public mutating func markBidsSeen(now: Timestamp) {
        posting.bidsSeenAt = now
        posting.version += 1
    }

    // MARK: Rules

    func requireBiddable(by bidder: AccountID) throws {
        guard posting.deletedAt == nil else { throw DoableError.notFound("Posting not found.") }
        guard bidder != posting.posterID else {
            throw DoableError.conflict(code: "own_posting", field: nil, message: "You can't bid on your own posting.")
        }
        guard posting.status.isOpen else {
            throw DoableError.conflict(
                code: "posting_closed", field: nil,
                message: "This posting is \(posting.status.rawValue) and takes no more bids.")
        }
    }

    func require(amount: Money) throws {
        guard amount <= posting.maxBid else {
            throw DoableError.invalid("amount", "The amount must be at most the maximum bid of \(posting.maxBid).")
        }
    }

    func requirePoster(_ actor: AccountID) throws {
        guard posting.deletedAt == nil else { throw DoableError.notFound("Posting not found.") }
        guard actor == posting.posterID else {
            throw DoableError.forbidden("Only the poster can do this.")
        }
    }

    func closed(_ action: String) -> DoableError {
        DoableError.conflict(
            code: "posting_closed", field: nil,
            message: posting.status == .assigned
                ? "This posting was assigned meanwhile; you can no longer \(action)."
                : "This posting is \(posting.status.rawValue); you can no longer \(action).")
    }

    func openBid(_ id: BidID, doing action: String) throws -> Bid {
        guard let bid = bids.first(where: { $0.id == id }) else { throw DoableError.notFound("Bid not found.") }
        guard bid.status == .open else {
            throw DoableError.conflict(
                code: "bid_not_open", field: nil,
                message: "This bid is \(bid.status.rawValue) and can't be \(action).")
        }
        return bid
    }

    func ownOpenBid(_ id: BidID, of bidder: AccountID) throws -> Bid {
        guard let bid = bids.first(where: { $0.id == id }), bid.bidderID == bidder else {
            throw DoableError.notFound("Bid not found.")
        }
        guard bid.status == .open else {
            throw DoableError.conflict(
                code: "bid_not_open", field: nil,
                message: "This bid is \(bid.status.rawValue) and can no longer be changed.")
        }
        return bid
    }

    mutating func save(_ bid: Bid) {
        if let index = bids.firstIndex(where: { $0.id == bid.id }) { bids[index] = bid } else { bids.append(bid) }
        if let index = changedBids.firstIndex(where: { $0.id == bid.id }) {
            changedBids[index] = bid
        } else {
            changedBids.append(bid)
        }
    }

    /// A new version of the posting, with the open bids counted again and requested/bidded following them.
    mutating func touch(_ now: Timestamp) {
        let open = bids.filter { $0.status == .open }
        posting.openBidCount = open.count
        posting.lowestBid = open.map(\.amount).min()
        if posting.status.isOpen { posting.status = open.isEmpty ? .requested : .bidded }
        posting.updatedAt = now
        posting.version += 1
    }
}
