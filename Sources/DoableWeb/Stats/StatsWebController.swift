import DoableCore
import DoableDomain
import Foundation
import Hummingbird

/// GAME-6 in the browser: `/stats` for every member, game on or off (`?period=week|month|year`, the week when
/// absent). An unknown period shows the week with a note saying so, rather than an error page: the address came
/// from a link or a hand, and the week is what the page would show anyway. The page is `StatsPage`.
struct StatsWebController: WebArea {
    let shell: WebShell
    let game: GameService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("stats") { _, context in try await statsPage(context) }
    }

    private func statsPage(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let asked = context.web.query.text("period")
        let period = asked.flatMap(StatsReport.Period.init(rawValue:)) ?? .week
        let notice =
            asked != nil && StatsReport.Period(rawValue: asked ?? "") == nil
            ? "There is no period “\(asked?.prefix(40) ?? "")”: showing the last 7 days. Choose week, 30 days or 12 months."
            : nil
        let report = try await game.stats(identity, period: period)
        let calendar = ZonedCalendar(preferences: identity.account.preferences)
        let content = StatsPage(
            report: report, firstDay: calendar.day(of: identity.account.createdAt),
            notice: notice)
        return try await page(content.page, context)
    }
}
