import DoableCore
@_spi(StoreWriting) import DoableStore
import Testing

/// TASK-8, LIST-3 and ACC-6: the trash, purging, and deleting an account.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func TASK8_trashListsWhatTheOwnerDeletedNewestFirst(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await TrashFixture.seed(in: store)
            let trash = try await store.trash(ownerID: fixture.ada.id)
            let bobsTrash = try await store.trash(ownerID: fixture.bob.id)
            #expect(trash.lists.map(\.name) == ["Errands", "Old"])
            #expect(trash.tasks.map(\.title) == ["Call back", "Paint fence"])
            #expect(bobsTrash.lists.map(\.name) == ["Bob's old"])
            #expect(bobsTrash.tasks.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func TASK8_trashedTaskIsRestorableWithWhatWentWithIt(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await TrashFixture.seed(in: store)
            let withErrands = try await store.tasks(trashedWith: "list:\(fixture.errands.id)")
            let withFence = try await store.tasks(trashedWith: fixture.fence.id.description)
            let withNothing = try await store.tasks(trashedWith: "list:\(TaskID.make())")
            let errandsAll = try await store.tasks(listID: fixture.errands.id, includingTrashed: true)
            let errandsLive = try await store.tasks(listID: fixture.errands.id, includingTrashed: false)
            let inboxLive = try await store.tasks(listID: fixture.inbox.id, includingTrashed: false)
            let inboxAll = try await store.tasks(listID: fixture.inbox.id, includingTrashed: true)
            #expect(Set(withErrands.map(\.title)) == ["Stamps", "Envelopes"])
            #expect(Set(withFence.map(\.title)) == ["Paint fence", "Buy paint"])
            #expect(withNothing.isEmpty)
            #expect(errandsAll.map(\.title) == ["Stamps", "Envelopes"])
            #expect(errandsLive.isEmpty)
            #expect(inboxLive.map(\.title) == ["Keep me"])
            #expect(inboxAll.map(\.title) == ["Paint fence", "Buy paint", "Call back", "Keep me"])

            let restored = edited(fixture.fence) {
                $0.deletedAt = nil
                $0.trashedWith = nil
            }
            try await store.write(.putTask(restored))
            let trash = try await store.trash(ownerID: fixture.ada.id)
            let live = try await store.tasks(matching: TaskQuery(ownerID: fixture.ada.id))
            #expect(trash.tasks.map(\.title) == ["Call back"])
            #expect(live.map(\.title) == ["Paint fence", "Keep me"])
        }
    }

    @Test(arguments: Engine.available)
    func TASK8_expiredTrashIsWhatWasDeletedBeforeTheCutoff(engine: Engine) async throws {
        try await withStore(engine) { store in
            _ = try await TrashFixture.seed(in: store)
            let expired = try await store.expiredTrash(before: at(4), limit: 10)
            let limited = try await store.expiredTrash(before: at(100), limit: 1)
            let nothing = try await store.expiredTrash(before: at(2), limit: 10)
            let everything = try await store.expiredTrash(before: at(100), limit: 100)
            #expect(Set(expired.lists.map(\.name)) == ["Old"])
            #expect(Set(expired.tasks.map(\.title)) == ["Paint fence", "Buy paint"])
            #expect(limited.lists.count == 1)
            #expect(limited.tasks.count == 1)
            #expect(nothing.lists.isEmpty && nothing.tasks.isEmpty)
            #expect(Set(everything.lists.map(\.name)) == ["Old", "Errands", "Bob's old"])
            #expect(
                Set(everything.tasks.map(\.title))
                    == ["Paint fence", "Buy paint", "Stamps", "Envelopes", "Call back"])
        }
    }

    @Test(arguments: Engine.available)
    func TASK8_purgingRemovesTheListOrTaskWithEverythingBelowIt(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await TrashFixture.seed(in: store)
            let before = try await store.latestSequence(accountID: fixture.ada.id)
            let errandsTasks = try await store.tasks(listID: fixture.errands.id, includingTrashed: true)
            let paint = try await store.descendants(of: fixture.fence.id)
            let changes = try await store.commit(
                WriteBatch(
                    errandsTasks.map { .purgeTask($0) } + [.purgeList(fixture.errands)]
                        + paint.map { .purgeTask($0) } + [.purgeTask(fixture.fence)], now: at(50)))

            let errands = try await store.list(id: fixture.errands.id)
            let errandTasks = try await store.tasks(listID: fixture.errands.id, includingTrashed: true)
            let fenceTasks = try await store.tasks(trashedWith: fixture.fence.id.description)
            let labelled = try await store.tasks(labelID: fixture.label.id)
            let inbox = try await store.tasks(listID: fixture.inbox.id, includingTrashed: true)
            #expect(errands == nil)
            #expect(errandTasks.isEmpty)
            #expect(fenceTasks.isEmpty)
            #expect(labelled.isEmpty)
            #expect(inbox.map(\.title) == ["Call back", "Keep me"])
            #expect(changes.map(\.kind) == Array(repeating: .delete, count: 5))
            #expect(
                changes.map(\.entityID) == errandsTasks.map(\.id.description) + [fixture.errands.id.description]
                    + paint.map(\.id.description) + [fixture.fence.id.description])
            #expect(changes.map(\.sequence) == Array(before + 1...before + 5))
        }
    }

    @Test(arguments: Engine.available)
    func ACC6_deletingAnAccountRemovesEverythingItOwns(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await TrashFixture.seed(in: store)
            let ada = fixture.ada
            let credential = makeCredential(ada, secret: "ada-session")
            try await store.write(.putCredential(credential))
            let bobsTask = makeTask(in: fixture.bobInbox, "Help Ada") { $0.assigneeID = ada.id }
            try await store.write(.putTask(bobsTask))
            let bobsFeed = try await store.changes(accountID: fixture.bob.id, after: 0, limit: 100)

            // What Bob sees changes first, as the domain writes it; Ada's own rows go with her, her feed too.
            let unassigned = edited(bobsTask) { $0.assigneeID = nil }
            let changes = try await store.write(
                .putTask(edited(fixture.keep) { $0.title = "Last edit" }),
                .putTask(unassigned), .deleteAccount(ada))

            #expect(changes.map(\.accountID) == [fixture.bob.id])
            #expect(changes.map(\.entityID) == [bobsTask.id.description])
            let byID = try await store.account(id: ada.id)
            let byLogin = try await store.account(login: ada.email)
            let lists = try await store.lists(ownerID: ada.id)
            let inbox = try await store.list(id: fixture.inbox.id)
            let trashedList = try await store.list(id: fixture.errands.id)
            let keep = try await store.task(id: fixture.keep.id)
            let fence = try await store.task(id: fixture.fence.id)
            let labels = try await store.labels(ownerID: ada.id)
            let label = try await store.label(id: fixture.label.id)
            let labelled = try await store.tasks(labelID: fixture.label.id)
            let session = try await store.credential(secretHash: credential.secretHash)
            let credentials = try await store.credentials(of: ada.id)
            let feed = try await store.changes(accountID: ada.id, after: 0, limit: 100)
            let latest = try await store.latestSequence(accountID: ada.id)
            let trash = try await store.trash(ownerID: ada.id)
            let expired = try await store.expiredTrash(before: at(1000), limit: 100)
            let tasks = try await store.tasks(matching: TaskQuery(ownerID: ada.id))
            #expect(byID == nil)
            #expect(byLogin == nil)
            #expect(lists.isEmpty)
            #expect(inbox == nil)
            #expect(trashedList == nil)
            #expect(keep == nil)
            #expect(fence == nil)
            #expect(labels.isEmpty)
            #expect(label == nil)
            #expect(labelled.isEmpty)
            #expect(session == nil)
            #expect(credentials.isEmpty)
            #expect(feed.isEmpty)
            #expect(latest == 0)
            #expect(trash.lists.isEmpty && trash.tasks.isEmpty)
            #expect(expired.lists.map(\.name) == ["Bob's old"])
            #expect(expired.tasks.isEmpty)
            #expect(tasks.isEmpty)

            // Bob keeps everything; the task assigned to Ada is simply unassigned.
            let bob = try await store.account(id: fixture.bob.id)
            let helpAda = try await store.task(id: bobsTask.id)
            let bobsFeedAfter = try await store.changes(accountID: fixture.bob.id, after: 0, limit: 100)
            #expect(bob == fixture.bob)
            #expect(helpAda?.assigneeID == nil)
            #expect(helpAda?.title == "Help Ada")
            #expect(bobsFeedAfter == bobsFeed + changes)
        }
    }

    @Test(arguments: Engine.available)
    func ACC6_noRowOfAnotherAccountChangesBehindTheFeed(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await TrashFixture.seed(in: store)
            let bobsTask = makeTask(in: fixture.bobInbox, "Help Ada") { $0.assigneeID = fixture.ada.id }
            try await store.write(.putTask(bobsTask))
            let bobsFeed = try await store.changes(accountID: fixture.bob.id, after: 0, limit: 100)

            // Bob's task still names Ada: no foreign key may quietly unassign it, so the delete is refused whole.
            let refused = await error { try await store.write(.deleteAccount(fixture.ada)) }
            if case .referenceMissing = refused as? StoreError {} else { Issue.record("not refused: \(String(describing: refused))") }
            let ada = try await store.account(id: fixture.ada.id)
            let keep = try await store.task(id: fixture.keep.id)
            let helpAda = try await store.task(id: bobsTask.id)
            let bobsFeedAfter = try await store.changes(accountID: fixture.bob.id, after: 0, limit: 100)
            #expect(ada != nil)
            #expect(keep != nil)
            #expect(helpAda?.assigneeID == fixture.ada.id)
            #expect(bobsFeedAfter == bobsFeed)

            // A stale account row (changed since it was read) is not deleted either.
            let stale = await error { try await store.write(.deleteAccount(edited(fixture.ada) { $0.version += 5 })) }
            #expect(stale != nil)
        }
    }

    @Test(arguments: Engine.available)
    func TASK8_aPurgeOfWhatChangedSinceItWasReadIsRefused(engine: Engine) async throws {
        try await withStore(engine) { store in
            let fixture = try await TrashFixture.seed(in: store)
            let tasks = try await store.tasks(listID: fixture.errands.id, includingTrashed: true)
            // Restored (a newer version) between the purge's read and its commit: the purge must not go through.
            let restored = edited(fixture.errands) { $0.deletedAt = nil }
            try await store.write(.putList(restored))
            let purge = await error { () async throws -> Void in
                _ = try await store.commit(WriteBatch(tasks.map { .purgeTask($0) } + [.purgeList(fixture.errands)]))
            }
            #expect(isVersionConflict(purge))
            let list = try await store.list(id: fixture.errands.id)
            let stillThere = try await store.tasks(listID: fixture.errands.id, includingTrashed: true)
            #expect(list?.deletedAt == nil)
            #expect(stillThere.count == tasks.count)

            // A task added to the list since the purge read it: purging the list alone fails on the reference.
            let added = makeTask(in: restored, "Added since")
            try await store.write(.putTask(added))
            let fresh = try await store.list(id: fixture.errands.id)!
            let orphaning = await error { () async throws -> Void in
                _ = try await store.commit(WriteBatch(tasks.map { .purgeTask($0) } + [.purgeList(fresh)]))
            }
            #expect(orphaning != nil)
            #expect(try await store.task(id: added.id) != nil)
        }
    }
}

/// Ada: Inbox with "Paint fence" (trashed by itself at 3, with its subtask "Buy paint"), "Call back" (trashed at 7)
/// and "Keep me"; list "Errands" trashed at 5 with its two tasks; list "Old" trashed at 2. Bob: a list trashed at 4.
struct TrashFixture {
    var ada: Account
    var bob: Account
    var inbox: TaskList
    var bobInbox: TaskList
    var errands: TaskList
    var fence: TaskItem
    var keep: TaskItem
    var label: Label

    static func seed(in store: any Store) async throws -> TrashFixture {
        let (ada, inbox) = try await store.register("ada")
        let (bob, bobInbox) = try await store.register("bob")
        let label = makeLabel(ada, "errand")
        let errands = makeList(ada, "Errands") { $0.deletedAt = at(5) }
        let old = makeList(ada, "Old", rank: "a2") { $0.deletedAt = at(2) }
        let bobsOld = makeList(bob, "Bob's old") { $0.deletedAt = at(4) }
        try await store.write(.putLabel(label), .putList(errands), .putList(old), .putList(bobsOld))
        let trashedWith = { (key: String, seconds: Int64) in
            { (task: inout TaskItem) in
                task.deletedAt = at(seconds)
                task.trashedWith = key
            }
        }
        let fence = makeTask(in: inbox, "Paint fence", rank: "a1") {
            $0.deletedAt = at(3)
            $0.trashedWith = $0.id.description
        }
        let keep = makeTask(in: inbox, "Keep me", rank: "a4")
        try await store.put([
            fence,
            makeTask(
                in: inbox, "Buy paint", rank: "a2", parent: fence,
                configure: trashedWith(fence.id.description, 3)),
            makeTask(in: inbox, "Call back", rank: "a3") {
                $0.deletedAt = at(7)
                $0.trashedWith = $0.id.description
            },
            keep,
            makeTask(in: errands, "Stamps", rank: "a1") {
                trashedWith("list:\(errands.id)", 5)(&$0)
                $0.labelIDs = [label.id]
            },
            makeTask(in: errands, "Envelopes", rank: "a2", configure: trashedWith("list:\(errands.id)", 5)),
        ])
        return TrashFixture(
            ada: ada, bob: bob, inbox: inbox, bobInbox: bobInbox, errands: errands, fence: fence,
            keep: keep, label: label)
    }
}
