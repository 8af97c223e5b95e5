import DoableCore
@_spi(StoreWriting) import DoableStore
import Testing

func makeCalendarObject(
    _ task: TaskItem, name: String? = nil, uid: String? = nil, bodyVersion: Int64 = 1,
    pendingParentUID: String? = nil
) -> CalendarObject {
    let uid = uid ?? task.id.description
    return CalendarObject(
        taskID: task.id, name: name ?? "\(uid).ics", uid: uid,
        body: "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(task.title)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
        bodyVersion: bodyVersion, pendingParentUID: pendingParentUID)
}

/// Issue 17: CalDAV objects (INTEROP-1), ICS feed keys (INTEROP-2) and the feed read per list, on every engine.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func INTEROP1_aCalendarObjectIsStoredVerbatimReplacedAndDeletedWithoutFeedEntries(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let walk = makeTask(in: inbox, "Walk")
            let read = makeTask(in: inbox, "Read", rank: "a1")
            try await store.put([walk, read])
            let before = try await store.latestSequence(accountID: ada.id)
            // Folded lines, a tab, non-ASCII text and an X- property: the body comes back byte for byte.
            var first = makeCalendarObject(walk, name: "4A1B-client chosen.ics", uid: "4A1B@example.com")
            first.body =
                "BEGIN:VCALENDAR\r\nPRODID:-//Apple Inc.//iOS 17//EN\r\nBEGIN:VTODO\r\nUID:4A1B@example.com\r\n"
                + "SUMMARY:Walk the dog 🐕 über\r\n  the hill\r\nX-APPLE-SORT-ORDER:\t42\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            let second = makeCalendarObject(read, pendingParentUID: "4A1B@example.com")
            let changes = try await store.write(.putCalendarObject(first), .putCalendarObject(second))

            #expect(changes.isEmpty)
            #expect(try await store.latestSequence(accountID: ada.id) == before)
            #expect(try await store.calendarObject(taskID: walk.id) == first)
            #expect(try await store.calendarObject(taskID: read.id) == second)
            #expect(try await store.calendarObject(taskID: .make()) == nil)
            let both = [first, second].sorted { $0.taskID < $1.taskID }
            #expect(try await store.calendarObjects(taskIDs: [read.id, .make(), walk.id]) == both)
            #expect(try await store.calendarObjects(taskIDs: []).isEmpty)

            // A client PUTs again: the row is replaced whole (the pending parent arrived, so it is cleared).
            var replaced = second
            replaced.name = "renamed.ics"
            replaced.uid = "other-uid"
            replaced.body = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
            replaced.bodyVersion = 7
            replaced.pendingParentUID = nil
            try await store.write(.putCalendarObject(replaced))
            #expect(try await store.calendarObject(taskID: read.id) == replaced)
            #expect(try await store.calendarObjectTask(listID: inbox.id, name: second.name) == nil)
            #expect(try await store.calendarObjectTask(listID: inbox.id, name: "renamed.ics") == read.id)

            let deleted = try await store.write(.deleteCalendarObject(walk.id), .deleteCalendarObject(.make()))
            #expect(deleted.isEmpty)
            #expect(try await store.calendarObject(taskID: walk.id) == nil)
            #expect(try await store.calendarObjects(taskIDs: [walk.id, read.id]) == [replaced])
            #expect(try await store.task(id: walk.id) == walk, "the task stays")
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_lookupsByNameAndUIDAreScopedToTheListIncludeTrashAndFollowAMove(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let work = makeList(ada, "Work")
            try await store.write(.putList(work))
            let home = makeTask(in: inbox, "Home copy")
            let office = makeTask(in: work, "Office copy")
            try await store.put([home, office])
            // The same client-chosen name and UID in two calendars (a client that copied an event across).
            try await store.write(
                .putCalendarObject(makeCalendarObject(home, name: "same.ics", uid: "SAME")),
                .putCalendarObject(makeCalendarObject(office, name: "same.ics", uid: "SAME")))

            #expect(try await store.calendarObjectTask(listID: inbox.id, name: "same.ics") == home.id)
            #expect(try await store.calendarObjectTask(listID: work.id, name: "same.ics") == office.id)
            #expect(try await store.calendarObjectTask(listID: inbox.id, name: "SAME.ics") == nil, "names are exact")
            #expect(try await store.calendarObjectTask(listID: .make(), name: "same.ics") == nil)
            #expect(try await store.calendarObjectTasks(listID: inbox.id, uid: "SAME") == [home.id])
            #expect(try await store.calendarObjectTasks(listID: work.id, uid: "SAME") == [office.id])
            #expect(try await store.calendarObjectTasks(listID: work.id, uid: "same").isEmpty)

            // A trashed task keeps its resource: a PUT to its name or UID must find it (to refuse or restore it).
            let trashed = edited(home) {
                $0.deletedAt = at(2)
                $0.trashedWith = $0.id.description
            }
            try await store.write(.putTask(trashed))
            #expect(try await store.calendarObjectTask(listID: inbox.id, name: "same.ics") == home.id)
            #expect(try await store.calendarObjectTasks(listID: inbox.id, uid: "SAME") == [home.id])

            // Moved to the Inbox, the office copy is found there and no longer in Work.
            let moved = edited(office) { $0.listID = inbox.id }
            try await store.write(.putTask(moved))
            #expect(
                try await store.calendarObjectTasks(listID: inbox.id, uid: "SAME")
                    == [home.id, office.id].sorted())
            #expect(try await store.calendarObjectTasks(listID: work.id, uid: "SAME").isEmpty)
            #expect(try await store.calendarObjectTask(listID: work.id, name: "same.ics") == nil)
            let found = try await store.calendarObjectTask(listID: inbox.id, name: "same.ics")
            #expect(found == home.id || found == office.id)
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_entriesByNameCarryTheTaskItsObjectAndItsParentsUIDInTheList(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let work = makeList(ada, "Work")
            try await store.write(.putList(work))
            let parent = makeTask(in: inbox, "Parent with an object")
            let bare = makeTask(in: inbox, "Parent without one", rank: "a1")
            let child = makeTask(in: inbox, "Child", rank: "a2", parent: parent)
            let orphan = makeTask(in: inbox, "Child of a bare parent", rank: "a3", parent: bare)
            let binned = makeTask(in: inbox, "Trashed", rank: "a4") {
                $0.deletedAt = at(1)
                $0.trashedWith = $0.id.description
            }
            let elsewhere = makeTask(in: work, "In another list")
            try await store.put([parent, bare, child, orphan, binned, elsewhere])
            let objects = [
                makeCalendarObject(parent, name: "parent.ics", uid: "PARENT-UID"),
                makeCalendarObject(child, name: "child.ics", uid: "CHILD-UID", pendingParentUID: "X"),
                makeCalendarObject(orphan, name: "orphan.ics"), makeCalendarObject(binned, name: "binned.ics"),
                makeCalendarObject(elsewhere, name: "child.ics", uid: "ELSEWHERE"),
            ]
            _ = try await store.commit(WriteBatch(objects.map { .putCalendarObject($0) }, now: epoch))

            let names = ["parent.ics", "child.ics", "orphan.ics", "binned.ics", "missing.ics", "\(bare.id).ics"]
            let entries = try await store.calendarEntries(listID: inbox.id, names: names)
            let expected = [
                CalendarEntry(task: parent, object: objects[0], parentUID: nil),
                CalendarEntry(task: child, object: objects[1], parentUID: "PARENT-UID"),
                CalendarEntry(task: orphan, object: objects[2], parentUID: nil),
                CalendarEntry(task: binned, object: objects[3], parentUID: nil),
            ]
            #expect(entries == expected.sorted { $0.task.id < $1.task.id })
            #expect(entries.count == (try await store.calendarObjectTasks(listID: inbox.id, names: names)).count)
            #expect(
                try await store.calendarEntries(listID: work.id, names: names).map(\.task)
                    == [elsewhere], "names are looked up in the list only")
            #expect(try await store.calendarEntries(listID: inbox.id, names: []).isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_timeRangeCandidatesAreTheDatedInTheDaysAndThoseDatesCannotJudge(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let work = makeList(ada, "Work")
            try await store.write(.putList(work))
            func dated(_ title: String, rank: String, due: String?, start: String? = nil) -> TaskItem {
                makeTask(in: inbox, title, rank: rank) {
                    $0.due = due.flatMap(TaskDate.init)
                    $0.start = start.flatMap(TaskDate.init)
                }
            }
            let firstDay = dated("Due on the first day", rank: "a0", due: "2027-03-01")
            let lastMoment = dated("Due late on the day before the bound", rank: "a1", due: "2027-03-09T23:59:59Z")
            let spanning = dated("Started before, due after", rank: "a2", due: "2027-04-20", start: "2027-02-01")
            let startOnly = dated("Starts inside", rank: "a3", due: nil, start: "2027-03-05T08:00:00Z")
            let undated = dated("No dates", rank: "a4", due: nil)
            let before = dated("Due the day before", rank: "a5", due: "2027-02-28T23:59:59Z")
            let atBound = dated("Due on the bound", rank: "a6", due: "2027-03-10")
            let repeating = makeTask(in: inbox, "Repeats, due long before", rank: "a7") {
                $0.due = TaskDate("2026-01-05")
                $0.recurrence = "FREQ=WEEKLY"
            }
            let lasting = dated("Object with a DURATION", rank: "a8", due: nil, start: "2026-06-01")
            let trashed = makeTask(in: inbox, "Trashed", rank: "a9") {
                $0.due = TaskDate("2027-03-02")
                $0.deletedAt = at(1)
                $0.trashedWith = $0.id.description
            }
            let elsewhere = makeTask(in: work, "Other list") { $0.due = TaskDate("2027-03-02") }
            try await store.put([
                firstDay, lastMoment, spanning, startOnly, undated, before, atBound, repeating, lasting, trashed,
                elsewhere,
            ])
            var withDuration = makeCalendarObject(lasting)
            withDuration.body = withDuration.body.replacingOccurrences(of: "END:VTODO", with: "DURATION:PT1H\r\nEND:VTODO")
            try await store.write(.putCalendarObject(withDuration), .putCalendarObject(makeCalendarObject(before)))

            let from = CivilDate("2027-03-01"), until = CivilDate("2027-03-10")
            let candidates = try await store.calendarTasks(listID: inbox.id, datedFrom: from, before: until)
            #expect(candidates == [firstDay, lastMoment, spanning, startOnly, undated, repeating, lasting])
            #expect(
                try await store.calendarTasks(listID: inbox.id, datedFrom: nil, before: until).map(\.title)
                    == [firstDay, lastMoment, spanning, startOnly, undated, before, repeating, lasting].map(\.title),
                "no lower bound")
            #expect(
                try await store.calendarTasks(listID: inbox.id, datedFrom: from, before: nil).map(\.title)
                    == [firstDay, lastMoment, spanning, startOnly, undated, atBound, repeating, lasting].map(\.title),
                "no upper bound")
            #expect(try await store.calendarTasks(listID: work.id, datedFrom: from, before: until) == [elsewhere])
            #expect(try await store.calendarTasks(listID: .make(), datedFrom: from, before: until).isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_objectsAwaitingAParentAreFoundByItsUIDInTheirListWhileNotTrashed(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let work = makeList(ada, "Work")
            try await store.write(.putList(work))
            let first = makeTask(in: inbox, "First child")
            let second = makeTask(in: inbox, "Second child", rank: "a1")
            let elsewhere = makeTask(in: work, "Child in another calendar")
            let otherParent = makeTask(in: inbox, "Child of another parent", rank: "a2")
            let orphanless = makeTask(in: inbox, "No parent", rank: "a3")
            let binned = makeTask(in: inbox, "Trashed child", rank: "a4") {
                $0.deletedAt = at(1)
                $0.trashedWith = $0.id.description
            }
            try await store.put([first, second, elsewhere, otherParent, orphanless, binned])
            let waiting = [first, second].map { makeCalendarObject($0, pendingParentUID: "PARENT") }
            try await store.write(
                .putCalendarObject(waiting[0]), .putCalendarObject(waiting[1]),
                .putCalendarObject(makeCalendarObject(elsewhere, pendingParentUID: "PARENT")),
                .putCalendarObject(makeCalendarObject(otherParent, pendingParentUID: "OTHER")),
                .putCalendarObject(makeCalendarObject(orphanless)),
                .putCalendarObject(makeCalendarObject(binned, pendingParentUID: "PARENT")))

            let awaiting = try await store.calendarObjectsAwaitingParent(listID: inbox.id, uid: "PARENT")
            #expect(awaiting == waiting.sorted { $0.taskID < $1.taskID })
            #expect(
                try await store.calendarObjectsAwaitingParent(listID: work.id, uid: "PARENT").map(\.taskID)
                    == [elsewhere.id])
            #expect(try await store.calendarObjectsAwaitingParent(listID: inbox.id, uid: "parent").isEmpty)

            // The parent arrived: the first child was hung below it and waits no more.
            var adopted = waiting[0]
            adopted.pendingParentUID = nil
            try await store.write(.putCalendarObject(adopted))
            #expect(try await store.calendarObjectsAwaitingParent(listID: inbox.id, uid: "PARENT") == [waiting[1]])
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_purgingATaskOrItsListRemovesItsCalendarObject(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let errands = makeList(ada, "Errands") { $0.deletedAt = at(1) }
            try await store.write(.putList(errands))
            let parent = makeTask(in: inbox, "Paint fence") {
                $0.deletedAt = at(1)
                $0.trashedWith = $0.id.description
            }
            let child = makeTask(in: inbox, "Buy paint", parent: parent) {
                $0.deletedAt = at(1)
                $0.trashedWith = parent.id.description
            }
            let keep = makeTask(in: inbox, "Keep me", rank: "a1")
            let stamps = makeTask(in: errands, "Stamps") {
                $0.deletedAt = at(1)
                $0.trashedWith = "list:\(errands.id)"
            }
            try await store.put([parent, child, keep, stamps])
            try await store.write(
                .putCalendarObject(makeCalendarObject(parent)),
                .putCalendarObject(makeCalendarObject(child)),
                .putCalendarObject(makeCalendarObject(keep)),
                .putCalendarObject(makeCalendarObject(stamps)))

            // As the trash purge writes them: the subtree deepest first, then the list after its tasks.
            try await store.write(.purgeTask(child), .purgeTask(parent))
            try await store.write(.purgeTask(stamps), .purgeList(errands))

            #expect(
                try await store.calendarObjects(taskIDs: [parent.id, child.id, keep.id, stamps.id]).map(\.taskID)
                    == [keep.id])
            #expect(try await store.calendarObjectTask(listID: inbox.id, name: "\(parent.id).ics") == nil)
            #expect(try await store.task(id: parent.id) == nil)
            #expect(try await store.list(id: errands.id) == nil)
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP2_aFeedKeyIsReplacedWholeAndOnlyTheNewKeyIsFound(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, _) = try await store.register("ada")
            let (bob, _) = try await store.register("bob")
            let first = FeedKey(accountID: ada.id, key: "k1-7f3c9a", createdAt: at(1))
            let bobs = FeedKey(accountID: bob.id, key: "kb-0d41e2", createdAt: at(2))
            let changes = try await store.write(.putFeedKey(first), .putFeedKey(bobs))
            #expect(changes.isEmpty)
            #expect(try await store.feedKey(accountID: ada.id) == first)
            #expect(try await store.feedKey(key: "k1-7f3c9a") == first)
            #expect(try await store.feedKey(key: "K1-7F3C9A") == nil, "keys match exactly")
            #expect(try await store.feedKey(key: "") == nil)

            // Rotation: the old URLs stop working at once.
            let rotated = FeedKey(accountID: ada.id, key: "k2-51be07", createdAt: at(9))
            try await store.write(.putFeedKey(rotated))
            #expect(try await store.feedKey(accountID: ada.id) == rotated)
            #expect(try await store.feedKey(key: "k2-51be07") == rotated)
            #expect(try await store.feedKey(key: "k1-7f3c9a") == nil)
            #expect(try await store.feedKey(accountID: bob.id) == bobs)
            #expect(try await store.feedKey(accountID: .make()) == nil)

            // Two members never share a key: a colliding one fails and changes nothing.
            let stolen = FeedKey(accountID: bob.id, key: "k2-51be07", createdAt: at(10))
            let collision = await error { try await store.write(.putFeedKey(stolen)) }
            #expect(collision != nil)
            #expect(try await store.feedKey(accountID: bob.id) == bobs)
            #expect(try await store.feedKey(key: "k2-51be07") == rotated)
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP2_deletingAnAccountRemovesItsFeedKeyAndItsTasksCalendarObjects(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, adaInbox) = try await store.register("ada")
            let (bob, bobInbox) = try await store.register("bob")
            let adas = makeTask(in: adaInbox, "Ada's")
            let adasTrashed = makeTask(in: adaInbox, "Ada's trashed", rank: "a1") {
                $0.deletedAt = at(1)
                $0.trashedWith = $0.id.description
            }
            let bobs = makeTask(in: bobInbox, "Bob's")
            try await store.put([adas, adasTrashed, bobs])
            try await store.write(
                .putCalendarObject(makeCalendarObject(adas)), .putCalendarObject(makeCalendarObject(adasTrashed)),
                .putCalendarObject(makeCalendarObject(bobs)),
                .putFeedKey(FeedKey(accountID: ada.id, key: "ada-key", createdAt: at(1))),
                .putFeedKey(FeedKey(accountID: bob.id, key: "bob-key", createdAt: at(1))))

            try await store.write(.deleteAccount(ada))

            #expect(try await store.account(id: ada.id) == nil)
            #expect(try await store.feedKey(accountID: ada.id) == nil)
            #expect(try await store.feedKey(key: "ada-key") == nil)
            #expect(
                try await store.calendarObjects(taskIDs: [adas.id, adasTrashed.id, bobs.id]).map(\.taskID)
                    == [bobs.id])
            #expect(try await store.feedKey(key: "bob-key")?.accountID == bob.id, "others keep theirs")
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_theFeedReadPerListIsThatListsEntriesOfTheAccountOldestFirst(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let (bob, _) = try await store.register("bob")
            let shared = makeList(ada, "Shared")
            try await store.write(.putList(shared), .putMembership(makeMembership(shared, bob, .editor)))
            let milk = makeTask(in: shared, "Milk")
            let diary = makeTask(in: inbox, "Diary")
            try await store.put([milk, diary])
            let oatMilk = edited(milk) { $0.title = "Oat milk" }
            try await store.write(.putTask(oatMilk), .putLabel(makeLabel(ada, "home")))

            let adaFeed = try await store.changes(accountID: ada.id, after: 0, limit: 100)
            let adaShared = try await store.changes(accountID: ada.id, listID: shared.id, after: 0, limit: 100)
            let adaInbox = try await store.changes(accountID: ada.id, listID: inbox.id, after: 0, limit: 100)
            #expect(adaShared == adaFeed.filter { $0.listID == shared.id })
            #expect(adaInbox == adaFeed.filter { $0.listID == inbox.id })
            #expect(adaShared.filter { $0.entity == .task }.map(\.entityID) == [milk.id, milk.id].map(\.description))
            #expect(adaInbox.filter { $0.entity == .task }.map(\.entityID) == [diary.id.description])
            #expect(try await store.latestSequence(accountID: ada.id, listID: shared.id) == adaShared.last?.sequence)
            #expect(try await store.latestSequence(accountID: ada.id, listID: inbox.id) == adaInbox.last?.sequence)
            // Paging: after a cursor, at most `limit`, oldest first.
            let page = try await store.changes(
                accountID: ada.id, listID: shared.id, after: adaShared[0].sequence,
                limit: 2)
            #expect(page == Array(adaShared.dropFirst().prefix(2)))
            let pastEnd = try await store.changes(
                accountID: ada.id, listID: shared.id,
                after: adaShared.last?.sequence ?? 0, limit: 10)
            #expect(pastEnd.isEmpty)
            #expect(try await store.changes(accountID: ada.id, listID: .make(), after: 0, limit: 10).isEmpty)
            #expect(try await store.latestSequence(accountID: ada.id, listID: .make()) == 0)

            // Bob sees the shared list's entries in his own feed, and nothing of Ada's Inbox.
            let bobShared = try await store.changes(accountID: bob.id, listID: shared.id, after: 0, limit: 100)
            #expect(bobShared.filter { $0.entity == .task }.map(\.entityID) == [milk.id, milk.id].map(\.description))
            #expect(bobShared.allSatisfy { $0.accountID == bob.id && $0.listID == shared.id })
            #expect(try await store.changes(accountID: bob.id, listID: inbox.id, after: 0, limit: 10).isEmpty)
            #expect(try await store.latestSequence(accountID: bob.id, listID: inbox.id) == 0)

            // The milk moves to Ada's Inbox, which Bob cannot see: the move announces it to the list it left, so
            // Bob's calendar learns that the task is gone from it.
            let bobCursor = try await store.latestSequence(accountID: bob.id, listID: shared.id)
            let adaCursor = try await store.latestSequence(accountID: ada.id, listID: shared.id)
            let moved = edited(oatMilk) { $0.listID = inbox.id }
            try await store.write(
                .putTask(moved),
                .announceTask(milk.id, listID: shared.id, listOwner: ada.id, onlyTo: nil))
            let bobLeft = try await store.changes(accountID: bob.id, listID: shared.id, after: bobCursor, limit: 10)
            #expect(bobLeft.map(\.entityID) == [milk.id.description])
            #expect(bobLeft.map(\.entity) == [.task])
            #expect(try await store.latestSequence(accountID: bob.id, listID: shared.id) == bobLeft.last?.sequence)
            #expect(try await store.latestSequence(accountID: bob.id, listID: shared.id) > bobCursor)
            let adaLeft = try await store.changes(accountID: ada.id, listID: shared.id, after: adaCursor, limit: 10)
            #expect(adaLeft.map(\.entityID) == [milk.id.description])
            let adaArrived = try await store.changes(
                accountID: ada.id, listID: inbox.id,
                after: adaInbox.last?.sequence ?? 0, limit: 10)
            #expect(adaArrived.map(\.entityID) == [milk.id.description])
            #expect(try await store.changes(accountID: bob.id, listID: inbox.id, after: 0, limit: 10).isEmpty)

            // Issue 34: Bob's reminder on a task of the shared list changes it for him alone: the announcement is
            // in his feed about that list, and in nobody else's.
            let bobBefore = try await store.latestSequence(accountID: bob.id, listID: shared.id)
            let adaBefore = try await store.latestSequence(accountID: ada.id, listID: shared.id)
            try await store.write(.announceTask(milk.id, listID: shared.id, listOwner: ada.id, onlyTo: bob.id))
            let bobTold = try await store.changes(accountID: bob.id, listID: shared.id, after: bobBefore, limit: 10)
            #expect(bobTold.map(\.entityID) == [milk.id.description] && bobTold.map(\.entity) == [.task])
            #expect(try await store.latestSequence(accountID: ada.id, listID: shared.id) == adaBefore)
        }
    }
}

/// INTEROP-1: the collection names CalDAV clients chose for lists (`MKCALENDAR /dav/calendars/<user>/<name>/`).
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func INTEROP1_aListsCollectionNameIsStoredReplacedAndReadWithoutFeedEntries(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let work = makeList(ada, "Work")
            let old = makeList(ada, "Old", rank: "a2") { $0.deletedAt = at(1) }
            let unnamed = makeList(ada, "Unnamed", rank: "a3")
            try await store.write(.putList(work), .putList(old), .putList(unnamed))
            let before = try await store.latestSequence(accountID: ada.id)

            let changes = try await store.write(
                .putCalendarCollection(work.id, name: "work-2f9c"),
                .putCalendarCollection(old.id, name: "Old Stuff"),
                .putCalendarCollection(inbox.id, name: "tasks"))
            #expect(changes.isEmpty)
            #expect(try await store.latestSequence(accountID: ada.id) == before)
            let asked = [work.id, old.id, unnamed.id, inbox.id, .make()]
            let named = try await store.calendarCollectionNames(listIDs: asked)
            #expect(named == [work.id: "work-2f9c", old.id: "Old Stuff", inbox.id: "tasks"])
            #expect(try await store.calendarCollectionNames(listIDs: []).isEmpty)
            #expect(try await store.calendarCollectionNames(listIDs: [unnamed.id]).isEmpty)
            // More ids than SQLite takes variables in one statement.
            let many = (0..<2_500).map { _ in ListID.make() } + [work.id]
            #expect(try await store.calendarCollectionNames(listIDs: many) == [work.id: "work-2f9c"])

            // The client made the collection again under another name: the row is replaced, the old name frees.
            try await store.write(.putCalendarCollection(work.id, name: "Arbeit 🗂"))
            #expect(
                try await store.calendarCollectionNames(listIDs: [work.id, inbox.id])
                    == [work.id: "Arbeit 🗂", inbox.id: "tasks"])
            #expect(try await store.calendarCollectionLists(name: "work-2f9c").isEmpty)
            #expect(try await store.calendarCollectionLists(name: "Arbeit 🗂") == [work.id])
            #expect(try await store.list(id: work.id) == work, "the list stays as it was")
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_lookupByCollectionNameFindsEveryListWithItExactlyTrashIncluded(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, adaInbox) = try await store.register("ada")
            let (_, bobInbox) = try await store.register("bob")
            let trashed = makeList(ada, "Binned") { $0.deletedAt = at(1) }
            let other = makeList(ada, "Other", rank: "a2")
            try await store.write(.putList(trashed), .putList(other))
            // Two accounts chose the same segment (every python-caldav test run uses the same one).
            try await store.write(
                .putCalendarCollection(adaInbox.id, name: "pythoncaldav-test"),
                .putCalendarCollection(bobInbox.id, name: "pythoncaldav-test"),
                .putCalendarCollection(trashed.id, name: "binned"),
                .putCalendarCollection(other.id, name: "PythonCalDAV-Test"))

            #expect(
                try await store.calendarCollectionLists(name: "pythoncaldav-test")
                    == [adaInbox.id, bobInbox.id].sorted())
            #expect(try await store.calendarCollectionLists(name: "PythonCalDAV-Test") == [other.id], "names are exact")
            #expect(try await store.calendarCollectionLists(name: "binned") == [trashed.id])
            #expect(try await store.calendarCollectionLists(name: "pythoncaldav-test ").isEmpty)
            #expect(try await store.calendarCollectionLists(name: "").isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_purgingAListRemovesItsCollectionName(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let errands = makeList(ada, "Errands") { $0.deletedAt = at(1) }
            try await store.write(.putList(errands))
            try await store.write(
                .putCalendarCollection(errands.id, name: "errands"),
                .putCalendarCollection(inbox.id, name: "inbox"))

            try await store.write(.purgeList(errands))

            #expect(try await store.list(id: errands.id) == nil)
            #expect(try await store.calendarCollectionNames(listIDs: [errands.id, inbox.id]) == [inbox.id: "inbox"])
            #expect(try await store.calendarCollectionLists(name: "errands").isEmpty)
            // A new collection may take the freed name.
            let again = makeList(ada, "Errands again", rank: "a2")
            try await store.write(.putList(again), .putCalendarCollection(again.id, name: "errands"))
            #expect(try await store.calendarCollectionLists(name: "errands") == [again.id])
        }
    }

    @Test(arguments: Engine.available)
    func INTEROP1_deletingAnAccountRemovesTheCollectionNamesOfItsLists(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, adaInbox) = try await store.register("ada")
            let (bob, bobInbox) = try await store.register("bob")
            let adaWork = makeList(ada, "Work")
            let adaTrashed = makeList(ada, "Binned", rank: "a2") { $0.deletedAt = at(1) }
            let bobWork = makeList(bob, "Work")
            try await store.write(.putList(adaWork), .putList(adaTrashed), .putList(bobWork))
            try await store.write(
                .putCalendarCollection(adaInbox.id, name: "tasks"),
                .putCalendarCollection(adaWork.id, name: "work"),
                .putCalendarCollection(adaTrashed.id, name: "binned"),
                .putCalendarCollection(bobInbox.id, name: "tasks"),
                .putCalendarCollection(bobWork.id, name: "work"))

            try await store.write(.deleteAccount(ada))

            #expect(try await store.account(id: ada.id) == nil)
            let adas = [adaInbox.id, adaWork.id, adaTrashed.id]
            #expect(try await store.calendarCollectionNames(listIDs: adas).isEmpty)
            #expect(try await store.calendarCollectionLists(name: "tasks") == [bobInbox.id], "others keep theirs")
            #expect(try await store.calendarCollectionLists(name: "work") == [bobWork.id])
            #expect(try await store.calendarCollectionLists(name: "binned").isEmpty)
            #expect(
                try await store.calendarCollectionNames(listIDs: adas + [bobInbox.id, bobWork.id])
                    == [bobInbox.id: "tasks", bobWork.id: "work"])
        }
    }
}

/// TASK-8 (issue 34): undo steps kept on the server for a while, for their member only, used once.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func TASK8_shelvedUndoIsForItsMemberUntilItExpiresAndIsTakenOnce(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let kept = ShelvedUndo(
                id: "abc123", accountID: ann.id, steps: String(repeating: "x", count: 300_000),
                expiresAt: at(1_000))
            let stale = ShelvedUndo(id: "old", accountID: ann.id, steps: "[]", expiresAt: at(10))
            try await store.write(.shelveUndo(stale))
            _ = try await store.commit(WriteBatch([.shelveUndo(kept)], now: at(500)))
            #expect(try await store.shelvedUndo(id: "abc123", accountID: ann.id, now: at(500)) == kept)
            #expect(try await store.shelvedUndo(id: "abc123", accountID: ben.id, now: at(500)) == nil)
            #expect(try await store.shelvedUndo(id: "abc123", accountID: ann.id, now: at(1_001)) == nil, "expired")
            #expect(
                try await store.shelvedUndo(id: "old", accountID: ann.id, now: at(0)) == nil,
                "a member's expired steps go when new ones are kept")
            try await store.write(.takeUndo(id: "abc123"))
            #expect(try await store.shelvedUndo(id: "abc123", accountID: ann.id, now: at(500)) == nil)
        }
    }
}
