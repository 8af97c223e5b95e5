import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import DoableArt

/// GAME in the browser (issue 16): the companion's page (`/game`), turning the game on and off, petting, buying back
/// a broken streak; the store (`+GameStore`) and the companion's looks and the game's settings (`+GameSettings`).
/// Everything is a plain form; the game off hides every game element, and the game's pages then say what it is.
extension WebController {
    func addGameRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("game") { _, context in try await gamePage(context) }
        web.post("game/enable") { _, context in try await switchGame(on: true, context) }
        web.post("game/disable") { _, context in try await switchGame(on: false, context) }
        web.post("game/pet") { _, context in try await petCompanion(context) }
        web.post("game/streak/restore") { _, context in try await restoreStreak(context) }
        addGameStoreRoutes(to: web)
        addGameSettingsRoutes(to: web)
    }

    // MARK: The companion's page

    private func gamePage(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await GameNav.view(of: identity, domain: domain)
        guard view.isEnabled else { return try await gameOffPage(context) }
        let time = MemberTime(preferences: identity.account.preferences, now: domain.now())
        let companion = view.profile.companion
        let name = companion.name
        let csrf = csrfField(context)
        let furniture = view.equippedItems.filter { !$0.slot.isWorn }
        let home = CompanionArt.home(companionSVG: GamePanels.drawing(view).markup, furniture: furniture)
        let placed =
            furniture.isEmpty
            ? "Nothing is placed in it yet: furniture and trinkets from the store go here."
            : "In it: \(GameWords.list(furniture.map(\.name)))."
        let main: HTML = """
            <h1>Companion</h1>
            \(GameParts.navigation(current: "game"))
            <section class="companion-panel" aria-labelledby="companion-heading">
            <div class="companion">\(GamePanels.drawing(view, petted: context.web.query["petted"] == "1"))</div>
            <div class="companion-about">
            <h2 id="companion-heading">\(name)</h2>
            <p class="companion-kind">\(name) is \(GameWords.kind(companion)), feeling \(GameWords.mood(view.mood)).</p>
            <p class="companion-says">\(view.greeting)</p>
            \(GamePanels.level(view))
            <p class="game-points"><strong>\(view.profile.points)</strong> \
            \(view.profile.points == 1 ? "point" : "points") to spend in the <a href="/game/store">store</a></p>
            <form method="post" action="/game/pet">\(csrf)<button type="submit" class="button">Pet \(name)</button></form>
            </div>
            </section>
            <section class="game-streak" aria-labelledby="streak-heading">
            <h2 id="streak-heading">Streak</h2>
            <p class="hint">A day counts when every task due that day is done, and at least one task was done. Days off \
            (<a href="/game/settings">game settings</a>) neither break nor extend it.</p>
            \(GamePanels.streakTiles(view))
            \(GamePanels.restoreOffer(view, time: time, csrf: csrf))
            \(GamePanels.streakStrip(view))
            </section>
            <section class="game-home" aria-labelledby="home-heading">
            <h2 id="home-heading">\(name)'s home</h2>
            <figure class="game-home-figure">\(HTML(unsafeMarkup: home))<figcaption>\(placed)</figcaption></figure>
            </section>
            <section class="game-badges" aria-labelledby="badges-heading">
            <h2 id="badges-heading">Badges</h2>
            \(GamePanels.badges(view.profile, time: time))
            </section>
            <p class="game-links"><a class="button" href="/game/store">Visit the store</a> \
            <a class="button" href="/game/companion">Change \(name)'s name and looks</a> \
            <a class="button" href="/game/settings">Game settings</a></p>
            """
        return try await page(GameParts.page(name, main), context)
    }

    /// What every game page shows while the game is off: what it is, and the button that turns it on.
    func gameOffPage(_ context: WebRequestContext) async throws -> Response {
        let main: HTML = """
            <h1>The companion game</h1>
            <section class="game-off" aria-labelledby="game-off-heading">
            <p class="subtitle">A small pet keeps you company while you get things done. It is off until you turn it on.</p>
            <h2 id="game-off-heading">How it works</h2>
            <ul>
            <li>Completing a task earns points and XP: more for bigger tasks and for finishing early. Your companion \
            grows a level as the XP adds up, and cheers you on.</li>
            <li>A day counts for your streak when every task due that day is done. A broken streak can be bought back \
            with points within two days.</li>
            <li>Spend points in the store on clothes for your companion and furniture for its home, and collect badges \
            for milestones.</li>
            <li>It is kind by default: a late task still earns a little. Strict mode, in the game settings, pays \
            nothing for late tasks.</li>
            <li>Turning it off loses nothing: your companion, points, items and badges wait for you, and the days it \
            is off never break your streak.</li>
            </ul>
            <form method="post" action="/game/enable">\(csrfField(context))\
            <button type="submit" class="button primary">Turn the game on</button></form>
            <p class="hint">You can also turn it on or off in <a href="/settings/preferences">Preferences</a>.</p>
            </section>
            """
        return try await page(GameParts.page("Companion game", main), context)
    }

    // MARK: Actions

    private func switchGame(on: Bool, _ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        if identity.account.preferences.gameOptIn != on {
            do {
                _ = try await domain.game.updateGame(identity, GamePatch(isEnabled: on))
            } catch DoableError.conflict(let code, _, _) where code == "game_already_on" || code == "game_already_off" {
                // Sent twice (two tabs): it already is what was asked.
            }
        }
        let message =
            on
            ? "The game is on. Say hello to your companion!"
            : "The game is off. Everything is kept for when you turn it on again."
        return WebResponse.done(
            context, redirect: "/game", toast: Flash(message: message),
            forceRedirect: true)
    }

    private func petCompanion(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        let line = try await domain.game.petCompanion(identity)
        let name = try await GameNav.view(of: identity, domain: domain).profile.companion.name
        return WebResponse.done(
            context, redirect: "/game?petted=1", toast: Flash(message: "\(name): “\(line)”"),
            forceRedirect: true)
    }

    /// GAME-4: buys back the broken streak; too few points (or too late) comes back as the domain's message.
    private func restoreStreak(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        do {
            let view = try await domain.game.restoreStreak(identity)
            return WebResponse.done(
                context, redirect: "/game",
                toast: Flash(
                    message: "Streak bought back: \(GameWords.days(view.streak)) and counting. \(view.profile.points) "
                        + "points left."), focus: "streak-heading")
        } catch let error as DoableError where Self.isGameRefusal(error) {
            return refusedGameAction(context, error, back: "/game")
        }
    }

    /// A refusal of a game button (too few points, an item no longer sold): the domain's message in the toast, and
    /// nothing changed; for the page's script, the API's error shape.
    func refusedGameAction(_ context: WebRequestContext, _ error: DoableError, back: String) -> Response {
        if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
        return WebResponse.done(context, redirect: back, toast: Flash(message: WebErrorMiddleware.message(of: error)))
    }

    static func isGameRefusal(_ error: DoableError) -> Bool {
        switch error {
        case .invalid, .conflict: true
        default: false
        }
    }
}

/// What every game page shares: its sub-navigation and its place in the sidebar.
enum GameParts {
    static func page(_ title: String, _ main: HTML, status: HTTPResponse.Status = .ok) -> WebPage {
        var page = WebPage(title: title, main: main, current: "game")
        page.status = status
        return page
    }

    /// The game's own navigation under the page heading; `current` is "game", "companion", "store" or "settings".
    static func navigation(current: String) -> HTML {
        let items = [
            ("game", "/game", "Companion"), ("companion", "/game/companion", "Name and looks"),
            ("store", "/game/store", "Store"), ("settings", "/game/settings", "Game settings"),
        ]
        let links = items.html { key, href, title in
            "<li><a href=\"\(href)\" class=\"button\"\(key == current ? HTML(" aria-current=\"page\"") : "")>\(title)</a></li>"
        }
        return "<nav class=\"market-nav game-nav\" aria-label=\"Companion game\"><ul>\(links)</ul></nav>"
    }
}

/// The sidebar's "Companion" link with the points balance, only while the game is on. `GameNavMiddleware` reads the
/// balance (one row) for each page a playing member asks for and binds it for the rest of the request, where the
/// navigation reads it (`WebNavigation.views`); the game's pages read the whole game themselves.
enum GameNav {
    @TaskLocal static var points: Int?

    static var navItem: NavItem? {
        guard let points else { return nil }
        return NavItem(
            key: "game", href: "/game",
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
