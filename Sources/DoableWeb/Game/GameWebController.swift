import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird

/// GAME in the browser (issue 16): the companion's page (`/game`, `GamePage`), turning the game on and off, petting,
/// buying back a broken streak; the store (`+Store`) and the companion's looks and the game's settings (`+Settings`).
/// Everything is a plain form; the game off hides every game element, and the game's pages then say what it is
/// (`GameOffPage`).
struct GameWebController: WebArea {
    let shell: WebShell
    let game: GameService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("game") { _, context in try await gamePage(context) }
        web.post("game/enable") { _, context in try await enableGame(context) }
        web.post("game/disable") { _, context in try await switchGame(on: false, context) }
        web.post("game/pet") { _, context in try await petCompanion(context) }
        web.post("game/streak/restore") { _, context in try await restoreStreak(context) }
        addStoreRoutes(to: web)
        addSettingsRoutes(to: web)
    }

    // MARK: The companion's page

    private func gamePage(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await game.game(identity)
        guard view.isEnabled else { return try await gameOffPage(context) }
        let time = MemberTime(preferences: identity.account.preferences, now: shell.now())
        let content = GamePage(
            view: view, isPetted: context.web.query["petted"] == "1", time: time, csrf: csrfField(context))
        return try await page(content.page, context)
    }

    /// What every game page shows while the game is off: what it is, and the button that turns it on.
    func gameOffPage(_ context: WebRequestContext) async throws -> Response {
        try await page(GameOffPage(csrf: csrfField(context)).page, context)
    }

    // MARK: Actions

    private func switchGame(on: Bool, _ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        if identity.account.preferences.gameOptIn != on {
            do {
                _ = try await game.updateGame(identity, GamePatch(isEnabled: on))
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

    /// Issue 29: the member names its companion (and picks its species) as it turns the game on, in one change; a
    /// form without a name (an older page) keeps the default.
    private func enableGame(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        guard !identity.account.preferences.gameOptIn, form["name"] != nil else {
            return try await switchGame(on: true, context)
        }
        let chosen = CompanionPatch(
            name: form["name"] ?? "", species: Companion.Species(rawValue: form["species"] ?? ""), color: nil)
        do {
            _ = try await game.updateGame(identity, GamePatch(isEnabled: true, companion: chosen))
        } catch let error as DoableError where error.httpStatus == .badRequest {
            if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
            let view = GameOffPage(csrf: csrfField(context), form: form, errors: FormErrors(error, fields: ["name", "species"]))
            var page = view.page
            page.status = .badRequest
            return try await self.page(page, context)
        } catch DoableError.conflict(let code, _, _) where code == "game_already_on" {
            // Sent twice (two tabs): it already is on.
        }
        let name = (try? await game.game(identity))?.profile.companion.name ?? "your companion"
        return WebResponse.done(
            context, redirect: "/game", toast: Flash(message: "The game is on. Say hello to \(name)!"),
            forceRedirect: true)
    }

    private func petCompanion(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        let line = try await game.petCompanion(identity)
        let name = try await game.game(identity).profile.companion.name
        return WebResponse.done(
            context, redirect: "/game?petted=1", toast: Flash(message: "\(name): “\(line)”"),
            forceRedirect: true)
    }

    /// GAME-4: buys back the broken streak; too few points (or too late) comes back as the domain's message.
    private func restoreStreak(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        do {
            let view = try await game.restoreStreak(identity)
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
