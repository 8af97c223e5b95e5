import DoableCore
import Testing

/// MKT-4, MKT-6, MKT-7, MKT-10: the posting and bid state machine, without any storage.
@Suite("Posting lifecycle")
struct PostingLifecycleTests {
    let ann = AccountID.make(), ben = AccountID.make(), cai = AccountID.make()
    let t0 = Timestamp(milliseconds: 1_800_000_000_000)

    func fresh(maxBid: Int64 = 5_000) -> PostingLifecycle {
        PostingLifecycle(
            posting: MarketPosting(
                id: .make(), posterID: ann, title: "Fix bike", description: "Flat tyre", categoryID: .make(),
                maxBid: Money(cents: maxBid), bidsSeenAt: t0, createdAt: t0, updatedAt: t0), bids: [])
    }

    func at(_ seconds: Int64) -> Timestamp { t0.adding(seconds: seconds) }

    @Test func MKT4_theFirstBidMakesThePostingBiddedAndEveryTransitionBumpsItsVersion() throws {
        var life = fresh()
        #expect(life.posting.status == .requested)
        let bid = try life.placeBid(id: .make(), by: ben, amount: Money(cents: 2_000), message: "", now: at(1))
        #expect(life.posting.status == .bidded)
        #expect(life.posting.version == 2)
        #expect(life.posting.lowestBid == Money(cents: 2_000))
        #expect(life.posting.openBidCount == 1)
        #expect(life.changedBids == [bid])
        #expect(bid.posterID == ann)
    }

    @Test func MKT4_aSecondBidBySameBidderChangesTheOpenOneInsteadOfAddingOne() throws {
        var life = fresh()
        let first = try life.placeBid(id: .make(), by: ben, amount: Money(cents: 2_000), message: "", now: at(1))
        let second = try life.placeBid(
            id: .make(), by: ben, amount: Money(cents: 1_500), message: "cheaper",
            now: at(2))
        #expect(second.id == first.id)
        #expect(second.version == 2)
        #expect(life.bids.count == 1)
        #expect(life.posting.lowestBid == Money(cents: 1_500))
        _ = try life.placeBid(id: .make(), by: cai, amount: Money(cents: 1_800), message: "", now: at(3))
        #expect(life.posting.openBidCount == 2)
        #expect(life.posting.lowestBid == Money(cents: 1_500))
    }

    @Test func MKT4_nobodyBidsOnTheirOwnPostingOrOverTheMaximum() throws {
        var life = fresh()
        #expect(
            throws: DoableError.conflict(
                code: "own_posting", field: nil,
                message: "You can't bid on your own posting.")
        ) {
            try life.placeBid(id: .make(), by: ann, amount: Money(cents: 100), message: "", now: at(1))
        }
        #expect(throws: DoableError.invalid("amount", "The amount must be at most the maximum bid of 50.00.")) {
            try life.placeBid(id: .make(), by: ben, amount: Money(cents: 5_001), message: "", now: at(1))
        }
        #expect(life.posting.version == 1)
        #expect(life.changedBids.isEmpty)
    }

    @Test func MKT6_acceptingAssignsAndDeclinesEveryOtherOpenBid() throws {
        var life = fresh()
        let benBid = try life.placeBid(id: .make(), by: ben, amount: Money(cents: 2_000), message: "", now: at(1))
        let caiBid = try life.placeBid(id: .make(), by: cai, amount: Money(cents: 1_900), message: "", now: at(2))
        let task = TaskID.make()
        try life.accept(benBid.id, by: ann, assigneeTaskID: task, now: at(3))
        #expect(life.posting.status == .assigned)
        #expect(life.posting.assigneeID == ben)
        #expect(life.posting.acceptedBidID == benBid.id)
        #expect(life.posting.assigneeTaskID == task)
        #expect(life.bids.first { $0.id == benBid.id }?.status == .accepted)
        #expect(life.bids.first { $0.id == caiBid.id }?.status == .declined)
        #expect(life.posting.openBidCount == 0)
        // Nothing more can happen to its bids: no new bid, no second accept.
        #expect(throws: DoableError.self) {
            try life.placeBid(id: .make(), by: cai, amount: Money(cents: 1_000), message: "", now: at(4))
        }
        #expect(throws: DoableError.self) { try life.accept(caiBid.id, by: ann, assigneeTaskID: nil, now: at(4)) }
    }

    @Test func MKT6_onlyThePosterAcceptsAndAWithdrawnBidCannotBeAccepted() throws {
        var life = fresh()
        let bid = try life.placeBid(id: .make(), by: ben, amount: Money(cents: 2_000), message: "", now: at(1))
        #expect(throws: DoableError.forbidden("Only the poster can do this.")) {
            try life.accept(bid.id, by: ben, assigneeTaskID: nil, now: at(2))
        }
        try life.withdrawBid(bid.id, by: ben, now: at(2))
        #expect(life.posting.status == .requested)
        #expect(
            throws: DoableError.conflict(
                code: "bid_not_open", field: nil,
                message: "This bid is withdrawn and can't be accepted.")
        ) {
            try life.accept(bid.id, by: ann, assigneeTaskID: nil, now: at(3))
        }
    }

    @Test func MKT6_decliningTheLastOpenBidReturnsThePostingToRequested() throws {
        var life = fresh()
        let a = try life.placeBid(id: .make(), by: ben, amount: Money(cents: 2_000), message: "", now: at(1))
        let b = try life.placeBid(id: .make(), by: cai, amount: Money(cents: 2_100), message: "", now: at(2))
        try life.decline(a.id, by: ann, now: at(3))
        #expect(life.posting.status == .bidded)
        #expect(life.posting.lowestBid == Money(cents: 2_100))
        try life.decline(b.id, by: ann, now: at(4))
        #expect(life.posting.status == .requested)
        #expect(life.posting.lowestBid == nil)
    }

    @Test func MKT7_doneOrNotDoneOnlyFromAssigned_andNotDoneTakesBidsAgain() throws {
        var life = fresh()
        #expect(throws: DoableError.self) { try life.markDone(by: ann, now: at(1)) }
        let bid = try life.placeBid(id: .make(), by: ben, amount: Money(cents: 2_000), message: "", now: at(1))
        try life.accept(bid.id, by: ann, assigneeTaskID: nil, now: at(2))
        try life.reopen(by: ann, now: at(3))
        #expect(life.posting.status == .requested)
        #expect(life.posting.assigneeID == nil)
        // Ben's accepted bid stays in the history; he may bid again.
        let again = try life.placeBid(id: .make(), by: ben, amount: Money(cents: 1_800), message: "", now: at(4))
        #expect(again.id != bid.id)
        try life.accept(again.id, by: ann, assigneeTaskID: nil, now: at(5))
        try life.markDone(by: ann, now: at(6))
        #expect(life.posting.status == .done)
        #expect(life.posting.doneAt == at(6))
        #expect(throws: DoableError.self) { try life.reopen(by: ann, now: at(7)) }
    }

    @Test func MKT10_anAssignedPostingCannotBeEdited_andMaxBidNotBelowAnOpenBid() throws {
        var life = fresh()
        let bid = try life.placeBid(id: .make(), by: ben, amount: Money(cents: 2_000), message: "", now: at(1))
        #expect(throws: DoableError.invalid("maxBid", "The maximum bid can't go below an open bid of 20.00.")) {
            try life.edit(by: ann, now: at(2)) { $0.maxBid = Money(cents: 1_000) }
        }
        try life.edit(by: ann, now: at(2)) { $0.title = "Fix my bike" }
        #expect(life.posting.title == "Fix my bike")
        try life.accept(bid.id, by: ann, assigneeTaskID: nil, now: at(3))
        #expect(
            throws: DoableError.conflict(
                code: "posting_assigned", field: nil,
                message: "This posting was assigned meanwhile; it can no longer be edited.")
        ) {
            try life.edit(by: ann, now: at(4)) { $0.title = "Stale form" }
        }
        #expect(life.posting.title == "Fix my bike")
    }
}

@Suite("Marketplace values")
struct MarketValueTests {
    @Test(arguments: [(12.5, 1_250), (0.01, 1), (12.34, 1_234), (1_000_000.0, 100_000_000), (0.1, 10), (19.99, 1_999)])
    func MKT4_amountsWithAtMostTwoDecimalsAreExactCents(_ value: Double, _ cents: Int64) throws {
        #expect(try Money.parse(value, field: "amount").cents == cents)
    }

    @Test(arguments: [12.345, 0, -1, 0.001, 1_000_000.01, Double.nan, Double.infinity])
    func MKT4_badAmountsAreRefusedNamingTheField(_ value: Double) {
        #expect {
            try Money.parse(value, field: "amount")
        } throws: { error in
            (error as? DoableError)?.field == "amount"
        }
    }

    /// Issue 27, finding 7: long JSON numbers are judged on their text.
    @Test func MKT4_longNumbersAreJudgedOnWhatWasWritten() throws {
        #expect(try Money.parse(literal: "30.000000000000000000", field: "amount").cents == 3_000)
        #expect(try Money.parse(literal: "12345.00000000000000000e-2", field: "amount").cents == 12_345)
        for literal in ["99.999999999999999999", "0.0000000000000000001", "12.3450000000000000001"] {
            #expect {
                try Money.parse(literal: literal, field: "amount")
            } throws: { error in
                (error as? DoableError)?.field == "amount" && "\(error)".contains("two decimals")
            }
        }
    }

    @Test func MKT4_typedAmounts() throws {
        #expect(try Money.parse(text: "12", field: "amount").cents == 1_200)
        #expect(try Money.parse(text: "12.5", field: "amount").cents == 1_250)
        #expect(try Money.parse(text: "12,05", field: "amount").cents == 1_205)
        #expect(try Money.parse(text: ".5", field: "amount").cents == 50)
        for bad in ["", "abc", "12.345", "-3", "0", "1e3", "1.2.3", "12.", "１２"] {
            #expect(throws: DoableError.self) { try Money.parse(text: bad, field: "amount") }
        }
        #expect(Money(cents: 1_205).description == "12.05")
        #expect(Money(cents: 7).description == "0.07")
    }

    @Test func MKT9_distancesAndBearings() {
        let berlin = GeoPoint(latitude: 52.5200, longitude: 13.4050)
        let potsdam = GeoPoint(latitude: 52.3906, longitude: 13.0645)
        #expect(abs(berlin.distanceKm(to: potsdam) - 26.8) < 0.5)
        let north = GeoPoint(latitude: 52.5290, longitude: 13.4050)
        #expect(abs(berlin.distanceKm(to: north) - 1.0) < 0.01)
        #expect(berlin.bearingDegrees(to: north) < 0.01)
        let east = GeoPoint(latitude: 52.5200, longitude: 13.42)
        #expect(abs(berlin.bearingDegrees(to: east) - 90) < 0.1)
        #expect(berlin.approximate == GeoPoint(latitude: 52.52, longitude: 13.41))
    }

    @Test func MKT9_theSearchBoxHoldsEveryPointInTheRadius() {
        let centre = GeoPoint(latitude: 48.1, longitude: 11.5)
        let box = centre.searchBox(radiusKm: 5)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let point = GeoPoint(
                latitude: 48.1 + Double.random(in: -0.1...0.1, using: &generator),
                longitude: 11.5 + Double.random(in: -0.1...0.1, using: &generator))
            guard centre.distanceKm(to: point) <= 5 else { continue }
            #expect(box.latitudeCells.contains(GeoPoint.latitudeCell(point.latitude)))
            #expect(box.longitudeRanges.contains { $0.contains(point.longitude) })
        }
        // Across the antimeridian the box is two ranges.
        let fiji = GeoPoint(latitude: -17, longitude: 179.99).searchBox(radiusKm: 10)
        #expect(fiji.longitudeRanges.count == 2)
        #expect(fiji.longitudeRanges.contains { $0.contains(-179.95) })
    }

    @Test func MKT9_pointsOutOfRangeAreRefused() throws {
        #expect(throws: DoableError.self) { try GeoPoint.validated(latitude: 91, longitude: 0) }
        #expect(throws: DoableError.self) { try GeoPoint.validated(latitude: 0, longitude: -180.5) }
        #expect(throws: DoableError.self) { try GeoPoint.parse("52.5", field: "near") }
        #expect(throws: DoableError.self) { try GeoPoint.parse("x,y", field: "near") }
        #expect(try GeoPoint.parse("52.5, 13.4", field: "near") == GeoPoint(latitude: 52.5, longitude: 13.4))
    }

    @Test func TASK11_photosAreRecognisedByTheirBytes() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        #expect(try ImageKind.validated(png) == .png)
        #expect(ImageKind(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageKind(sniffing: Array("GIF89a....".utf8)) == .gif)
        #expect(ImageKind(sniffing: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind(sniffing: Array("<html><script>alert(1)</script>".utf8)) == nil)
        #expect(ImageKind(sniffing: Array("<svg xmlns=...".utf8)) == nil)
        #expect(throws: DoableError.self) { try ImageKind.validated(png + [UInt8](repeating: 0, count: 65_525)) }
        #expect(try ImageKind.validated(png + [UInt8](repeating: 0, count: 65_524)) == .png)
    }
}
