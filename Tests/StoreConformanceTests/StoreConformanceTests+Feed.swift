import DoableCore
@_spi(StoreWriting) import DoableStore
import Testing

/// SYNC-1: the per-account change feed.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func SYNC1_feedSequenceIsStrictlyIncreasingPerAccount(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, adaInbox) = try await store.register("ada")
            let (bob, bobInbox) = try await store.register("bob")
            var returned: [Change] = []
            for round in 0..<3 {
                let adaTask = makeTask(in: adaInbox, "Ada \(round)")
                let bobTask = makeTask(in: bobInbox, "Bob \(round)")
                returned += try await store.write(.putTask(adaTask), .putTask(bobTask), now: at(Int64(round)))
                returned += try await store.write(.putTask(edited(adaTask) { $0.title += "!" }), now: at(Int64(round)))
            }

            let adaFeed = try await store.changes(accountID: ada.id, after: 0, limit: 100)
            let bobFeed = try await store.changes(accountID: bob.id, after: 0, limit: 100)
            // Registration wrote two entries each (account, inbox); then Ada two per round, Bob one.
            #expect(adaFeed.map(\.sequence) == Array(1...8))
            #expect(bobFeed.map(\.sequence) == Array(1...5))
            #expect(Array(adaFeed.dropFirst(2)) == returned.filter { $0.accountID == ada.id })
            #expect(Array(bobFeed.dropFirst(2)) == returned.filter { $0.accountID == bob.id })
            #expect(adaFeed.allSatisfy { $0.accountID == ada.id })

            let latestAda = try await store.latestSequence(accountID: ada.id)
            let latestUnknown = try await store.latestSequence(accountID: .make())
            let page = try await store.changes(accountID: ada.id, after: 3, limit: 2)
            let pastEnd = try await store.changes(accountID: ada.id, after: 8, limit: 10)
            #expect(latestAda == 8)
            #expect(latestUnknown == 0)
            #expect(page.map(\.sequence) == [4, 5])
            #expect(pastEnd.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func SYNC1_everyEntityOperationGetsOneEntryInBatchOrderAndCredentialsNone(engine: Engine) async throws {
        try await withStore(engine) { store in
            let account = makeAccount("ada")
            let inbox = makeInbox(of: account)
            let list = makeList(account, "Errands")
            let label = makeLabel(account, "home")
            let task = makeTask(in: list, "Buy milk") { $0.labelIDs = [label.id] }
            let doomed = makeTask(in: list, "Doomed", rank: "a1")
            let changes = try await store.write(
                .putAccount(account), .putList(inbox), .putList(list), .putLabel(label),
                .putCredential(makeCredential(account)), .putTask(task), .putTask(doomed), now: at(42))
            let secondBatch = try await store.write(
                .purgeTask(doomed), .putTask(edited(task) { $0.labelIDs = [] }), .deleteLabel(label),
                .putList(edited(list) { $0.name = "Shop" }),
                .deleteCredentials(account.id, kinds: [.session], except: nil), now: at(43))

            let expected: [(Change.Entity, String, Change.Kind)] = [
                (.account, account.id.description, .put), (.list, inbox.id.description, .put),
                (.list, list.id.description, .put), (.label, label.id.description, .put),
                (.task, task.id.description, .put), (.task, doomed.id.description, .put),
                (.task, doomed.id.description, .delete), (.task, task.id.description, .put),
                (.label, label.id.description, .delete),
                (.list, list.id.description, .put),
            ]
            let feed = try await store.changes(accountID: account.id, after: 0, limit: 100)
            #expect(feed == changes + secondBatch)
            #expect(feed.map(\.sequence) == Array(1...10))
            #expect(feed.map(\.entity) == expected.map(\.0))
            #expect(feed.map(\.entityID) == expected.map(\.1))
            #expect(feed.map(\.kind) == expected.map(\.2))
            #expect(changes.allSatisfy { $0.at == at(42) })
            #expect(secondBatch.allSatisfy { $0.at == at(43) })
        }
    }

    @Test(arguments: Engine.available)
    func SYNC1_aBatchThatFailsMidwayWritesNothing(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let (bob, _) = try await store.register("bob")
            let list = makeList(ada, "Errands")
            let task = makeTask(in: inbox, "Buy milk")
            let credential = makeCredential(ada)
            let renamedAda = edited(ada) { $0.firstName = "Augusta" }
            let clash = makeAccount("carol", email: "BOB@example.com")
            let duplicateError = await error {
                try await store.write(
                    .putList(list), .putTask(task), .putCredential(credential),
                    .putAccount(renamedAda), .putAccount(clash))
            }
            let staleError = await error {
                try await store.write(.putList(list), .putTask(task), .putAccount(edited(bob) { $0.version += 5 }))
            }

            #expect(duplicateError as? StoreError == .duplicate(key: "email"))
            #expect(isVersionConflict(staleError))
            let storedList = try await store.list(id: list.id)
            let storedTask = try await store.task(id: task.id)
            let storedAda = try await store.account(id: ada.id)
            let credentials = try await store.credentials(of: ada.id)
            let latest = try await store.latestSequence(accountID: ada.id)
            let feed = try await store.changes(accountID: ada.id, after: 0, limit: 100)
            #expect(storedList == nil)
            #expect(storedTask == nil)
            #expect(storedAda == ada)
            #expect(credentials.isEmpty)
            #expect(latest == 2)
            #expect(feed.count == 2)

            // The next good batch continues the sequence without a gap.
            let next = try await store.write(.putList(list))
            #expect(next.map(\.sequence) == [3])
        }
    }

    @Test(arguments: Engine.available)
    func SYNC1_aBatchWithNoEntityOperationsWritesNoEntries(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, _) = try await store.register("ada")
            let empty = try await store.commit(WriteBatch([], now: epoch))
            let onlyCredentials = try await store.write(.putCredential(makeCredential(ada)))
            let latest = try await store.latestSequence(accountID: ada.id)
            #expect(empty.isEmpty)
            #expect(onlyCredentials.isEmpty)
            #expect(latest == 2)
        }
    }
}

/// Issue 9: feed retention, the audience of a batch, and signals of commits.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func SYNC4_retentionDropsOldEntriesAndRaisesTheFloor(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, adaInbox) = try await store.register("ada")
            let (bob, bobInbox) = try await store.register("bob")
            for second in Int64(10)..<Int64(15) {
                try await store.write(.putTask(makeTask(in: adaInbox, "Ada \(second)")), now: at(second))
            }
            try await store.write(.putTask(makeTask(in: bobInbox, "Bob")), now: at(100))
            let floorBefore = try await store.feedFloor(accountID: ada.id)

            // Registration wrote at the epoch (sequences 1–2); the tasks at 10–14 (3–7). Keep from 13 on.
            let purged = try await store.purgeFeed(before: at(13), limit: 1_000)
            let adaFeed = try await store.changes(accountID: ada.id, after: 0, limit: 100)
            let adaFloor = try await store.feedFloor(accountID: ada.id)
            let bobFeed = try await store.changes(accountID: bob.id, after: 0, limit: 100)
            let bobFloor = try await store.feedFloor(accountID: bob.id)
            let latest = try await store.latestSequence(accountID: ada.id)
            #expect(floorBefore == 0)
            #expect(adaFeed.map(\.sequence) == [6, 7])
            #expect(adaFloor == 5)
            #expect(latest == 7)
            // Bob's registration entries are old too; his task is not.
            #expect(bobFeed.map(\.sequence) == [3])
            #expect(bobFloor == 2)
            #expect(purged == 5 + 2)

            let again = try await store.purgeFeed(before: at(13), limit: 1_000)
            #expect(again == 0)
            #expect(try await store.feedFloor(accountID: ada.id) == 5)
        }
    }

    @Test(arguments: Engine.available)
    func SYNC1_aBatchReachesEveryAccountItIsForWithActorAndList(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, adaInbox) = try await store.register("ada")
            let (bob, _) = try await store.register("bob")
            let (cleo, _) = try await store.register("cleo")
            let task = makeTask(in: adaInbox, "Shared errand")
            // Bob is a member of Ada's list: the engine finds the list's audience inside the transaction.
            try await store.write(
                .putMembership(
                    ListMembership(
                        listID: adaInbox.id, accountID: bob.id, role: .editor, rank: "a0", addedBy: ada.id, createdAt: epoch,
                        updatedAt: epoch)))
            let adaBefore = try await store.latestSequence(accountID: ada.id)
            let bobBefore = try await store.latestSequence(accountID: bob.id)
            let batch = WriteBatch([.putTask(task), .putLabel(makeLabel(ada, "home"))], now: at(5), actor: bob.id)
            let changes = try await store.commit(batch)

            let adaFeed = try await store.changes(accountID: ada.id, after: adaBefore, limit: 10)
            let bobFeed = try await store.changes(accountID: bob.id, after: bobBefore, limit: 10)
            let cleoFeed = try await store.changes(accountID: cleo.id, after: 2, limit: 10)
            #expect(adaFeed.map(\.entity) == [.task, .label])
            #expect(bobFeed.map(\.entity) == [.task])
            #expect(cleoFeed.isEmpty)
            // Bob's registration (2) and his membership with the list it gave him (2) came first.
            #expect(bobBefore == 4)
            #expect(bobFeed.first?.sequence == 5)
            #expect((adaFeed + bobFeed).allSatisfy { $0.actorID == bob.id })
            #expect(adaFeed.first?.listID == adaInbox.id)
            #expect(adaFeed.last?.listID == nil)
            #expect(Set(changes.map(\.accountID)) == [ada.id, bob.id])
            #expect(try await store.latestSequence(accountID: bob.id) == 5)
        }
    }

    @Test(arguments: Engine.available)
    func SYNC5_commitsAreSignalledToWhoeverWatchesTheStore(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, adaInbox) = try await store.register("ada")
            let signals = store.feedSignals()
            var iterator = signals.makeAsyncIterator()
            // PostgreSQL says "unknown" once it listens; SQLite's poller sets its baseline first. Either way, a
            // commit made after that is announced with the account and its new sequence.
            try await Task.sleep(for: .milliseconds(600))
            try await store.write(.putTask(makeTask(in: adaInbox, "Signal me")))
            let deadline = ContinuousClock.now + .seconds(5)
            var seen: Int64 = 0
            while seen < 3, ContinuousClock.now < deadline {
                guard let signal = await iterator.next() else { break }
                if case .advanced(let advanced) = signal { seen = max(seen, advanced[ada.id] ?? 0) }
            }
            #expect(seen == 3)
        }
    }
}

/// SYNC-1 and issue 32: writes that arrive together (which the PostgreSQL engine commits in shared transactions)
/// each get their own feed entries, with their own time and actor, in one gapless sequence per account; and a write
/// that conflicts fails alone.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func SYNC1_concurrentWritesGetGaplessSequencesAndAConflictFailsAlone(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let (bob, bobInbox) = try await store.register("bob")
            let tasks = (0..<30).map { makeTask(in: inbox, "Task \($0)", rank: "a\($0)") }
            for task in tasks { _ = try await store.write(.putTask(task)) }
            let contested = tasks[0]
            let before = try await store.latestSequence(accountID: ada.id)

            let outcomes = await withTaskGroup(of: (Int, Result<[Change], any Error>).self) { group in
                for index in 0..<32 {
                    group.addTask {
                        let batch: WriteBatch
                        switch index {
                        case 0, 1:  // both edit the same version of one task: one of them must lose
                            batch = WriteBatch([.putTask(edited(contested) { $0.title = "Edit \(index)" })], now: at(100))
                        case 2:
                            batch = WriteBatch([.putTask(makeTask(in: bobInbox, "Bob's"))], now: at(102), actor: bob.id)
                        default:
                            batch = WriteBatch(
                                [.putTask(edited(tasks[index - 2]) { $0.title += "!" })], now: at(Int64(100 + index)),
                                actor: ada.id)
                        }
                        do { return (index, .success(try await store.commit(batch))) } catch { return (index, .failure(error)) }
                    }
                }
                var outcomes: [Int: Result<[Change], any Error>] = [:]
                for await (index, outcome) in group { outcomes[index] = outcome }
                return outcomes
            }

            let contestedOutcomes = [outcomes[0]!, outcomes[1]!]
            #expect(contestedOutcomes.filter { (try? $0.get()) != nil }.count == 1)
            for case .failure(let error) in contestedOutcomes {
                guard case StoreError.versionConflict = error else {
                    Issue.record("the losing edit failed with \(error), not a version conflict")
                    continue
                }
            }
            var returned: [Change] = []
            for index in 2..<32 {
                let changes = try #require(try? outcomes[index]?.get(), "write \(index) failed")
                #expect(changes.count == 1)
                if index == 2 {
                    #expect(changes.first?.accountID == bob.id && changes.first?.at == at(102))
                } else {
                    #expect(changes.first?.at == at(Int64(100 + index)) && changes.first?.actorID == ada.id)
                    #expect(changes.first?.entityID == tasks[index - 2].id.description)
                }
                returned += changes
            }
            returned += contestedOutcomes.compactMap { try? $0.get() }.flatMap { $0 }

            let feed = try await store.changes(accountID: ada.id, after: before, limit: 100)
            #expect(feed.map(\.sequence) == Array((before + 1)...(before + 30)))
            #expect(Set(feed.map(\.sequence)) == Set(returned.filter { $0.accountID == ada.id }.map(\.sequence)))
            for change in feed {
                #expect(returned.contains(change), "the feed has \(change), which no write returned")
            }
            let stored = try await store.task(id: contested.id)
            #expect(stored?.version == contested.version + 1)
        }
    }
}
