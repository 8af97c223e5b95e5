import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

/// Issue 15: finding postings by words (MKT-2) and by place (MKT-9); what goes with an account or a task.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func MKT2_searchFindsEveryWordAsAPrefixNewestFirst(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let moving = MarketCategory.seededID(2)
            let bike = makePosting(ann, "Bike repair", description: "Flat tyre on my city bike", created: 1)
            let bikes = makePosting(
                ann, "Two bikes to move", description: "Reparatur nicht nötig", created: 2,
                category: moving)
            let café = makePosting(ann, "Café chairs", description: "Repaint six chairs", created: 3)
            let bidded = makePosting(ann, "BIKE-REPAIR kit", created: 4) { $0.status = .bidded }
            let assigned = makePosting(ann, "Bike repair again", created: 5) { $0.status = .assigned }
            let deleted = makePosting(ann, "Bike repair gone", created: 6) { $0.deletedAt = at(7) }
            try await store.put([bike, bikes, café, bidded, assigned, deleted])
            func titles(_ text: String, _ configure: (inout PostingQuery) -> Void = { _ in }) async throws -> [String] {
                var query = PostingQuery(text: text)
                configure(&query)
                return try await store.searchPostings(query).map(\.title)
            }
            #expect(try await titles("bike rep") == ["BIKE-REPAIR kit", "Two bikes to move", "Bike repair"])
            #expect(try await titles("BIKE") == ["BIKE-REPAIR kit", "Two bikes to move", "Bike repair"])
            #expect(try await titles("rep") == ["BIKE-REPAIR kit", "Café chairs", "Two bikes to move", "Bike repair"])
            #expect(try await titles("café") == ["Café chairs"])
            #expect(try await titles("cafe\u{301}") == ["Café chairs"], "a combining accent is the same letter")
            #expect(try await titles("CAFÉ chair").count == 1)
            #expect(try await titles("ike").isEmpty, "words match from their start")
            #expect(try await titles("bike wheel").isEmpty, "every word must match")
            #expect(try await titles("bike") { $0.categoryID = moving } == ["Two bikes to move"])
            #expect(try await titles("bike") { $0.statuses = [.bidded] } == ["BIKE-REPAIR kit"])
            #expect(try await titles("bike") { $0.statuses = [.assigned, .done] } == ["Bike repair again"])
            #expect(try await titles("bike") { $0.limit = 2 } == ["BIKE-REPAIR kit", "Two bikes to move"])
            #expect(
                try await titles("bike") { $0.before = (bidded.createdAt, bidded.id) }
                    == ["Two bikes to move", "Bike repair"])
            // No words: every posting of the statuses, newest first.
            #expect(try await titles("") == ["BIKE-REPAIR kit", "Café chairs", "Two bikes to move", "Bike repair"])
            #expect(
                try await titles("  ,. ") { $0.before = (café.createdAt, café.id) }
                    == ["Two bikes to move", "Bike repair"])
            // Edits reach the index.
            try await store.write(.putPosting(edited(café) { $0.title = "Garden chairs" }, audience: []))
            #expect(try await titles("café").isEmpty)
            #expect(try await titles("gard") == ["Garden chairs"])
        }
    }

    /// Many matches, written in another order than they were created, read in pages with every filter: the page
    /// is always the newest matches after the cursor (SQLite reads two streams side by side for it).
    @Test(arguments: Engine.available)
    func MKT2_searchPagesThroughManyMatchesInCreationOrder(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            var generator = SeededGenerator(seed: 15)
            let words = ["bike", "bicycle", "fence", "garden", "kitchen"]
            var postings: [MarketPosting] = []
            for index in 0..<1_500 {
                // Mostly in creation order, sometimes far from it; some share a moment.
                let created = index % 7 == 0 ? Int64.random(in: 0..<3_000, using: &generator) : Int64(index * 2)
                let title = (0..<3).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
                postings.append(
                    makePosting(
                        ann, title, description: "number \(index)", created: created,
                        category: MarketCategory.seededID(index % 3)
                    ) {
                        $0.status = index % 5 == 0 ? .done : index % 2 == 0 ? .bidded : .requested
                        if index % 11 == 0 { $0.deletedAt = at(5_000) }
                    })
            }
            try await store.put(postings)
            func expected(_ query: PostingQuery) -> [PostingID] {
                postings.filter { posting in
                    let own = (posting.title + " " + posting.description).split(separator: " ")
                    return posting.deletedAt == nil && query.statuses.contains(posting.status)
                        && (query.categoryID == nil || posting.categoryID == query.categoryID)
                        && query.text.split(separator: " ").allSatisfy { word in own.contains { $0.hasPrefix(word) } }
                        && query.before.map { (posting.createdAt, posting.id) < ($0.createdAt, $0.id) } ?? true
                }
                .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }.prefix(query.limit).map(\.id)
            }
            let queries = [
                PostingQuery(text: "bi", limit: 40), PostingQuery(text: "bike fence", limit: 25),
                PostingQuery(text: "kitchen", categoryID: MarketCategory.seededID(1), limit: 30),
                PostingQuery(text: "garden", statuses: [.done], limit: 30),
                PostingQuery(text: "number 14", limit: 50), PostingQuery(text: "number 1499", limit: 50),
                PostingQuery(text: "bicycle number 7", statuses: [.requested], limit: 50),
            ]
            for first in queries {
                var query = first
                var pages = 0
                while pages < 100 {
                    let found = try await store.searchPostings(query).map(\.id)
                    #expect(found == expected(query), "\(query.text) page \(pages)")
                    guard found.count == query.limit, let last = postings.first(where: { $0.id == found.last })
                    else { break }
                    query.before = (last.createdAt, last.id)
                    pages += 1
                }
                #expect(pages < 100)
            }
        }
    }

    /// More postings than PostgreSQL reads in time order before it asks its GIN index (`searchWindow`), with a rare
    /// word among the newest and the oldest: the page joins both, newest first, and pages on.
    @Test(arguments: Engine.available)
    func MKT2_aRareWordIsFoundAmongManyPostings(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            var postings = (0..<10_400).map { index in
                makePosting(ann, "Filler \(index)", description: "common words", created: Int64(index))
            }
            let needles = [3, 5, 2_000, 10_397, 10_398].map { postings[$0].id }
            for index in postings.indices where needles.contains(postings[index].id) {
                postings[index].description = "a rare needle"
            }
            postings[5].status = .done
            try await store.put(postings)
            let open = needles.filter { $0 != postings[5].id }
            #expect(try await store.searchPostings(PostingQuery(text: "needle")).map(\.id) == open.reversed())
            let first = try await store.searchPostings(PostingQuery(text: "rare needle", limit: 3))
            #expect(first.map(\.id) == Array(open.reversed().prefix(3)))
            let last = try #require(first.last)
            let rest = try await store.searchPostings(PostingQuery(text: "needl", before: (last.createdAt, last.id)))
            #expect(rest.map(\.id) == [open[0]])
            #expect(
                try await store.searchPostings(PostingQuery(text: "needle", statuses: [.done])).map(\.id)
                    == [postings[5].id])
            #expect(try await store.searchPostings(PostingQuery(text: "filler 1039")).count == 11)
            #expect(try await store.searchPostings(PostingQuery(text: "haystack")).isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func MKT9_aNearBoxFindsThePostingsInsideItOnly(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let center = makePosting(ann, "Center", at: berlin)
            let close = makePosting(ann, "Three km", at: GeoPoint(latitude: 52.54, longitude: 13.44))
            let edge = makePosting(ann, "Nine km north", at: GeoPoint(latitude: 52.60, longitude: 13.404954))
            let far = makePosting(ann, "Fifty km", at: GeoPoint(latitude: 52.95, longitude: 13.404954))
            let munich = makePosting(ann, "Munich", at: GeoPoint(latitude: 48.137154, longitude: 11.576124))
            let nowhere = makePosting(ann, "No place")
            let done = makePosting(ann, "Done", at: berlin) { $0.status = .done }
            let deleted = makePosting(ann, "Deleted", at: berlin) { $0.deletedAt = at(1) }
            let moving = makePosting(ann, "Moving", category: MarketCategory.seededID(2), at: berlin) {
                $0.status = .bidded
            }
            try await store.put([center, close, edge, far, munich, nowhere, done, deleted, moving])
            let box = berlin.searchBox(radiusKm: 10)
            func titles(
                _ box: GeoSearchBox, _ statuses: [MarketPosting.Status] = [.requested, .bidded],
                category: CategoryID? = nil, limit: Int = 100
            ) async throws -> Set<String> {
                Set(
                    try await store.postings(in: box, statuses: statuses, categoryID: category, limit: limit)
                        .map(\.title))
            }
            #expect(try await titles(box) == ["Center", "Three km", "Nine km north", "Moving"])
            #expect(try await titles(box, [.bidded]) == ["Moving"])
            #expect(try await titles(box, category: MarketCategory.seededID(2)) == ["Moving"])
            #expect(try await titles(box, [.done]) == ["Done"])
            #expect(try await titles(box, limit: 2).count == 2)
            #expect(try await titles(berlin.searchBox(radiusKm: 500)).contains("Munich"))
            #expect(try await titles(berlin.searchBox(radiusKm: 60)).contains("Fifty km"))
            #expect(try await titles(berlin.searchBox(radiusKm: 1_000)).count == 6, "a tall box reads its band")
            let found = try await store.postings(in: box, statuses: [.requested], categoryID: nil, limit: 10)
            #expect(found.first { $0.id == center.id } == center)
        }
    }

    @Test(arguments: Engine.available)
    func MKT9_aBoxAcrossTheAntimeridianLooksOnBothSides(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let fiji = GeoPoint(latitude: -17.0, longitude: 179.95)
            let west = makePosting(ann, "West", at: GeoPoint(latitude: -17.1, longitude: 179.8))
            let east = makePosting(ann, "East", at: GeoPoint(latitude: -16.9, longitude: -179.85))
            let onLine = makePosting(ann, "On the line", at: GeoPoint(latitude: -17.0, longitude: 180))
            let away = makePosting(ann, "Away", at: GeoPoint(latitude: -17.0, longitude: 0))
            let north = makePosting(ann, "North", at: GeoPoint(latitude: -15.0, longitude: 179.95))
            try await store.put([west, east, onLine, away, north])
            let box = fiji.searchBox(radiusKm: 50)
            #expect(box.longitudeRanges.count == 2)
            let found = try await store.postings(in: box, statuses: [.requested, .bidded], categoryID: nil, limit: 10)
            #expect(Set(found.map(\.title)) == ["West", "East", "On the line"])
        }
    }

    @Test(arguments: Engine.available)
    func ACC6_deletingAnAccountRemovesItsMarketRowsAndPhotos(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, annInbox) = try await store.register("ann")
            let (ben, benInbox) = try await store.register("ben")
            let annTask = makeTask(in: annInbox, "Ann's task")
            let benTask = makeTask(in: benInbox, "Ben's task")
            let annPosting = makePosting(ann, "Ann's posting", at: berlin)
            let benPosting = makePosting(ben, "Ben's posting") {
                $0.status = .done; $0.assigneeID = ann.id
            }
            let onAnns = makeBid(annPosting, by: ben)
            let annsBid = makeBid(benPosting, by: ann)
            let question = MarketQuestion(
                id: .make(at: epoch), postingID: benPosting.id, posterID: ben.id,
                askerID: ann.id, body: "?", createdAt: epoch)
            let asked = MarketQuestion(
                id: .make(at: epoch), postingID: annPosting.id, posterID: ann.id,
                askerID: ben.id, body: "?", createdAt: epoch)
            let ofAnn = MarketReview(
                id: .make(at: epoch), postingID: benPosting.id, reviewerID: ben.id,
                revieweeID: ann.id, rating: 2, body: "", createdAt: epoch)
            let byAnn = MarketReview(
                id: .make(at: epoch), postingID: benPosting.id, reviewerID: ann.id,
                revieweeID: ben.id, rating: 5, body: "", createdAt: epoch)
            let photos = [
                makePhoto(ann, task: benTask), makePhoto(ben, task: annTask),
                makePhoto(ben, posting: annPosting), makePhoto(ann, posting: benPosting),
            ]
            let kept = makePhoto(ben, task: benTask)
            try await store.write(
                .putTask(annTask), .putTask(benTask), .putPosting(annPosting, audience: []),
                .putPosting(benPosting, audience: []), .putBid(onAnns), .putBid(annsBid),
                .putQuestion(question), .putQuestion(asked), .putReview(ofAnn), .putReview(byAnn))
            for photo in photos + [kept] { try await store.write(.putAttachment(photo, bytes: [9, 9])) }
            let account = try #require(try await store.account(id: ann.id))
            try await store.write(.deleteAccount(account))

            #expect(try await store.account(id: ann.id) == nil)
            #expect(try await store.posting(id: annPosting.id) == nil)
            #expect(try await store.posting(id: benPosting.id)?.assigneeID == ann.id, "a done posting keeps its record")
            #expect(try await store.bids(postingID: annPosting.id).isEmpty)
            #expect(try await store.bids(bidderID: ann.id).isEmpty)
            #expect(try await store.bid(id: onAnns.id) == nil)
            #expect(try await store.question(id: question.id) == nil)
            #expect(try await store.question(id: asked.id) == nil)
            #expect(try await store.reviews(postingID: benPosting.id).isEmpty)
            for photo in photos {
                #expect(try await store.attachment(id: photo.id) == nil)
                #expect(try await store.attachmentBytes(id: photo.id) == nil)
            }
            #expect(try await store.attachments(taskIDs: [benTask.id]) == [kept])
            #expect(try await store.attachmentBytes(id: kept.id) == [9, 9])
        }
    }

    @Test(arguments: Engine.available)
    func TASK11_photosAreLimitedDeletedAndPurgedWithTheirTask(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let task = makeTask(in: inbox, "Photographed")
            let posting = makePosting(ann, "With photos")
            try await store.write(.putTask(task), .putPosting(posting, audience: []))
            let first = makePhoto(ann, task: task, created: 1), second = makePhoto(ann, task: task, created: 2)
            let changes = try await store.write(
                .putAttachment(first, bytes: [1]), .putAttachment(second, bytes: [2]),
                .requireAtMost(.attachmentsOnTask(task.id, 2)))
            #expect(changes.map(\.entity) == [.attachment, .attachment])
            #expect(changes.allSatisfy { $0.accountID == ann.id && $0.listID == inbox.id })
            let third = makePhoto(ann, task: task, created: 3)
            let overTaskLimit = await error {
                try await store.write(.putAttachment(third, bytes: [3]), .requireAtMost(.attachmentsOnTask(task.id, 2)))
            }
            #expect(isVersionConflict(overTaskLimit))
            #expect(try await store.attachment(id: third.id) == nil)
            let onPosting = makePhoto(ben, posting: posting)
            try await store.write(
                .putAttachment(onPosting, bytes: [4]),
                .requireAtMost(.attachmentsOnPosting(posting.id, 1)))
            let overPostingLimit = await error {
                try await store.write(
                    .putAttachment(makePhoto(ann, posting: posting), bytes: [5]),
                    .requireAtMost(.attachmentsOnPosting(posting.id, 1)))
            }
            #expect(isVersionConflict(overPostingLimit))
            let deletion = try await store.write(.deleteAttachment(onPosting))
            #expect(deletion.map(\.kind) == [.delete])
            #expect(try await store.attachmentBytes(id: onPosting.id) == nil)
            let deletedTwice = await error { try await store.write(.deleteAttachment(onPosting)) }
            #expect(isVersionConflict(deletedTwice))

            try await store.write(.purgeTask(task))
            #expect(try await store.attachments(taskIDs: [task.id]).isEmpty)
            #expect(try await store.attachmentBytes(id: first.id) == nil)
            #expect(try await store.attachmentBytes(id: second.id) == nil)
        }
    }
}

/// A small deterministic random number generator (SplitMix64), so a failing case can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
