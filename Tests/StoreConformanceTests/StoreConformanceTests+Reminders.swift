import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

extension Reminder: Versioned {}

func makeReminder(_ task: TaskItem, _ account: Account, at moment: Timestamp) -> Reminder {
    Reminder(
        id: .make(at: epoch), taskID: task.id, accountID: account.id, trigger: .at(moment), nextAt: moment,
        createdAt: epoch, updatedAt: epoch)
}

/// Issue 13: reminders, completed occurrences, webhooks and the delivery queue, on every engine.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func NOTIF1_remindersRoundTripAndAreInTheirOwnersFeedOnly(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let task = makeTask(in: inbox, "Call mum") {
                $0.recurrence = "FREQ=WEEKLY;BYDAY=MO"; $0.recurrenceBasis = .completion
            }
            try await store.write(.putTask(task))
            #expect(try await store.task(id: task.id)?.recurrence == "FREQ=WEEKLY;BYDAY=MO")
            #expect(try await store.task(id: task.id)?.recurrenceBasis == .completion)
            let fixed = makeReminder(task, ann, at: at(60))
            var relative = makeReminder(task, ann, at: at(0))
            relative.trigger = .relative(to: .due, offsetMinutes: -15)
            relative.nextAt = nil
            relative.silenced = true
            let changes = try await store.write(.putReminder(fixed), .putReminder(relative))
            #expect(changes.map(\.entity) == [.reminder, .reminder])
            #expect(changes.allSatisfy { $0.accountID == ann.id && $0.listID == nil })
            #expect(try await store.reminder(id: fixed.id) == fixed)
            #expect(try await store.reminder(id: relative.id) == relative)
            #expect(try await store.reminders(taskID: task.id, accountID: ann.id).count == 2)
            #expect(try await store.reminders(taskIDs: [task.id]).count == 2)
            #expect(try await store.upcomingReminders(accountID: ann.id, from: at(0), limit: 10).map(\.id) == [fixed.id])
            await #expect(throws: StoreError.self) {
                try await store.write(
                    .putReminder(edited(fixed) { $0.silenced = true }),
                    .putReminder(edited(fixed) { $0.silenced = false }))
            }
            try await store.write(.deleteReminder(fixed))
            #expect(try await store.reminders(ids: [fixed.id, relative.id]).map(\.id) == [relative.id])
            // Purging the task takes its reminders with it.
            try await store.write(.purgeTask(task))
            #expect(try await store.reminders(taskIDs: [task.id]).isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func NOTIF5_aDueReminderIsClaimedOnceUntilItsLeaseEndsOrItIsWritten(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let task = makeTask(in: inbox, "Water plants")
            let due = makeReminder(task, ann, at: at(10))
            let later = makeReminder(task, ann, at: at(100))
            try await store.write(.putTask(task), .putReminder(due), .putReminder(later))
            #expect(try await store.claimDueReminders(now: at(5), leaseUntil: at(65), limit: 10).isEmpty)
            #expect(try await store.claimDueReminders(now: at(10), leaseUntil: at(70), limit: 10).map(\.id) == [due.id])
            // Held: another claimer (another server) does not get it until the lease ends.
            #expect(try await store.claimDueReminders(now: at(20), leaseUntil: at(80), limit: 10).isEmpty)
            #expect(try await store.claimDueReminders(now: at(71), leaseUntil: at(131), limit: 10).map(\.id) == [due.id])
            // Writing it (the firing) releases the hold.
            try await store.write(.putReminder(edited(due) { $0.nextAt = at(200) }))
            #expect(try await store.claimDueReminders(now: at(100), leaseUntil: at(160), limit: 10).map(\.id) == [later.id])
        }
    }

    @Test(arguments: Engine.available)
    func NOTIF5_deliveriesAreQueuedClaimedAndRecordedWithTheirAttempts(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let hook = Webhook(
                id: .make(at: epoch), accountID: ann.id, url: "https://example.com/hook",
                events: [.reminder, .taskCreated], secret: "whsec_x", feedCursor: 0, createdAt: epoch,
                updatedAt: epoch)
            let delivery = Delivery(
                id: .make(at: epoch), accountID: ann.id, channel: .webhook,
                target: hook.id.description, event: "reminder", payload: "{}", nextAttemptAt: at(5),
                createdAt: epoch)
            let changes = try await store.write(.putWebhook(hook), .enqueueDelivery(delivery))
            #expect(changes.map(\.entity) == [.webhook], "a queued delivery has no feed entry")
            #expect(try await store.webhook(id: hook.id) == hook)
            #expect(try await store.webhooks(accountIDs: [ann.id]).map(\.events) == [[.reminder, .taskCreated]])
            #expect(try await store.webhooksBehind(limit: 10).map(\.id) == [hook.id])
            let latest = try await store.latestSequence(accountID: ann.id)
            try await store.write(.advanceWebhookCursor(hook.id, from: 0, to: latest))
            #expect(try await store.webhooksBehind(limit: 10).isEmpty)
            await #expect(throws: StoreError.self) { try await store.write(.advanceWebhookCursor(hook.id, from: 0, to: latest)) }

            #expect(try await store.claimDueDeliveries(now: at(1), leaseUntil: at(61), limit: 5).isEmpty)
            let claimed = try await store.claimDueDeliveries(now: at(5), leaseUntil: at(65), limit: 5)
            #expect(claimed.map(\.id) == [delivery.id])
            #expect(try await store.claimDueDeliveries(now: at(6), leaseUntil: at(66), limit: 5).isEmpty)
            var retried = claimed[0]
            retried.attempts = 1
            retried.lastError = "HTTP 500"
            retried.nextAttemptAt = at(40)
            try await store.record(
                DeliveryAttempt(
                    deliveryID: delivery.id, number: 1, at: at(6), succeeded: false,
                    detail: "HTTP 500"), updating: retried)
            #expect(try await store.claimDueDeliveries(now: at(39), leaseUntil: at(99), limit: 5).isEmpty)
            var sent = try #require(try await store.claimDueDeliveries(now: at(40), leaseUntil: at(100), limit: 5).first)
            sent.attempts = 2
            sent.state = .sent
            sent.sentAt = at(41)
            try await store.record(
                DeliveryAttempt(
                    deliveryID: delivery.id, number: 2, at: at(41), succeeded: true,
                    detail: "HTTP 204"), updating: sent)
            #expect(try await store.delivery(id: delivery.id)?.state == .sent)
            #expect(try await store.deliveryAttempts(deliveryIDs: [delivery.id]).map(\.succeeded) == [false, true])
            #expect(try await store.deliveryAttempts(deliveryIDs: [delivery.id, .make()]).map(\.number) == [1, 2])
            #expect(try await store.deliveries(accountID: ann.id, limit: 10).count == 1)
            #expect(try await store.claimDueDeliveries(now: at(1000), leaseUntil: at(1060), limit: 5).isEmpty)
        }
    }

    /// the scheduler fires many reminders in one batch (each with its notification and deliveries), which the
    /// PostgreSQL engine writes a statement per kind instead of per row; the rows and checks must be the same.
    @Test(arguments: Engine.available)
    func NOTIF5_aFiringBatchWritesEveryReminderNotificationAndDeliveryOrNothing(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let task = makeTask(in: inbox, "Stand up")
            var relative = makeReminder(task, ann, at: at(10))
            relative.trigger = .relative(to: .start, offsetMinutes: -5)
            let reminders = [makeReminder(task, ann, at: at(10)), relative, makeReminder(task, ann, at: at(10))]
            try await store.write(.putTask(task))
            _ = try await store.commit(WriteBatch(reminders.map { .putReminder($0) }, now: epoch))
            func fired(_ reminder: Reminder) -> Reminder {
                edited(reminder, at: 10) {
                    $0.firedFor = at(10); $0.nextAt = nil; $0.snoozedUntil = at(99)
                }
            }
            func note(_ reminder: Reminder) -> AppNotification {
                AppNotification(
                    id: .make(at: epoch), accountID: ann.id, kind: .reminder, title: "Stand up", body: "Due",
                    taskID: task.id, listID: reminder.id == relative.id ? inbox.id : nil, createdAt: at(10))
            }
            func delivery(_ reminder: Reminder) -> Delivery {
                Delivery(
                    id: .make(at: epoch), accountID: ann.id, channel: .webhook, target: "hook", event: "reminder",
                    payload: "{\"reminder\": \"\(reminder.id)\"}", nextAttemptAt: at(10), createdAt: at(10))
            }
            // A stale version among them: nothing of the batch is written.
            var stale = fired(reminders[2])
            stale.version = 5
            await #expect(throws: StoreError.self) {
                try await store.commit(
                    WriteBatch(
                        reminders.dropLast().flatMap {
                            [.putReminder(fired($0)), .putNotification(note($0)), .enqueueDelivery(delivery($0))]
                        } + [.putReminder(stale)], now: epoch))
            }
            func stored() async throws -> [Reminder] {
                try await store.reminders(ids: reminders.map(\.id)).sorted { $0.id < $1.id }
            }
            #expect(try await stored() == reminders.sorted { $0.id < $1.id })
            #expect(try await store.notifications(accountID: ann.id, unreadOnly: false, limit: 10).isEmpty)
            #expect(try await store.deliveries(accountID: ann.id, limit: 10).isEmpty)
            // As the scheduler writes them.
            let notes = reminders.map(note), deliveries = reminders.map(delivery)
            let changes = try await store.commit(
                WriteBatch(
                    reminders.indices.flatMap {
                        [.putReminder(fired(reminders[$0])), .putNotification(notes[$0]), .enqueueDelivery(deliveries[$0])]
                    }, now: epoch))
            #expect(changes.count == 6, "a feed entry per reminder and per notification")
            #expect(try await stored() == reminders.map(fired).sorted { $0.id < $1.id })
            #expect(
                try await store.notifications(accountID: ann.id, unreadOnly: false, limit: 10).sorted { $0.id < $1.id }
                    == notes.sorted { $0.id < $1.id })
            #expect(Set(try await store.deliveries(accountID: ann.id, limit: 10).map(\.id)) == Set(deliveries.map(\.id)))
            #expect(try await store.delivery(id: deliveries[1].id) == deliveries[1])
        }
    }

    @Test(arguments: Engine.available)
    func TASK10_completionsAreKeptAndTheLatestIsFound(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, inbox) = try await store.register("ann")
            let task = makeTask(in: inbox, "Standup")
            try await store.write(.putTask(task))
            let first = TaskCompletion(
                id: .make(at: at(1)), taskID: task.id, ownerID: ann.id, actorID: ann.id,
                completedAt: at(1), due: TaskDate("2026-11-23"), start: nil,
                recurrence: "FREQ=DAILY;COUNT=3", nextDue: TaskDate("2026-11-24"),
                resetSubtaskIDs: [.make()])
            var second = first
            second.id = .make(at: at(2))
            second.completedAt = at(2)
            try await store.write(.addCompletion(first), .addCompletion(second))
            #expect(try await store.latestCompletion(taskID: task.id) == second)
            #expect(try await store.completions(ownerID: ann.id, since: at(0), limit: 10) == [second, first])
            try await store.write(.deleteCompletion(second))
            #expect(try await store.latestCompletion(taskID: task.id) == first)
            await #expect(throws: StoreError.self) { try await store.write(.deleteCompletion(second)) }
            #expect(try await store.serverSecret(named: "k", candidate: "one") == "one")
            #expect(try await store.serverSecret(named: "k", candidate: "two") == "one")
        }
    }
}
