public import DoableCore
@_spi(StoreWriting) import DoableStore

/// GAME-6: statistics for every member, game on or off, from the completions' per-day totals (one grouped read)
/// and the open tasks.
extension GameService {
    public func stats(_ identity: Identity, period: StatsReport.Period) async throws -> StatsReport {
        let account = try await currentAccount(identity)
        let calendar = domain.calendar(of: account)
        let now = clock()
        let today = calendar.day(of: now)
        let range = StatsReport.range(of: period, today: today)
        // The monthly chart needs the last 12 months whatever the period.
        let yearStart = StatsReport.range(of: .year, today: today).from
        let from = min(range.from, yearStart)
        async let totals = store.completionTotalsByDay(actorID: account.id, from: from, through: today)
        async let openByDay = store.openTasksByDueDay(accountID: account.id, from: range.from, through: range.through)
        async let counts = store.openTaskCounts(accountID: account.id, now: now)
        let points: [CivilDate: Int]? =
            account.preferences.gameOptIn
            ? try await store.ledgerPointsByDay(accountID: account.id, from: from, through: today) : nil
        let open = try await counts
        return StatsReport.build(
            StatsInput(
                period: period, today: today, days: try await totals, openByDueDay: try await openByDay, open: open.open,
                overdue: open.overdue, pointsByDay: points, firstDay: calendar.day(of: account.createdAt)))
    }
}
