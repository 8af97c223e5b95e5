import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

extension GameProfile: Versioned {}
extension StoreItem: Versioned {}
extension SubscriptionPlan: Versioned {}

/// A day of the tests' calendar: `day(0)` is 2026-06-10, `day(n)` n days later.
func day(_ offset: Int) -> CivilDate { CivilDate("2026-06-10")!.adding(days: offset) }

func makeProfile(_ account: Account, configure: (inout GameProfile) -> Void = { _ in }) -> GameProfile {
    var profile = GameProfile(
        accountID: account.id, companion: .default, lastClosedDay: day(-1), createdAt: epoch,
        updatedAt: epoch)
    configure(&profile)
    return profile
}

func makeLedgerEntry(
    _ account: Account, _ kind: LedgerEntry.Kind, points: Int, on localDay: CivilDate,
    reference: String = "ref", at seconds: Int64
) -> LedgerEntry {
    LedgerEntry(
        id: .make(at: at(seconds)), accountID: account.id, kind: kind, reference: reference, points: points,
        xp: max(points, 0), localDay: localDay, detail: "\(kind.rawValue) \(points)", at: at(seconds))
}

func makeCompletion(
    of task: TaskItem, by actor: Account, at seconds: Int64, on localDay: CivilDate?,
    onTime: Bool? = nil, ageSeconds: Int64? = nil
) -> TaskCompletion {
    TaskCompletion(
        id: .make(at: at(seconds)), taskID: task.id, ownerID: task.ownerID, actorID: actor.id,
        completedAt: at(seconds), due: task.due, start: nil, recurrence: nil, nextDue: nil,
        resetSubtaskIDs: [], localDay: localDay, onTime: onTime, ageSeconds: ageSeconds)
}

/// Issue 16: the companion game and statistics (GAME), on every engine.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func GAME2_aProfileRoundTripsAndIsInItsOwnersFeed(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let hat = StoreItemID("00000000-0000-7000-8000-000000000101")!
            let full = makeProfile(ann) {
                $0.isStrict = true
                $0.points = -7
                $0.xp = 1_234
                $0.companion = Companion(name: "Zoë «Fluff»", species: .dragon, color: .violet)
                $0.owned = [hat: at(3), StoreItemID.make(at: at(4)): at(4)]
                $0.equipped = [hat]
                $0.badges = [.firstTask: at(1), .streak7: at(2)]
                $0.completedCount = 42
                $0.offWeekdays = [5, 6]
                $0.offDays = [day(3), day(4)]
                $0.warnedDay = day(0)
                $0.lastLine = 3
                $0.pettedAt = at(9)
            }
            let bare = makeProfile(ben)
            let changes = try await store.write(.putGameProfile(full), .putGameProfile(bare))
            #expect(changes.map(\.accountID) == [ann.id, ben.id])
            #expect(changes.allSatisfy { $0.entity == .game && $0.entityID == $0.accountID.description })
            #expect(try await store.gameProfile(accountID: ann.id) == full)
            #expect(try await store.gameProfile(accountID: ben.id) == bare)
            #expect(try await store.gameProfile(accountID: .make()) == nil)
            let inOrder = [full, bare].sorted { $0.accountID < $1.accountID }
            #expect(try await store.gameProfiles(accountIDs: [ben.id, ann.id, .make()]) == inOrder)
            #expect(try await store.gameProfiles(accountIDs: []).isEmpty)
            // The nightly job pages through every profile in account-id order.
            #expect(try await store.gameProfiles(after: nil, limit: 10) == inOrder)
            #expect(try await store.gameProfiles(after: nil, limit: 1) == [inOrder[0]])
            #expect(try await store.gameProfiles(after: inOrder[0].accountID, limit: 10) == [inOrder[1]])
            #expect(try await store.gameProfiles(after: inOrder[1].accountID, limit: 10).isEmpty)

            // GAME-3: a purchase is one versioned write; a stale one is a conflict, a second first one too.
            let bought = edited(full, at: 10) {
                $0.points -= 20
                $0.owned[.make(at: at(10))] = at(10)
                $0.warnedDay = nil
                $0.pettedAt = nil
            }
            try await store.write(.putGameProfile(bought))
            #expect(try await store.gameProfile(accountID: ann.id) == bought)
            let stale = await error { try await store.write(.putGameProfile(edited(full) { $0.points = 1_000 })) }
            #expect(isVersionConflict(stale))
            let again = await error { try await store.write(.putGameProfile(makeProfile(ann))) }
            #expect(isVersionConflict(again))
            #expect(try await store.gameProfile(accountID: ann.id) == bought)
        }
    }

    @Test(arguments: Engine.available)
    func GAME1_aTasksInsertTimeIsTheServersAndNoUpdateMovesIt(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (_, inbox) = try await store.register("ann")
            // A client may say the task was made in 2000; the store keeps when it really arrived.
            var task = makeTask(in: inbox, "Backdated")
            task.createdAt = Timestamp(rfc3339: "2000-01-01T00:00:00Z")!
            try await store.write(.putTask(task), now: at(5_000))
            #expect(try await store.taskInsertedAt(id: task.id) == at(5_000))
            task.title = "Backdated, renamed"
            task.version += 1
            try await store.write(.putTask(task), now: at(9_000))
            #expect(try await store.taskInsertedAt(id: task.id) == at(5_000), "an update leaves it")
            #expect(try await store.task(id: task.id)?.createdAt == task.createdAt)
            #expect(try await store.taskInsertedAt(id: .make(at: at(1))) == nil)
        }
    }

    @Test(arguments: Engine.available)
    func GAME4_closedDaysRoundTripAndAreWrittenOnce(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let days = [
                GameDay(
                    accountID: ann.id, day: day(0), status: .kept, dueCount: 3, doneCount: 4, bonus: 2, streak: 1,
                    closedAt: at(100)),
                GameDay(
                    accountID: ann.id, day: day(1), status: .missed, dueCount: 2, doneCount: 1, bonus: 0,
                    streak: 0, closedAt: at(200)),
                GameDay(
                    accountID: ann.id, day: day(2), status: .off, dueCount: 0, doneCount: 0, bonus: 0, streak: 0,
                    closedAt: at(300)),
            ]
            let bens = GameDay(
                accountID: ben.id, day: day(1), status: .paused, dueCount: 0, doneCount: 0, bonus: 0,
                streak: 0, closedAt: at(200))
            try await store.write(.putGameDay(days[0]), .putGameDay(days[1]), .putGameDay(days[2]), .putGameDay(bens))
            #expect(try await store.gameDays(accountID: ann.id, from: day(0), through: day(2)) == days)
            #expect(try await store.gameDays(accountID: ann.id, from: day(1), through: day(1)) == [days[1]])
            #expect(try await store.gameDays(accountID: ann.id, from: day(3), through: day(9)).isEmpty)
            #expect(try await store.latestGameDays(accountID: ann.id, limit: 2) == [days[2], days[1]])
            #expect(try await store.latestGameDays(accountID: ben.id, limit: 5) == [bens])

            // Closing a day twice (two closers at once) is a conflict; buying it back is its next version.
            let twice = await error { try await store.write(.putGameDay(days[1])) }
            #expect(isVersionConflict(twice))
            var restored = days[1]
            restored.status = .restored
            restored.streak = 5
            restored.version = 2
            try await store.write(.putGameDay(restored))
            #expect(try await store.gameDays(accountID: ann.id, from: day(1), through: day(1)) == [restored])
            let stale = await error { try await store.write(.putGameDay(restored)) }
            #expect(isVersionConflict(stale))
        }
    }

    @Test(arguments: Engine.available)
    func GAME1_theLedgerIsReadNewestFirstByReferenceAndAsPointsPerDay(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let reward = makeLedgerEntry(ann, .reward, points: 12, on: day(0), reference: "c1", at: 10)
            let reversal = makeLedgerEntry(ann, .reversal, points: -12, on: day(0), reference: "c1", at: 20)
            let bonus = makeLedgerEntry(ann, .streakBonus, points: 4, on: day(1), at: 30)
            let other = makeLedgerEntry(ann, .reward, points: 9, on: day(1), reference: "c2", at: 35)
            let purchase = makeLedgerEntry(ann, .purchase, points: -20, on: day(1), at: 40)
            let restore = makeLedgerEntry(ann, .streakRestore, points: -35, on: day(2), at: 50)
            let bens = makeLedgerEntry(ben, .reward, points: 100, on: day(1), reference: "c1", at: 60)
            try await store.write(
                .addLedgerEntry(reward), .addLedgerEntry(reversal), .addLedgerEntry(bonus),
                .addLedgerEntry(other), .addLedgerEntry(purchase), .addLedgerEntry(restore),
                .addLedgerEntry(bens))
            #expect(
                try await store.ledger(accountID: ann.id, before: nil, limit: 10)
                    == [restore, purchase, other, bonus, reversal, reward])
            #expect(try await store.ledger(accountID: ann.id, before: at(30), limit: 1) == [reversal])
            #expect(try await store.ledger(accountID: ann.id, before: at(10), limit: 10).isEmpty)
            #expect(try await store.ledgerEntries(accountID: ann.id, reference: "c1") == [reward, reversal])
            #expect(try await store.ledgerEntries(accountID: ben.id, reference: "c2").isEmpty)
            // GAME-6: rewards, reversals and streak bonuses count; purchases and buy-backs are spending.
            #expect(
                try await store.ledgerPointsByDay(accountID: ann.id, from: day(0), through: day(2))
                    == [day(0): 0, day(1): 13])
            #expect(try await store.ledgerPointsByDay(accountID: ann.id, from: day(1), through: day(1)) == [day(1): 13])
            // A line is written once.
            let twice = await error { try await store.write(.addLedgerEntry(reward)) }
            #expect(twice != nil)
        }
    }

    @Test(arguments: Engine.available)
    func GAME3_theCatalogueIsSeededAndAdminsChangeItWithVersions(engine: Engine) async throws {
        try await withStore(engine) { store in
            let seeded = StoreItem.catalogue(now: Timestamp(milliseconds: 0))
            // By price, then name as bytes, then id.
            let byPriceAndName: (StoreItem, StoreItem) -> Bool = { lhs, rhs in
                if lhs.price != rhs.price { return lhs.price < rhs.price }
                if lhs.name != rhs.name { return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8) }
                return lhs.id < rhs.id
            }
            #expect(!seeded.isEmpty)
            #expect(try await store.storeItems(includeRetired: true) == seeded.sorted(by: byPriceAndName))
            #expect(
                try await store.storeItems(includeRetired: false)
                    == seeded.filter { !$0.isRetired }.sorted(by: byPriceAndName))
            for item in seeded { #expect(try await store.storeItem(id: item.id) == item) }
            #expect(try await store.storeItem(id: .make()) == nil)

            let lamp = StoreItem(
                id: .make(at: epoch), name: "Lamp 'n' \\ shade", description: "Warm light",
                category: .furniture, slot: .floorLeft, price: 0, svg: "<circle r=\"5\"/>",
                createdAt: epoch, updatedAt: epoch)
            try await store.write(.putStoreItem(lamp))
            #expect(try await store.storeItem(id: lamp.id) == lamp)
            #expect(try await store.storeItems(includeRetired: false).first == lamp, "the cheapest first")
            let retired = edited(lamp, at: 5) { $0.isRetired = true }
            try await store.write(.putStoreItem(retired))
            #expect(try await store.storeItems(includeRetired: false).contains { $0.id == lamp.id } == false)
            #expect(try await store.storeItems(includeRetired: true).first == retired)
            let stale = await error { try await store.write(.putStoreItem(edited(lamp) { $0.price = 2 })) }
            #expect(isVersionConflict(stale))
            let again = await error { try await store.write(.putStoreItem(lamp)) }
            #expect(isVersionConflict(again))
        }
    }

    @Test(arguments: Engine.available)
    func GAME7_subscriptionPlansRoundTripWithVersions(engine: Engine) async throws {
        try await withStore(engine) { store in
            #expect(try await store.subscriptionPlans(includeRetired: true).isEmpty)
            let yearly = SubscriptionPlan(
                id: .make(at: epoch), name: "Yearly", price: Money(cents: 4_999),
                period: .year, description: "Two months free", createdAt: epoch,
                updatedAt: epoch)
            let monthly = SubscriptionPlan(
                id: .make(at: epoch), name: "Monthly", price: Money(cents: 499),
                period: .month, description: "", createdAt: epoch, updatedAt: epoch)
            try await store.write(.putSubscriptionPlan(yearly), .putSubscriptionPlan(monthly))
            #expect(try await store.subscriptionPlans(includeRetired: false) == [monthly, yearly])
            #expect(try await store.subscriptionPlan(id: yearly.id) == yearly)
            #expect(try await store.subscriptionPlan(id: .make()) == nil)
            let retired = edited(monthly, at: 3) { $0.isRetired = true }
            try await store.write(.putSubscriptionPlan(retired))
            #expect(try await store.subscriptionPlans(includeRetired: false) == [yearly])
            #expect(try await store.subscriptionPlans(includeRetired: true) == [retired, yearly])
            let stale = await error { try await store.write(.putSubscriptionPlan(edited(monthly) { $0.name = "M" })) }
            #expect(isVersionConflict(stale))
        }
    }

    @Test(arguments: Engine.available)
    func GAME1_rulesAreTheDefaultsUntilAnAdminChangesThemWithVersions(engine: Engine) async throws {
        try await withStore(engine) { store in
            let initial = try await store.gameRules()
            #expect(initial.rules == GameRules.default)
            #expect(initial.version == 0)
            var rules = GameRules()
            try rules.set("basePoints", to: 12)
            try await store.write(.putGameRules(rules, version: 1))
            let first = try await store.gameRules()
            #expect(first.rules == rules)
            #expect(first.version == 1)
            // Two admins saving at once from version 0: the second is a conflict.
            let twice = await error { try await store.write(.putGameRules(GameRules.default, version: 1)) }
            #expect(isVersionConflict(twice))
            try rules.set("warningHour", to: 21)
            try await store.write(.putGameRules(rules, version: 2))
            let skipped = await error { try await store.write(.putGameRules(rules, version: 4)) }
            #expect(isVersionConflict(skipped))
            let second = try await store.gameRules()
            #expect(second.rules == rules)
            #expect(second.version == 2)
        }
    }

    @Test(arguments: Engine.available)
    func GAME6_completionsKeepTheirLocalDayPunctualityAndAge(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let task = makeTask(in: inbox, "Water the plants") { $0.due = .day(day(0)) }
            let other = makeTask(in: inbox, "Feed the cat")
            try await store.put([task, other])
            let legacy = makeCompletion(of: task, by: ann, at: 1, on: nil)
            let early = makeCompletion(of: task, by: ann, at: 2, on: day(0), onTime: true, ageSeconds: 3_600)
            let late = makeCompletion(of: task, by: ann, at: 3, on: day(1), onTime: false, ageSeconds: 0)
            let plain = makeCompletion(of: other, by: ann, at: 4, on: day(1))
            let bens = makeCompletion(of: other, by: ben, at: 5, on: day(1), onTime: true, ageSeconds: 9)
            let later = makeCompletion(of: other, by: ann, at: 6, on: day(5), onTime: true, ageSeconds: 1)
            try await store.write(
                .addCompletion(legacy), .addCompletion(early), .addCompletion(late),
                .addCompletion(plain), .addCompletion(bens), .addCompletion(later))
            #expect(try await store.latestCompletion(taskID: task.id) == late)
            #expect(
                try await store.completions(ownerID: ann.id, since: at(1), limit: 10)
                    == [later, bens, plain, late, early, legacy])
            #expect(
                try await store.completions(actorID: ann.id, from: day(0), through: day(1), limit: 10)
                    == [early, late, plain], "oldest first; without a local day never")
            #expect(
                try await store.completions(actorID: ann.id, from: day(0), through: day(9), limit: 2)
                    == [early, late])
            #expect(try await store.completions(actorID: ben.id, from: day(0), through: day(9), limit: 10) == [bens])
            #expect(try await store.completionCount(taskID: task.id) == 3)
            #expect(try await store.completionCount(taskID: other.id) == 3)
            #expect(try await store.completionCount(taskID: .make()) == 0)
        }
    }

    @Test(arguments: Engine.available)
    func GAME6_completionTotalsAreTheActorsCompletionsPerLocalDay(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let task = makeTask(in: inbox, "Stretch")
            try await store.put([task])
            let completions = [
                makeCompletion(of: task, by: ann, at: 1, on: day(0), onTime: true, ageSeconds: 100),
                makeCompletion(of: task, by: ann, at: 2, on: day(0), onTime: false),
                makeCompletion(of: task, by: ann, at: 3, on: day(0), ageSeconds: 50),
                makeCompletion(of: task, by: ann, at: 4, on: day(1), onTime: true, ageSeconds: 10),
                makeCompletion(of: task, by: ann, at: 5, on: day(-3), onTime: false, ageSeconds: 7),
                makeCompletion(of: task, by: ann, at: 6, on: nil, onTime: true, ageSeconds: 1),
                makeCompletion(of: task, by: ben, at: 7, on: day(0), onTime: true, ageSeconds: 5),
            ]
            _ = try await store.commit(WriteBatch(completions.map { .addCompletion($0) }, now: epoch))
            let first = CompletionDayTotals(
                day: day(0), completed: 3, onTime: 1, late: 1, ageSecondsTotal: 150,
                ageCount: 2)
            let second = CompletionDayTotals(
                day: day(1), completed: 1, onTime: 1, late: 0, ageSecondsTotal: 10,
                ageCount: 1)
            let earlier = CompletionDayTotals(
                day: day(-3), completed: 1, onTime: 0, late: 1, ageSecondsTotal: 7,
                ageCount: 1)
            #expect(
                try await store.completionTotalsByDay(actorID: ann.id, from: day(0), through: day(1))
                    == [first, second])
            #expect(try await store.completionTotalsByDay(actorID: ann.id, from: day(1), through: day(9)) == [second])
            #expect(
                try await store.completionTotalsByDay(actorID: ann.id, from: nil, through: day(0))
                    == [earlier, first], "all of history up to the day")
            #expect(
                try await store.completionTotalsByDay(actorID: ben.id, from: nil, through: day(9))
                    == [
                        CompletionDayTotals(
                            day: day(0), completed: 1, onTime: 1, late: 0, ageSecondsTotal: 5,
                            ageCount: 1)
                    ])
            #expect(try await store.completionTotalsByDay(actorID: .make(), from: nil, through: day(9)).isEmpty)
        }
    }

    /// GAME-4 and GAME-6: the open tasks a member answers for, on day D (2026-06-10) seen from UTC+2, where the local
    /// day runs from D 00:00 − 2 h to D+1 00:00 − 2 h.
    @Test(arguments: Engine.available)
    func GAME4_openTasksDueAreTheMembersOwnAndAssignedOnesOfTheLocalDay(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let (ben, bensInbox) = try await store.register("ben")
            let start = day(0).startTimestamp.adding(seconds: -2 * 3_600)
            let end = day(1).startTimestamp.adding(seconds: -2 * 3_600)
            func task(
                _ title: String, in list: TaskList? = nil, due: TaskDate?,
                configure: (inout TaskItem) -> Void = { _ in }
            ) -> TaskItem {
                makeTask(in: list ?? inbox, title) {
                    $0.due = due
                    configure(&$0)
                }
            }
            let counted = [
                task("Day due", due: .day(day(0))),
                task("At the local day's start", due: .moment(start)),
                task("Late in the evening", due: .moment(start.adding(seconds: 23 * 3_600 + 59 * 60))),
                task("The UTC day before", due: .moment(day(0).startTimestamp.adding(seconds: -3_600))),
                task("In progress", due: .day(day(0))) { $0.status = .inProgress },
                task("Assigned to ann in ben's list", in: bensInbox, due: .day(day(0))) { $0.assigneeID = ann.id },
            ]
            let notCounted = [
                task("At the local day's end", due: .moment(end)),
                task("Just before the local day", due: .moment(start.adding(seconds: -60))),
                task("Tomorrow", due: .day(day(1))),
                task("Yesterday", due: .day(day(-1))),
                task("No due", due: nil),
                task("Completed", due: .day(day(0))) {
                    $0.status = .completed
                    $0.completedAt = at(1)
                },
                task("Trashed", due: .day(day(0))) { $0.deletedAt = at(1) },
            ]
            let bens = [
                task("Ann's, assigned to ben", due: .day(day(0))) { $0.assigneeID = ben.id },
                task("Ben's own", in: bensInbox, due: .moment(start.adding(seconds: 60))),
                task("Ben's own, ann's due day", in: bensInbox, due: .day(day(0))),
            ]
            try await store.put(counted + notCounted + bens)
            #expect(
                try await store.openTasksDue(accountID: ann.id, day: day(0), start: start, end: end)
                    == counted.count)
            #expect(try await store.openTasksDue(accountID: ben.id, day: day(0), start: start, end: end) == 3)
            #expect(
                try await store.openTasksDue(
                    accountID: ann.id, day: day(1), start: end,
                    end: day(2).startTimestamp.adding(seconds: -2 * 3_600)) == 2,
                "tomorrow and the moment at today's end")

            // GAME-6: at D 12:00 UTC, what is open and what of it is past due (a day due passes at its end).
            let now = day(0).startTimestamp.adding(seconds: 12 * 3_600)
            let counts = try await store.openTaskCounts(accountID: ann.id, now: now)
            // The counted ones, and today's end, just before, tomorrow, yesterday and no due.
            #expect(counts.open == counted.count + 5)
            #expect(counts.overdue == 4, "at the start, the UTC day before, just before, yesterday")
            let benCounts = try await store.openTaskCounts(accountID: ben.id, now: now)
            #expect(benCounts.open == 3)
            #expect(benCounts.overdue == 1)
            // By the due's date, a moment by its UTC date.
            #expect(
                try await store.openTasksByDueDay(accountID: ann.id, from: day(-1), through: day(0))
                    == [day(-1): 4, day(0): 5])
            #expect(try await store.openTasksByDueDay(accountID: ann.id, from: day(1), through: day(3)) == [day(1): 1])
        }
    }

    @Test(arguments: Engine.available)
    func ACC6_deletingAnAccountRemovesItsGame(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            for account in [ann, ben] {
                try await store.write(
                    .putGameProfile(makeProfile(account)),
                    .putGameDay(
                        GameDay(
                            accountID: account.id, day: day(0), status: .kept, dueCount: 1, doneCount: 1,
                            bonus: 2, streak: 1, closedAt: at(1))),
                    .addLedgerEntry(makeLedgerEntry(account, .reward, points: 10, on: day(0), at: 2)))
            }
            try await store.write(.deleteAccount(ann))
            #expect(try await store.account(id: ann.id) == nil)
            #expect(try await store.gameProfile(accountID: ann.id) == nil)
            #expect(try await store.gameDays(accountID: ann.id, from: day(-9), through: day(9)).isEmpty)
            #expect(try await store.ledger(accountID: ann.id, before: nil, limit: 10).isEmpty)
            #expect(try await store.gameProfile(accountID: ben.id) != nil, "others keep theirs")
            #expect(try await store.latestGameDays(accountID: ben.id, limit: 10).count == 1)
            #expect(try await store.ledger(accountID: ben.id, before: nil, limit: 10).count == 1)
        }
    }

    /// Issue 32, item 2: a completion's reward reads what it needs in one statement; it must be what the separate
    /// reads give, on every engine.
    @Test(arguments: Engine.available)
    func GAME1_aRewardsReadsAreTheSeparateReadsInOne(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let (ben, _) = try await store.register("ben")
            let task = makeTask(in: inbox, "Stretch")
            try await store.write(.putTask(task), now: at(5_000))

            // Before anything: no profile, the default rules, no closed day, nothing counted.
            let empty = try await store.gameRewardReads(
                accountID: ann.id, taskID: .make(at: at(1)), moodFrom: day(0), through: day(2))
            #expect(
                empty
                    == GameRewardReads(
                        profile: nil, rules: .default, taskInsertedAt: nil, recentDays: [], onTime: 0, late: 0))

            let profile = makeProfile(ann) {
                $0.points = 40
                $0.badges = [.firstTask: at(1)]
            }
            var rules = GameRules()
            try rules.set("basePoints", to: 12)
            let statuses: [GameDay.Status] = [.missed, .kept, .off, .kept]
            let days = statuses.enumerated().map { offset, status in
                GameDay(
                    accountID: ann.id, day: day(offset - 3), status: status, dueCount: 1, doneCount: 1, bonus: 0,
                    streak: 0, closedAt: at(Int64(offset)))
            }
            let completions = [
                makeCompletion(of: task, by: ann, at: 1, on: day(-1), onTime: true),
                makeCompletion(of: task, by: ann, at: 2, on: day(0), onTime: true),
                makeCompletion(of: task, by: ann, at: 3, on: day(1), onTime: false),
                makeCompletion(of: task, by: ann, at: 4, on: day(2), onTime: true),
                makeCompletion(of: task, by: ann, at: 5, on: day(2)),
                makeCompletion(of: task, by: ann, at: 6, on: day(3), onTime: false),
                makeCompletion(of: task, by: ben, at: 7, on: day(1), onTime: true),
            ]
            let operations: [WriteBatch.Operation] =
                [.putGameProfile(profile), .putGameRules(rules, version: 1)] + days.map { .putGameDay($0) }
                + completions.map { .addCompletion($0) }
            _ = try await store.commit(WriteBatch(operations, now: epoch))

            let reads = try await store.gameRewardReads(
                accountID: ann.id, taskID: task.id, moodFrom: day(0), through: day(2))
            #expect(reads.profile == profile)
            #expect(reads.rules == rules)
            #expect(reads.taskInsertedAt == at(5_000))
            #expect(reads.onTime == 2)
            #expect(reads.late == 1)
            let latest = try await store.latestGameDays(accountID: ann.id, limit: 3).map(\.status)
            #expect(reads.recentDays.map(\.rawValue).sorted() == latest.map(\.rawValue).sorted())
            #expect(reads.recentDays.count == 3)
            let totals = try await store.completionTotalsByDay(actorID: ann.id, from: day(0), through: day(2))
            let separately = Mood.of(
                recentDays: latest, onTime: totals.reduce(0) { $0 + $1.onTime }, late: totals.reduce(0) { $0 + $1.late })
            #expect(reads.mood == separately)
            let bens = try await store.gameRewardReads(accountID: ben.id, taskID: task.id, moodFrom: day(0), through: day(2))
            #expect(bens.profile == nil)
            #expect(bens.onTime == 1)
        }
    }
}
