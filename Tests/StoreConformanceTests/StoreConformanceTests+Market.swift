import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

extension MarketPosting: Versioned {}
extension Bid: Versioned {}

let berlin = GeoPoint(latitude: 52.520008, longitude: 13.404954)

func makePosting(
    _ poster: Account, _ title: String, description: String = "", created: Int64 = 0,
    category: CategoryID = MarketCategory.otherID, at point: GeoPoint? = nil,
    configure: (inout MarketPosting) -> Void = { _ in }
) -> MarketPosting {
    var posting = MarketPosting(
        id: .make(at: at(created)), posterID: poster.id, title: title, description: description, categoryID: category,
        maxBid: Money(cents: 5_000), location: point.map { .init(point: $0, placeName: "Somewhere") },
        bidsSeenAt: at(created), createdAt: at(created), updatedAt: at(created))
    configure(&posting)
    return posting
}

func makeBid(_ posting: MarketPosting, by bidder: Account, cents: Int64 = 2_500, created: Int64 = 1) -> Bid {
    Bid(
        id: .make(at: at(created)), postingID: posting.id, posterID: posting.posterID, bidderID: bidder.id,
        amount: Money(cents: cents), message: "I can do it", createdAt: at(created), updatedAt: at(created))
}

func makePhoto(
    _ uploader: Account, task: TaskItem? = nil, posting: MarketPosting? = nil, created: Int64 = 0,
    bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00]
) -> DoableCore.Attachment {
    DoableCore.Attachment(
        id: .make(at: at(created)), accountID: uploader.id, taskID: task?.id, postingID: posting?.id,
        listID: task?.listID, kind: .jpeg, byteCount: bytes.count, createdAt: at(created))
}

extension Store {
    /// Stores new `postings` in one batch.
    func put(_ postings: [MarketPosting]) async throws {
        _ = try await commit(WriteBatch(postings.map { .putPosting($0, audience: []) }, now: epoch))
    }
}

/// Issue 15: the marketplace (MKT) and photos (TASK-11), on every engine.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func MKT1_everyMarketRowRoundTrips(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let task = makeTask(in: inbox, "Fix the bike")
            let full = makePosting(
                ann, "Bike repair ✨", description: "Front wheel, «urgent»", created: 5,
                at: GeoPoint(latitude: -33.868820, longitude: 151.209290)
            ) {
                $0.suggestedCategory = "Bicycles"
                $0.maxBid = Money(cents: 100_000_000)
                $0.status = .done
                $0.assigneeID = ben.id
                $0.acceptedBidID = .make()
                $0.assigneeTaskID = task.id
                $0.lowestBid = Money(cents: 1_999)
                $0.openBidCount = 3
                $0.bidsSeenAt = at(7)
                $0.doneAt = at(9)
                $0.updatedAt = at(9)
                $0.deletedAt = at(10)
            }
            let bare = makePosting(ann, "Walk the dog", created: 6, category: MarketCategory.seededID(8))
            let alone = makePosting(ann, "Paint the fence", created: 7, at: berlin) { $0.location?.placeName = "" }
            // Two new postings in one batch (PostgreSQL writes them in one statement), and one by itself.
            try await store.write(
                .putTask(task), .putPosting(full, audience: [ben.id]),
                .putPosting(bare, audience: []))
            try await store.write(.putPosting(alone, audience: []))
            #expect(try await store.posting(id: full.id) == full)
            #expect(try await store.posting(id: bare.id) == bare)
            #expect(try await store.posting(id: alone.id) == alone)
            #expect(try await store.posting(id: .make()) == nil)
            #expect(Set(try await store.postings(ids: [full.id, bare.id, .make()]).map(\.id)) == [full.id, bare.id])
            #expect(try await store.postings(posterID: ann.id).map(\.id) == [alone.id, bare.id], "deleted left out")
            #expect(try await store.postings(assigneeID: ben.id) == [full])
            #expect(try await store.posting(assigneeTaskID: task.id) == full)
            #expect(try await store.postingsSuggestingCategories(limit: 10).isEmpty, "the only one is deleted")

            let open = makePosting(ann, "Move a sofa", created: 20)
            let bid = makeBid(open, by: ben, cents: 4_250, created: 21)
            let later = Bid(
                id: .make(at: at(22)), postingID: full.id, posterID: ann.id, bidderID: ben.id,
                amount: Money(cents: 1), status: .accepted, createdAt: at(22), updatedAt: at(23))
            var question = MarketQuestion(
                id: .make(at: at(24)), postingID: open.id, posterID: ann.id, askerID: ben.id,
                body: "Which floor?", createdAt: at(24))
            let review = MarketReview(
                id: .make(at: at(25)), postingID: full.id, reviewerID: ann.id,
                revieweeID: ben.id, rating: 5, body: "Quick and careful", createdAt: at(25))
            let back = MarketReview(
                id: .make(at: at(26)), postingID: full.id, reviewerID: ben.id, revieweeID: ann.id,
                rating: 4, body: "", createdAt: at(26))
            try await store.write(
                .putPosting(open, audience: []), .putBid(bid), .putBid(later),
                .putQuestion(question), .putReview(review), .putReview(back))
            question.answer = "The third"
            question.answeredAt = at(30)
            question.version = 2
            try await store.write(.putQuestion(question))
            #expect(try await store.bid(id: bid.id) == bid)
            #expect(try await store.bids(postingID: open.id) == [bid])
            #expect(try await store.bids(bidderID: ben.id).map(\.id) == [later.id, bid.id], "newest first")
            #expect(try await store.question(id: question.id) == question)
            #expect(try await store.questions(postingID: open.id) == [question])
            #expect(try await store.reviews(postingID: full.id) == [review, back])
            #expect(try await store.reviews(revieweeID: ben.id, limit: 10) == [review])
            #expect(try await store.reviews(reviewerID: ben.id) == [back])
            #expect(try await store.postingsSuggestingCategories(limit: 10).isEmpty)

            var bytes = [UInt8](repeating: 0, count: ImageKind.maximumBytes)
            for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index * 7) }
            let photo = makePhoto(ben, task: task, created: 31, bytes: bytes)
            let postingPhoto = makePhoto(ann, posting: open, created: 32)
            try await store.write(.putAttachment(photo, bytes: bytes), .putAttachment(postingPhoto, bytes: [1, 2, 3]))
            #expect(try await store.attachment(id: photo.id) == photo)
            #expect(try await store.attachmentBytes(id: photo.id) == bytes)
            #expect(try await store.attachmentBytes(id: postingPhoto.id) == [1, 2, 3])
            #expect(try await store.attachmentBytes(id: .make()) == nil)
            #expect(try await store.attachments(taskIDs: [task.id]) == [photo])
            #expect(try await store.attachments(postingIDs: [open.id, full.id]) == [postingPhoto])
        }
    }

    @Test(arguments: Engine.available)
    func MKT11_categoriesAreSeededAndTheirNamesUniqueIgnoringCase(engine: Engine) async throws {
        try await withStore(engine) { store in
            let seeded = try await store.marketCategories()
            #expect(
                seeded.map(\.name) == [
                    "Cleaning", "Delivery", "Gardening", "Moving", "Other", "Pet care",
                    "Repairs", "Tech help", "Tutoring",
                ])
            #expect(seeded.filter(\.isOther).map(\.id) == [CategoryID("00000000-0000-7000-8000-000000000001")!])
            #expect(
                try await store.marketCategory(id: CategoryID("00000000-0000-7000-8000-000000000009")!)?.name
                    == "Pet care")
            #expect(seeded.allSatisfy { $0.createdAt == Timestamp(milliseconds: 0) && !$0.isArchived })

            let music = MarketCategory(id: .make(at: epoch), name: "Music lessons", createdAt: epoch)
            try await store.write(.putCategory(music))
            let clash = MarketCategory(id: .make(at: epoch), name: "CLEANING", createdAt: epoch)
            let clashError = await error { try await store.write(.putCategory(clash)) }
            #expect(clashError as? StoreError == .duplicate(key: "name"))
            var archived = music
            archived.isArchived = true
            archived.name = "Music"
            archived.version = 2
            try await store.write(.putCategory(archived))
            #expect(try await store.marketCategory(id: music.id) == archived)
            let staleError = await error { try await store.write(.putCategory(archived)) }
            #expect(isVersionConflict(staleError))
            // A posting suggesting a category shows in the admins' list.
            let (ann, _) = try await store.register("ann")
            let suggesting = makePosting(ann, "Teach me chess", created: 3) { $0.suggestedCategory = "Games" }
            try await store.write(
                .putPosting(suggesting, audience: []),
                .putPosting(makePosting(ann, "Plain", created: 4), audience: []))
            #expect(try await store.postingsSuggestingCategories(limit: 10).map(\.id) == [suggesting.id])
        }
    }

    @Test(arguments: Engine.available)
    func MKT4_aBidIsInTheFeedsOfBidderAndPosterAndOnlyOneIsOpenPerBidder(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let (cat, _) = try await store.register("cat")
            let posting = makePosting(ann, "Clean windows")
            let postingChanges = try await store.write(.putPosting(posting, audience: [cat.id]))
            #expect(postingChanges.map(\.accountID) == [ann.id, cat.id])
            #expect(postingChanges.allSatisfy { $0.entity == .posting && $0.entityID == posting.id.description })

            let first = makeBid(posting, by: ben)
            let catsFeed = try await store.latestSequence(accountID: cat.id)
            let changes = try await store.write(.putBid(first))
            #expect(changes.map(\.accountID) == [ben.id, ann.id])
            #expect(changes.allSatisfy { $0.entity == .bid && $0.entityID == first.id.description && $0.kind == .put })
            #expect(try await store.latestSequence(accountID: cat.id) == catsFeed, "others do not hear of it")

            // A second open bid of the same bidder is refused (a conflict, retried from fresh reads).
            let second = makeBid(posting, by: ben, cents: 2_000, created: 2)
            let secondError = await error { try await store.write(.putBid(second)) }
            #expect(isVersionConflict(secondError))
            try await store.write(.putBid(makeBid(posting, by: cat, created: 3)))
            // Once the first is withdrawn, a new one may be placed.
            try await store.write(.putBid(edited(first, at: 4) { $0.status = .withdrawn }), .putBid(second))
            #expect(try await store.bids(postingID: posting.id).map(\.bidderID) == [ben.id, ben.id, cat.id])
            let reopenError = await error {
                try await store.write(
                    .putBid(
                        edited(
                            edited(first, at: 4) {
                                $0.status = .withdrawn
                            }
                        ) { $0.status = .open }))
            }
            #expect(isVersionConflict(reopenError))
        }
    }

    @Test(arguments: Engine.available)
    func MKT6_staleWritesAreConflictsAndRepeatsDuplicates(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let posting = makePosting(ann, "Mow the lawn")
            let bid = makeBid(posting, by: ben)
            let question = MarketQuestion(
                id: .make(at: epoch), postingID: posting.id, posterID: ann.id,
                askerID: ben.id, body: "When?", createdAt: epoch)
            try await store.write(.putPosting(posting, audience: []), .putBid(bid), .putQuestion(question))

            try await store.write(.putPosting(edited(posting) { $0.title = "Mow the big lawn" }, audience: []))
            let staleTitle = await error {
                try await store.write(.putPosting(edited(posting) { $0.title = "Stale" }, audience: []))
            }
            #expect(isVersionConflict(staleTitle))
            let reinserted = await error { try await store.write(.putPosting(posting, audience: [])) }
            #expect(isVersionConflict(reinserted))
            try await store.write(.putBid(edited(bid) { $0.amount = Money(cents: 100) }))
            let staleBid = await error {
                try await store.write(.putBid(edited(bid) { $0.amount = Money(cents: 200) }))
            }
            #expect(isVersionConflict(staleBid))
            var answered = question
            answered.version = 3
            let skipped = await error { try await store.write(.putQuestion(answered)) }
            #expect(isVersionConflict(skipped))

            let review = MarketReview(
                id: .make(at: epoch), postingID: posting.id, reviewerID: ann.id,
                revieweeID: ben.id, rating: 3, body: "", createdAt: epoch)
            try await store.write(.putReview(review))
            var again = review
            again.id = .make(at: epoch)
            let reviewError = await error { try await store.write(.putReview(again)) }
            #expect(reviewError as? StoreError == .duplicate(key: "review"))

            let task = makeTask(in: inbox, "Pictures")
            let photo = makePhoto(ann, task: task)
            try await store.write(.putTask(task), .putAttachment(photo, bytes: [1]))
            let photoError = await error { try await store.write(.putAttachment(photo, bytes: [2])) }
            #expect(photoError as? StoreError == .duplicate(key: "id"))
            #expect(try await store.attachmentBytes(id: photo.id) == [1])
            // Nothing of a failed batch is kept.
            #expect(try await store.posting(id: posting.id)?.title == "Mow the big lawn")
            #expect(try await store.bid(id: bid.id)?.amount == Money(cents: 100))
        }
    }

    /// MKT-6: two accepts of one posting at the same moment write the posting at the same version; PostgreSQL's
    /// second writer waits for the first one's row lock and then finds the version moved.
    @Test(arguments: Engine.available)
    func MKT6_twoConcurrentWritesOfOnePostingCommitExactlyOnce(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let (cat, _) = try await store.register("cat")
            for round in 0..<5 {
                let posting = makePosting(ann, "Round \(round)") {
                    $0.status = .bidded; $0.openBidCount = 2
                }
                let benBid = makeBid(posting, by: ben), catBid = makeBid(posting, by: cat)
                try await store.write(.putPosting(posting, audience: []), .putBid(benBid), .putBid(catBid))
                func accept(_ bid: Bid, _ other: Bid) -> WriteBatch {
                    WriteBatch(
                        [
                            .putPosting(
                                edited(posting) {
                                    $0.status = .assigned
                                    $0.assigneeID = bid.bidderID
                                    $0.acceptedBidID = bid.id
                                    $0.openBidCount = 0
                                }, audience: [bid.bidderID]),
                            .putBid(edited(bid) { $0.status = .accepted }),
                            .putBid(edited(other) { $0.status = .declined }),
                        ], now: epoch)
                }
                let benAccept = accept(benBid, catBid), catAccept = accept(catBid, benBid)
                async let first = error { _ = try await store.commit(benAccept) }
                async let second = error { _ = try await store.commit(catAccept) }
                let errors = await [first, second]
                #expect(errors.filter { $0 == nil }.count == 1, "exactly one accept commits: \(errors)")
                #expect(errors.contains { isVersionConflict($0) }, "the other is a conflict: \(errors)")
                let stored = try #require(try await store.posting(id: posting.id))
                let bids = try await store.bids(postingID: posting.id)
                #expect(stored.version == 2)
                #expect(bids.filter { $0.status == .accepted }.map(\.bidderID) == [try #require(stored.assigneeID)])
            }
        }
    }

    @Test(arguments: Engine.available)
    func MKT8_unseenBidsAreOpenBidsWrittenAfterThePosterLastLooked(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let (cat, _) = try await store.register("cat")
            let seen = makePosting(ann, "Seen", created: 10)
            let gone = makePosting(ann, "Gone", created: 10) { $0.deletedAt = at(11) }
            let others = makePosting(ben, "Ben's", created: 10)
            try await store.write(
                .putPosting(seen, audience: []), .putPosting(gone, audience: []),
                .putPosting(others, audience: []))
            #expect(try await store.unseenBidCount(posterID: ann.id) == 0)
            let benBid = makeBid(seen, by: ben, created: 12)
            let catBid = makeBid(seen, by: cat, created: 13)
            try await store.write(
                .putBid(benBid), .putBid(catBid), .putBid(makeBid(gone, by: ben, created: 12)),
                .putBid(makeBid(others, by: cat, created: 12)))
            #expect(try await store.unseenBidCount(posterID: ann.id) == 2)
            #expect(try await store.unseenBidCount(posterID: ben.id) == 1)
            try await store.write(.putBid(edited(catBid, at: 14) { $0.status = .withdrawn }))
            #expect(try await store.unseenBidCount(posterID: ann.id) == 1)
            try await store.write(.putPosting(edited(seen, at: 15) { $0.bidsSeenAt = at(15) }, audience: []))
            #expect(try await store.unseenBidCount(posterID: ann.id) == 0)
            try await store.write(.putBid(edited(benBid, at: 16) { $0.amount = Money(cents: 99) }))
            #expect(try await store.unseenBidCount(posterID: ann.id) == 1)
        }
    }

    @Test(arguments: Engine.available)
    func MKT8_aNotificationKeepsItsPosting(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let posting = makePosting(ann, "Deliver a parcel")
            try await store.write(.putPosting(posting, audience: []))
            func note(_ kind: AppNotification.Kind, read: Timestamp? = nil) -> AppNotification {
                AppNotification(
                    id: .make(at: epoch), accountID: ann.id, kind: kind, title: "New bid", body: "12.50",
                    postingID: posting.id, actorID: ben.id, createdAt: epoch, readAt: read)
            }
            // New unread ones are written many to a statement on PostgreSQL; a read one by itself.
            let placed = note(.bidPlaced), question = note(.marketQuestion), read = note(.marketReview, read: at(1))
            let plain = AppNotification(
                id: .make(at: epoch), accountID: ann.id, kind: .comment, title: "Hi",
                body: "", createdAt: epoch)
            try await store.write(
                .putNotification(placed), .putNotification(question), .putNotification(read),
                .putNotification(plain))
            #expect(try await store.notification(id: placed.id) == placed)
            #expect(try await store.notification(id: question.id) == question)
            #expect(try await store.notification(id: read.id) == read)
            #expect(try await store.notification(id: plain.id)?.postingID == nil)
            #expect(try await store.notifications(accountID: ann.id, unreadOnly: true, limit: 10).count == 3)
        }
    }

    /// NOTIF-3 (issue 34): a reminder delivered silently in the quiet hours keeps saying so, whether it was written
    /// with others in one statement (PostgreSQL's bulk insert) or by itself (read, or changed).
    @Test(arguments: Engine.available)
    func NOTIF3_aSilentNotificationStaysSilent(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            func note(silent: Bool, read: Timestamp? = nil) -> AppNotification {
                AppNotification(
                    id: .make(at: epoch), accountID: ann.id, kind: .reminder, title: "Water the plants",
                    body: "Due today", createdAt: epoch, readAt: read, isSilent: silent)
            }
            let quiet = note(silent: true), loud = note(silent: false), quietRead = note(silent: true, read: at(1))
            try await store.write(.putNotification(quiet), .putNotification(loud), .putNotification(quietRead))
            #expect(try await store.notification(id: quiet.id)?.isSilent == true)
            #expect(try await store.notification(id: loud.id)?.isSilent == false)
            #expect(try await store.notification(id: quietRead.id)?.isSilent == true)
        }
    }
}
