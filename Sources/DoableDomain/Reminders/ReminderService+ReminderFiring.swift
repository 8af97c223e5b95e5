import DoableCore
import Foundation
import PublicInit

@_spi(StoreWriting) import DoableStore

/// NOTIF-1, NOTIF-3 and NOTIF-5: the scheduler's side of reminders. Due reminders are claimed (so that several
/// servers on one database take each one once), then fired in one batch through the write path: each reminder is
/// marked fired for its moment in the same transaction as its in-app notification and its queued email and
/// webhook deliveries. A version conflict (the member edited a reminder meanwhile) starts the batch again from
/// fresh reads, so nothing fires twice and nothing fires for a moment that no longer holds.
extension ReminderService {
    @PublicInit
    public struct FiringOptions: Sendable {
        /// Reminders this late (the server was down) are dropped with one note in the notification centre
        /// instead of going out; nil sends them however late.
        public var staleAfterSeconds: Int64? = 6 * 3600
        public var batchSize: Int = 500
        /// How long a claim holds. The claim only shares the work between servers (the firing itself is version
        /// checked), and a batch fires in well under a second: after a crash its claimed reminders are taken up again
        /// this soon.
        public var leaseSeconds: Int64 = 4
    }

    /// Fires the reminders due now; returns how many were claimed (a full batch means more may be waiting).
    @discardableResult
    public func fireDueReminders(_ options: FiringOptions = FiringOptions()) async throws -> Int {
        let now = clock()
        let claimed = try await store.claimDueReminders(
            now: now, leaseUntil: now.adding(seconds: options.leaseSeconds),
            limit: options.batchSize)
        guard !claimed.isEmpty else { return 0 }
        let ids = claimed.map(\.id)
        try await perform(by: nil) {
            let now = clock()
            let reminders = try await store.reminders(ids: ids)
            let tasks = Self.byID(try await store.tasks(ids: reminders.map(\.taskID)), \.id)
            let accounts = Self.byID(try await store.accounts(ids: reminders.map(\.accountID)), \.id)
            let lists = Self.byID(try await store.lists(ids: tasks.values.map(\.listID)), \.id)
            let hooked = accounts.values.filter { $0.preferences.notificationChannels.channels(for: .reminder).webhook }
            let webhooks = try await store.webhooks(accountIDs: hooked.map(\.id))
            let pushed = accounts.values.filter { $0.preferences.notificationChannels.channels(for: .reminder).push }
            let devices = try await store.pushSubscriptions(accountIDs: pushed.map(\.id))
            // GAME-2: with the game on, the companion says the reminder.
            let players = accounts.values.filter(\.preferences.gameOptIn).map(\.id)
            let companions = Self.byID(
                players.isEmpty ? [] : try await store.gameProfiles(accountIDs: players),
                \.accountID)
            var batch = WriteBatch(now: now)
            var missed: [AccountID: [String]] = [:]
            for var reminder in reminders {
                guard let task = tasks[reminder.taskID], let account = accounts[reminder.accountID],
                    let list = lists[task.listID]
                else { continue }
                let calendar = domain.calendar(of: account)
                let moment = reminder.moment(for: task, in: calendar)
                reminder.updatedAt = now
                reminder.version += 1
                let next = reminder.scheduled(for: task, in: calendar)
                guard let due = next, due <= now else {
                    // Nothing due after all (the claim saw an older row): store what holds now, which also releases it.
                    reminder.nextAt = next
                    batch.append(.putReminder(reminder))
                    continue
                }
                let canSee = try await domain.role(of: account.id, in: list) != nil
                if canSee, !account.isDisabled, let quiet = account.preferences.quietHours, quiet.mode == .defer,
                    quiet.contains(now, in: calendar)
                {
                    // NOTIF-3, deferred: it fires when the quiet hours end.
                    reminder.snoozedUntil = quiet.end(after: now, in: calendar)
                    reminder.nextAt = reminder.snoozedUntil
                    batch.append(.putReminder(reminder))
                    continue
                }
                reminder.firedFor = moment
                reminder.snoozedUntil = nil
                reminder.nextAt = reminder.scheduled(for: task, in: calendar)
                batch.append(.putReminder(reminder))
                guard canSee else { continue }
                if let stale = options.staleAfterSeconds, now.milliseconds - due.milliseconds > stale * 1000 {
                    missed[account.id, default: []].append(task.title)
                    continue
                }
                var channels = account.preferences.notificationChannels.channels(for: .reminder)
                var isSilent = false
                if let quiet = account.preferences.quietHours, quiet.contains(now, in: calendar) {
                    // NOTIF-3, silent: in the notification centre only (and no browser notification there).
                    channels = Preferences.ChannelSet(inApp: channels.inApp, email: false, webhook: false, push: false)
                    isSilent = true
                }
                var body = Self.reminderBody(task, calendar: calendar)
                if account.preferences.gameOptIn, let companion = companions[account.id]?.companion {
                    body = CompanionLines.reminder(name: companion.name, task: task.title) + " " + body
                }
                batch.operations += notificationOperations(
                    to: account, .reminder, title: task.title, body: body,
                    task: task.id, list: task.listID, reminder: reminder.id, actor: nil, channels: channels,
                    webhooks: webhooks, pushDevices: devices, isSilent: isSilent, now: now)
            }
            for (accountID, titles) in missed {
                guard let account = accounts[accountID] else { continue }
                let shown = titles.prefix(5).map { "“\($0)”" }.joined(separator: ", ")
                batch.operations += notificationOperations(
                    to: account, .reminderMissed,
                    title: titles.count == 1 ? "A reminder was missed" : "\(titles.count) reminders were missed",
                    body: "Doable was offline when they came due: \(shown)\(titles.count > 5 ? " and more" : "").",
                    task: nil, list: nil, actor: nil,
                    channels: Preferences.ChannelSet(inApp: true, email: false, webhook: false, push: false), webhooks: [],
                    now: now)
            }
            return (batch, ())
        }
        return claimed.count
    }

    /// "Due today at 17:00", "Due Wed 25 Nov", in the member's time zone.
    static func reminderBody(_ task: TaskItem, calendar: ZonedCalendar) -> String {
        guard let due = task.due else { return "Reminder" }
        switch due {
        case .day(let day): return "Due \(day.description)"
        case .moment(let moment):
            let (hour, minute) = calendar.wallTime(of: moment)
            let time = String(format: "%02d:%02d", hour, minute)
            return "Due \(calendar.day(of: moment).description) at \(time)"
        }
    }

    static func byID<T, ID: Hashable>(_ values: [T], _ key: KeyPath<T, ID>) -> [ID: T] {
        Dictionary(values.map { ($0[keyPath: key], $0) }, uniquingKeysWith: { first, _ in first })
    }
}
