import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import NIOCore
import DoableArt
import DoableHTTP

/// GAME-6: the caller's statistics, game on or off, and their charts drawn as SVG on the server. `period` is
/// `week` (the default), `month` or `year`; anything else is a 400 naming it.
struct StatsController: Sendable {
    let game: GameService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("stats", use: show)
        group.get("stats/charts/{name}.svg", use: chart)
    }

    static func period(_ request: Request) throws -> StatsReport.Period {
        try MarketQuery.choice(request.uri.queryParameters, "period", StatsReport.Period.self, default: .week)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let report = try await game.stats(identity, period: try Self.period(request))
        return JSONResponse.make(StatsDTO(report))
    }

    /// One chart (`StatsCharts.names`): 404 for an unknown name, for `points` with the game off and for `monthly`
    /// before a month of use.
    @Sendable func chart(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        guard let name = context.parameters.get("name"), StatsCharts.names.contains(name) else {
            let names = StatsCharts.names.joined(separator: ", ")
            throw DoableError.notFound("There is no such chart; the charts are \(names).")
        }
        let report = try await game.stats(identity, period: try Self.period(request))
        guard let svg = StatsCharts.svg(named: name, report: report) else {
            throw DoableError.notFound(
                name == "points"
                    ? "The points chart needs the game on."
                    : "The monthly chart comes after a month of use.")
        }
        return GameController.svgResponse(svg)
    }
}
