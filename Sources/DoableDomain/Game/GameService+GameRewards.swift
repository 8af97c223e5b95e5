import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// GAME-1: rewards are written in the transaction of the completion that earns them, as a ledger line and the
/// profile's new totals; un-completing writes the opposite line. So a completion pays once however often it is
/// taken back and done again, and the ledger adds up to the profile.
extension GameService {
    /// What completing `task` (as it was before) earns the one completing it, when their game is on.
    /// `carrying`: the profile an earlier completion of the same batch already changed (and numbered), so that one
    /// batch completing several tasks adds up their rewards in one profile row.
    func gameRewardOperations(
        for completion: TaskCompletion, of task: TaskItem, previous: TaskCompletion?,
        by identity: Identity, now: Timestamp, carrying carried: GameProfile? = nil
    ) async throws
        -> (operations: [WriteBatch.Operation], reaction: GameReaction?)
    {
        let account = identity.account
        guard account.preferences.gameOptIn else { return ([], nil) }
        let calendar = domain.calendar(of: account)
        let today = calendar.day(of: now)
        // Issue 32: the profile, the rules, the task's insert time and the mood's counts in one read (they were five).
        let reads = try await store.gameRewardReads(
            accountID: account.id, taskID: task.id, moodFrom: Self.moodFrom(today), through: today)
        var profile = carried ?? reads.profile ?? newGameProfile(for: account, now: now)
        let rules = reads.rules
        let input = RewardInput(
            estimatedMinutes: task.estimatedMinutes, due: task.due, completedAt: now,
            insertedAt: reads.taskInsertedAt ?? task.createdAt, calendar: calendar,
            isRecurring: task.recurrence != nil, previousOccurrenceOnTime: previous.map { $0.onTime != false } ?? true,
            isStrict: profile.isStrict, occurrenceOpens: Self.occurrenceOpens(of: task, calendar: calendar),
            previousOccurrenceDoneOn: previous.map { $0.localDay ?? calendar.day(of: $0.completedAt) })
        let reward = RewardFormula.reward(for: input, rules: rules)
        let levelBefore = profile.level
        var operations: [WriteBatch.Operation] = []
        var earned: [Badge] = []
        // An occurrence done before its day, or a second time in its period, is not counted at all: no ledger line
        // (so un-completing has nothing to take back) and no step towards a badge.
        if reward.counts {
            profile.points += reward.points
            profile.xp += reward.xp
            profile.completedCount += 1
            operations.append(
                .addLedgerEntry(
                    LedgerEntry(
                        id: .make(at: now), accountID: account.id, kind: .reward, reference: completion.id.description,
                        points: reward.points, xp: reward.xp, localDay: completion.localDay ?? calendar.day(of: now),
                        detail: reward.message, at: now)))
        }
        for (badge, count) in [(Badge.firstTask, 1), (.tasks10, 10), (.tasks100, 100), (.tasks1000, 1000)]
        where reward.counts && profile.completedCount >= count && profile.badges[badge] == nil {
            earned.append(badge)
        }
        if reward.counts, task.recurrence != nil, profile.badges[.recurring10] == nil,
            try await store.completionCount(taskID: task.id) + 1 >= 10
        {
            earned.append(.recurring10)
        }
        operations += try await awardOperations(earned, to: &profile, account: account, now: now)
        let lines = reward.isLate ? CompanionLines.lateLines : CompanionLines.encouragements
        // The id's random tail: the same completion picks the same line in every process (`hashValue` is seeded
        // per process).
        let seed = withUnsafeBytes(of: completion.id.uuid.uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
        let index = CompanionLines.pick(lines, seed: seed, avoiding: profile.lastLine)
        profile.lastLine = index
        profile.updatedAt = now
        if carried == nil { profile.version += 1 }
        operations.append(.putGameProfile(profile))
        var mood = reads.mood
        // The completion being written is not read back yet: a late one pulls the mood down at once.
        if reward.isLate, mood == .happy { mood = .neutral } else if reward.isLate { mood = .sad }
        let reaction = GameReaction(
            reward: reward, totalPoints: profile.points, level: profile.level, leveledUp: profile.level > levelBefore,
            badges: earned, companionName: profile.companion.name, mood: mood, line: lines[index])
        return (operations, reaction)
    }

    /// GAME-1 (issue 27): the first day a repeating task's occurrence may pay, in `calendar`: its due day less the
    /// rule's gap to the occurrence after it, plus one (a daily task's own day; a weekly task's seven days up to its
    /// due day). A task that repeats from its start date alone opens on that day. Nil when it does not repeat.
    static func occurrenceOpens(of task: TaskItem, calendar: ZonedCalendar) -> CivilDate? {
        guard let text = task.recurrence, let rule = try? RecurrenceRule(rrule: text),
            let anchor = task.due ?? task.start
        else { return nil }
        func day(_ date: TaskDate) -> CivilDate {
            switch date {
            case .day(let day): day
            case .moment(let moment): calendar.day(of: moment)
            }
        }
        let anchorDay = day(anchor)
        var upcoming = rule.occurrences(from: anchor, in: calendar).dropFirst().makeIterator()
        guard task.due != nil, let next = upcoming.next() else { return anchorDay }
        let gap = max(1, day(next).daysSinceEpoch - anchorDay.daysSinceEpoch)
        return anchorDay.adding(days: 1 - gap)
    }

    /// Un-completing: the reward the completion paid (to whoever completed it) is taken back, once.
    func gameReversalOperations(for completion: TaskCompletion, now: Timestamp) async throws
        -> [WriteBatch.Operation]
    {
        guard let earner = completion.actorID else { return [] }
        let entries = try await store.ledgerEntries(accountID: earner, reference: completion.id.description)
        let points = entries.reduce(0) { $0 + $1.points }, xp = entries.reduce(0) { $0 + $1.xp }
        guard entries.contains(where: { $0.kind == .reward }), !entries.contains(where: { $0.kind == .reversal }),
            var profile = try await store.gameProfile(accountID: earner)
        else { return [] }
        profile.points -= points
        profile.xp = max(0, profile.xp - xp)
        profile.completedCount = max(0, profile.completedCount - 1)
        profile.updatedAt = now
        profile.version += 1
        let day = completion.localDay ?? now.civilDate
        return [
            .addLedgerEntry(
                LedgerEntry(
                    id: .make(at: now), accountID: earner, kind: .reversal, reference: completion.id.description,
                    points: -points, xp: -xp, localDay: day, detail: "Taken back: the task was un-completed.", at: now)),
            .putGameProfile(profile),
        ]
    }

    /// GAME-5: badges not held yet, each awarded once with its moment, and a notification of each.
    func awardOperations(_ badges: [Badge], to profile: inout GameProfile, account: Account, now: Timestamp)
        async throws -> [WriteBatch.Operation]
    {
        var operations: [WriteBatch.Operation] = []
        let fresh = badges.filter { profile.badges[$0] == nil }
        guard !fresh.isEmpty else { return [] }
        let channels = account.preferences.notificationChannels.channels(for: .badgeEarned)
        let hooks = channels.webhook ? try await store.webhooks(accountIDs: [account.id]) : []
        let devices = channels.push ? try await store.pushSubscriptions(accountIDs: [account.id]) : []
        for badge in fresh {
            profile.badges[badge] = now
            operations += domain.reminders.notificationOperations(
                to: account, .badgeEarned, title: "Badge earned: \(badge.title)",
                body: "\(profile.companion.name) is proud of you. \(badge.summary)", task: nil, list: nil,
                actor: nil, channels: channels, webhooks: hooks, pushDevices: devices, now: now)
        }
        return operations
    }
}
