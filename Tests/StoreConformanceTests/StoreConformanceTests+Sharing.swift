import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

func makeMembership(_ list: TaskList, _ member: Account, _ role: ListRole, rank: String = "a0") -> ListMembership {
    ListMembership(
        listID: list.id, accountID: member.id, role: role, rank: rank, addedBy: list.ownerID,
        createdAt: epoch, updatedAt: epoch)
}

/// Issue 12: memberships, comments, history and notifications, and the feed of every member, on every engine.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func COLLAB1_membershipsAreStoredReadBothWaysAndCounted(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let (cat, _) = try await store.register("cat")
            let household = makeList(ann, "Household")
            let garden = makeList(ann, "Garden", rank: "a2")
            try await store.write(.putList(household), .putList(garden))
            try await store.write(
                .putMembership(makeMembership(household, ben, .editor)),
                .putMembership(makeMembership(household, cat, .viewer)),
                .putMembership(makeMembership(garden, ben, .admin, rank: "a1")))

            let members = try await store.memberships(listID: household.id)
            #expect(Set(members.map(\.accountID)) == [ben.id, cat.id])
            let bens = try await store.memberships(accountID: ben.id)
            #expect(bens.map(\.listID) == [household.id, garden.id])
            #expect(bens.map(\.role) == [.editor, .admin])
            #expect(try await store.membership(listID: household.id, accountID: cat.id)?.role == .viewer)
            #expect(try await store.membership(listID: garden.id, accountID: cat.id) == nil)
            #expect(try await store.memberCounts(listIDs: [household.id, garden.id]) == [household.id: 2, garden.id: 1])
            #expect(try await store.list(id: household.id, roleOf: cat.id)?.1 == .viewer)
            #expect(try await store.list(id: garden.id, roleOf: ben.id)?.1 == .admin)
            #expect(try await store.list(id: garden.id, roleOf: cat.id)?.0.id == garden.id)
            #expect(try await store.list(id: garden.id, roleOf: cat.id)?.1 == nil)
            #expect(try await store.list(id: .make(), roleOf: cat.id) == nil)

            // A role change names the version it replaces; a stale one is a conflict.
            let stale = makeMembership(household, ben, .editor)
            try await store.write(.putMembership(edited(stale) { $0.role = .viewer }))
            #expect(try await store.membership(listID: household.id, accountID: ben.id)?.role == .viewer)
            await #expect(throws: StoreError.self) {
                try await store.write(.putMembership(edited(stale) { $0.role = .admin }))
            }
            // The same member twice is refused by the key.
            await #expect(throws: StoreError.self) {
                try await store.write(.putMembership(makeMembership(garden, ben, .viewer)))
            }
            try await store.write(.deleteMembership(makeMembership(household, cat, .viewer)))
            #expect(try await store.memberships(listID: household.id).map(\.accountID) == [ben.id])
        }
    }

    @Test(arguments: Engine.available)
    func SYNC1_aChangeToASharedListReachesTheFeedOfEveryMember(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let (cat, _) = try await store.register("cat")
            let (dan, _) = try await store.register("dan")
            let household = makeList(ann, "Household")
            try await store.write(.putList(household))
            let catBefore = try await store.latestSequence(accountID: cat.id)
            // Adding Ben tells Ben of the list itself and of his membership; Ann hears of the membership.
            try await store.write(.putMembership(makeMembership(household, ben, .editor)))
            let benAdded = try await store.changes(accountID: ben.id, after: 2, limit: 10)
            #expect(benAdded.map(\.entity) == [.member, .list])
            #expect(benAdded.map(\.kind) == [.put, .put])
            #expect(benAdded.last?.entityID == household.id.description)
            try await store.write(.putMembership(makeMembership(household, cat, .viewer)))

            let annBefore = try await store.latestSequence(accountID: ann.id)
            let benBefore = try await store.latestSequence(accountID: ben.id)
            let catMiddle = try await store.latestSequence(accountID: cat.id)
            let task = makeTask(in: household, "Buy milk")
            _ = try await store.commit(WriteBatch([.putTask(task)], now: at(3), actor: ben.id))
            for (account, before) in [(ann, annBefore), (ben, benBefore), (cat, catMiddle)] {
                let feed = try await store.changes(accountID: account.id, after: before, limit: 10)
                #expect(feed.map(\.entityID) == [task.id.description], "\(account.username)")
                #expect(feed.first?.actorID == ben.id)
                #expect(feed.first?.listID == household.id)
            }
            #expect(try await store.changes(accountID: dan.id, after: 2, limit: 10).isEmpty)
            #expect(catMiddle > catBefore)

            // Removing Cat ends her list: her feed says the list is gone; later changes no longer reach her.
            try await store.write(.deleteMembership(makeMembership(household, cat, .viewer)))
            let catRemoved = try await store.changes(accountID: cat.id, after: catMiddle + 1, limit: 10)
            #expect(catRemoved.map(\.entity) == [.member, .list])
            #expect(catRemoved.last?.kind == .delete)
            let catAfter = try await store.latestSequence(accountID: cat.id)
            try await store.write(.putTask(edited(task) { $0.title = "Buy oat milk" }))
            #expect(try await store.latestSequence(accountID: cat.id) == catAfter)
            #expect(try await store.latestSequence(accountID: ben.id) > benBefore + 1)
        }
    }

    @Test(arguments: Engine.available)
    func COLLAB1_sharedListsJoinTheMembersTaskQueriesAndSearch(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, benInbox) = try await store.register("ben")
            let household = makeList(ann, "Household")
            let private_ = makeList(ann, "Private", rank: "a3")
            try await store.write(
                .putList(household), .putList(private_),
                .putMembership(makeMembership(household, ben, .editor)))
            try await store.write(
                .putTask(makeTask(in: household, "Water the ferns")),
                .putTask(makeTask(in: private_, "Water the secret ferns")),
                .putTask(makeTask(in: benInbox, "Water the cactus")))
            var query = TaskQuery(ownerID: ben.id)
            query.sharedListIDs = [household.id]
            query.sharedOwnerIDs = [ann.id]
            query.sort = .title
            #expect(try await store.tasks(matching: query).map(\.title) == ["Water the cactus", "Water the ferns"])
            query.text = "water"
            #expect(try await store.tasks(matching: query).map(\.title) == ["Water the cactus", "Water the ferns"])
            query.text = "ferns"
            #expect(try await store.tasks(matching: query).map(\.title) == ["Water the ferns"])
        }
    }

    @Test(arguments: Engine.available)
    func TASK12_commentsHistoryAndNotificationsAreStoredAndGoWithTheTask(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let household = makeList(ann, "Household")
            let task = makeTask(in: household, "Buy milk")
            try await store.write(
                .putList(household), .putMembership(makeMembership(household, ben, .editor)),
                .putTask(task))
            let comment = TaskComment(
                id: .make(at: epoch), taskID: task.id, listID: household.id, authorID: ben.id,
                body: "On it", createdAt: at(1), updatedAt: at(1))
            let annBefore = try await store.latestSequence(accountID: ann.id)
            try await store.write(
                .putComment(comment),
                .addActivity(
                    TaskActivity(
                        id: .make(at: epoch), taskID: task.id, actorID: ben.id, action: .commented,
                        at: at(1))),
                .putNotification(
                    AppNotification(
                        id: .make(at: epoch), accountID: ann.id, kind: .comment,
                        title: "ben commented", body: "On it", taskID: task.id,
                        listID: household.id, actorID: ben.id, createdAt: at(1))))
            #expect(try await store.comments(taskID: task.id) == [comment])
            #expect(try await store.comment(id: comment.id)?.listID == household.id)
            #expect(try await store.comments(authorID: ben.id).map(\.id) == [comment.id])
            #expect(try await store.commentCounts(taskIDs: [task.id]) == [task.id: 1])
            #expect(try await store.activity(taskID: task.id, limit: 10).map(\.action) == [.commented])
            #expect(try await store.unreadNotificationCount(accountID: ann.id) == 1)
            let notes = try await store.notifications(accountID: ann.id, unreadOnly: true, limit: 10)
            #expect(notes.map(\.title) == ["ben commented"])
            // Ann hears of the comment (as a member of the list) and of her notification.
            let annFeed = try await store.changes(accountID: ann.id, after: annBefore, limit: 10)
            #expect(annFeed.map(\.entity) == [.comment, .notification])

            var read = notes[0]
            read.readAt = at(2)
            read.version += 1
            try await store.write(.putNotification(read))
            #expect(try await store.unreadNotificationCount(accountID: ann.id) == 0)
            #expect(try await store.notifications(accountID: ann.id, unreadOnly: false, limit: 10).count == 1)

            // Purging the task takes its comments and history with it.
            try await store.write(.purgeTask(task))
            #expect(try await store.comments(taskID: task.id).isEmpty)
            #expect(try await store.activity(taskID: task.id, limit: 10).isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func COLLAB1_handingOverMovesTheTasksToTheNewOwner(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let household = makeList(ann, "Household")
            let task = makeTask(in: household, "Buy milk")
            try await store.write(.putList(household), .putTask(task))
            try await store.write(
                .putList(edited(household) { $0.ownerID = ben.id }),
                .setTasksOwner(household.id, ben.id))
            #expect(try await store.task(id: task.id)?.ownerID == ben.id)
            #expect(try await store.lists(ownerID: ben.id).contains { $0.id == household.id })
            var query = TaskQuery(ownerID: ben.id)
            query.text = "milk"
            #expect(try await store.tasks(matching: query).map(\.id) == [task.id])
        }
    }
}
