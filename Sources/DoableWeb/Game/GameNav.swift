import DoableArt
import DoableCore
import DoableDomain
import Hummingbird

/// The sidebar's "Companion" link with the points balance, only while the game is on. `GameNavMiddleware` reads the
/// balance (one row) for each page a playing member asks for and binds it for the rest of the request, where the
/// navigation reads it (`WebNavigation.views`); the game's pages read the whole game themselves.
enum GameNav {
    @TaskLocal static var points: Int?

    static var navItem: NavItem? {
        guard let points else { return nil }
        return NavItem(
            key: "game", href: "/game", icon: .game,
            title: """
                Companion<span class="visually-hidden"> (\(points) \(points == 1 ? "point" : "points"))</span>\
                <span class="nav-points" aria-hidden="true">\(points) pts</span>
                """)
    }

    /// The game of this request's member, with the days that ended since the last look closed.
    static func view(of identity: Identity, domain: Domain) async throws -> GameView {
        try await domain.game.game(identity)
    }
}

struct GameNavMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let domain: Domain

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let identity = context.identity, identity.account.preferences.gameOptIn,
            !context.web.wantsJSON, MarketBadgeMiddleware.mayRenderPage(request.uri.path)
        else { return try await next(request, context) }
        let points = try? await domain.game.gamePoints(identity)
        return try await GameNav.$points.withValue(points) { try await next(request, context) }
    }
}
