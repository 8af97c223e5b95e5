import DoableCore
@_spi(StoreWriting) import DoableStore
import Testing

/// LIST-1..4 and TASK-6: lists and labels.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func LIST1_listNamesAreUniquePerOwnerIgnoringCase(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, _) = try await store.register("ada")
            let (bob, _) = try await store.register("bob")
            let groceries = makeList(ada, "Groceries")
            try await store.write(.putList(groceries))

            let clash = await error { try await store.write(.putList(makeList(ada, "GROCERIES"))) }
            let renameClash = await error {
                let errands = makeList(ada, "Errands")
                try await store.write(.putList(errands))
                try await store.write(.putList(edited(errands) { $0.name = "groceries" }))
            }
            let bobsGroceries = makeList(bob, "groceries")
            try await store.write(.putList(bobsGroceries))

            #expect(clash as? StoreError == .duplicate(key: "name"))
            #expect(renameClash as? StoreError == .duplicate(key: "name"))
            let stored = try await store.list(id: bobsGroceries.id)
            #expect(stored == bobsGroceries)
        }
    }

    @Test(arguments: Engine.available)
    func LIST3_aTrashedListFreesItsNameAndLeavesTheListing(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let old = makeList(ada, "Groceries")
            try await store.write(.putList(old))
            let trashed = edited(old) { $0.deletedAt = at(1) }
            try await store.write(.putList(trashed))

            let replacement = makeList(ada, "groceries", rank: "a2")
            try await store.write(.putList(replacement))
            let restoreClash = await error { try await store.write(.putList(edited(trashed) { $0.deletedAt = nil })) }

            let lists = try await store.lists(ownerID: ada.id)
            let stillStored = try await store.list(id: old.id)
            #expect(lists == [inbox, replacement])
            #expect(stillStored == trashed)
            #expect(restoreClash as? StoreError == .duplicate(key: "name"))
        }
    }

    @Test(arguments: Engine.available)
    func LIST2_listsComeInManualOrderComparingRanksAsBytes(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let (bob, _) = try await store.register("bob")
            // Byte order: "Zz" < "a0" (inbox) < "a0V" < "a0a" < "a1" < "b00"; a linguistic order would differ.
            let lists = [("Later", "b00"), ("Mid", "a0a"), ("First", "Zz"), ("Second", "a0V"), ("Third", "a1")]
                .map { makeList(ada, $0.0, rank: $0.1) }
            for list in lists { try await store.write(.putList(list)) }
            try await store.write(.putList(makeList(bob, "Bob's")))

            let listing = try await store.lists(ownerID: ada.id)
            #expect(listing.map(\.name) == ["First", "Inbox", "Second", "Mid", "Third", "Later"])
            #expect(listing.contains(inbox))
        }
    }

    @Test(arguments: Engine.available)
    func LIST4_openTaskCountsCountLiveUncompletedTasks(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let errands = makeList(ada, "Errands")
            let empty = makeList(ada, "Empty")
            try await store.write(.putList(errands), .putList(empty))
            let parent = makeTask(in: errands, "Parent")
            try await store.put([
                makeTask(in: inbox, "Open"),
                makeTask(in: inbox, "Started") { $0.status = .inProgress },
                makeTask(in: inbox, "Done") {
                    $0.status = .completed; $0.completedAt = at(1)
                },
                makeTask(in: inbox, "Trashed") {
                    $0.deletedAt = at(1); $0.trashedWith = $0.id.description
                },
                parent,
                makeTask(in: errands, "Child", parent: parent),
            ])

            let counts = try await store.openTaskCounts(listIDs: [inbox.id, errands.id, empty.id])
            let none = try await store.openTaskCounts(listIDs: [])
            #expect(counts == [inbox.id: 2, errands.id: 2])
            #expect(none.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func TASK6_labelsAreListedByNameAndUniquePerOwnerIgnoringCase(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, _) = try await store.register("ada")
            let (bob, _) = try await store.register("bob")
            let work = makeLabel(ada, "work")
            let home = makeLabel(ada, "Home", color: "#00FF00")
            let urgent = makeLabel(ada, "URGENT")
            try await store.write(
                .putLabel(work), .putLabel(home), .putLabel(urgent),
                .putLabel(makeLabel(bob, "work")))

            let clash = await error { try await store.write(.putLabel(makeLabel(ada, "Work"))) }
            let renamed = edited(urgent) {
                $0.name = "asap"; $0.color = "orange"
            }
            try await store.write(.putLabel(renamed))

            let labels = try await store.labels(ownerID: ada.id)
            let stored = try await store.label(id: renamed.id)
            #expect(clash as? StoreError == .duplicate(key: "name"))
            #expect(labels == [renamed, home, work])
            #expect(stored == renamed)
        }
    }

    @Test(arguments: Engine.available)
    func TASK6_aLabelIsDeletedOnlyOnceNoTaskCarriesIt(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let home = makeLabel(ada, "home")
            let work = makeLabel(ada, "work")
            try await store.write(.putLabel(home), .putLabel(work))
            let both = makeTask(in: inbox, "Both", rank: "a1") { $0.labelIDs = [work.id, home.id] }
            let homeOnly = makeTask(in: inbox, "Home only", rank: "a2") { $0.labelIDs = [home.id] }
            try await store.put([both, homeOnly, makeTask(in: inbox, "None", rank: "a3")])

            let withHome = try await store.tasks(labelID: home.id)
            let storedBoth = try await store.task(id: both.id)
            #expect(Set(withHome.map(\.id)) == [both.id, homeOnly.id])
            #expect(storedBoth?.labelIDs == [work.id, home.id])

            // The domain takes the label off its tasks in the same batch; no foreign key does it behind the feed.
            let refused = await error { try await store.write(.deleteLabel(home)) }
            if case .referenceMissing = refused as? StoreError {} else { Issue.record("not refused: \(String(describing: refused))") }
            try await store.write(
                .putTask(edited(both) { $0.labelIDs = [work.id] }),
                .putTask(edited(homeOnly) { $0.labelIDs = [] }), .deleteLabel(home))
            var query = TaskQuery(ownerID: ada.id)
            query.labelIDs = [work.id]
            let withWork = try await store.tasks(matching: query)
            let labels = try await store.labels(ownerID: ada.id)
            let gone = try await store.label(id: home.id)
            let orphaned = try await store.tasks(labelID: home.id)
            #expect(withWork.map(\.id) == [both.id])
            #expect(labels == [work])
            #expect(gone == nil)
            #expect(orphaned.isEmpty)
        }
    }
}
