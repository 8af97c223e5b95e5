import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird

/// GAME-2 and GAME-4 in the browser: the companion's name, species and colour (`/game/companion`,
/// `GameCompanionPage`), and the game's settings (`/game/settings`, `GameSettingsPage`): strict mode, weekdays and
/// days off, and turning the game off. A refusal shows by its field with what was typed kept.
extension GameWebController {
    func addSettingsRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("game/companion") { _, context in
            let identity = try member(context)
            let view = try await game.game(identity)
            guard view.isEnabled else { return try await gameOffPage(context) }
            return try await companionPage(context, view: view, form: Self.companionForm(view), errors: FormErrors())
        }
        web.post("game/companion") { _, context in try await saveCompanion(context) }
        web.get("game/settings") { _, context in
            let identity = try member(context)
            let view = try await game.game(identity)
            guard view.isEnabled else { return try await gameOffPage(context) }
            return try await gameSettingsPage(
                context, view: view, form: Self.gameSettingsForm(view),
                errors: FormErrors())
        }
        web.post("game/settings") { _, context in try await saveGameSettings(context) }
    }

    // MARK: Name and looks (GAME-2)

    static func companionForm(_ view: GameView) -> FormData {
        let companion = view.profile.companion
        return FormData(pairs: [
            ("name", companion.name), ("species", companion.species.rawValue),
            ("color", companion.color.rawValue),
        ])
    }

    private func companionPage(
        _ context: WebRequestContext, view: GameView, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let content = GameCompanionPage(view: view, form: form, errors: errors, status: status, csrf: csrfField(context))
        return try await page(content.page, context)
    }

    private func saveCompanion(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        let form = context.web.form
        var errors = FormErrors()
        var patch = CompanionPatch(name: form["name"] ?? "")
        patch.species = Self.choice(form, "species", Companion.Species.self, errors: &errors)
        patch.color = Self.choice(form, "color", Companion.Color.self, errors: &errors)
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                let view = try await game.updateCompanion(identity, patch)
                let companion = view.profile.companion
                return WebResponse.done(
                    context, redirect: "/game",
                    toast: Flash(
                        message: "Saved: \(companion.name) is \(GameWords.kind(companion))."), forceRedirect: true)
            } catch let error as DoableError where Self.isGameRefusal(error) {
                if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
                errors = FormErrors(error, fields: ["name", "species", "color"])
                status = error.httpStatus
            }
        } else if context.web.wantsJSON, let (field, message) = errors.byField.first {
            return WebResponse.refusedJSON(.invalid(field, message))
        }
        let view = try await game.game(identity)
        return try await companionPage(context, view: view, form: form, errors: errors, status: status)
    }

    // MARK: Game settings (GAME-1 strict mode, GAME-4 days off)

    static func gameSettingsForm(_ view: GameView) -> FormData {
        var pairs: [(String, String)] = [("strict", view.profile.isStrict ? "1" : "")]
        pairs += view.profile.offWeekdays.sorted().map { ("offWeekdays", String($0)) }
        return FormData(pairs: pairs)
    }

    private func gameSettingsPage(
        _ context: WebRequestContext, view: GameView, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let time = MemberTime(preferences: context.identity?.account.preferences ?? Preferences(), now: shell.now())
        let content = GameSettingsPage(
            view: view, form: form, errors: errors, status: status, time: time, csrf: csrfField(context))
        return try await page(content.page, context)
    }

    private func saveGameSettings(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        let form = context.web.form
        let view = try await game.game(identity)
        var patch = GamePatch()
        var message = "Game settings saved."
        do {
            switch form["part"] {
            case "addDays":
                let days = try Self.offDayRange(form)
                patch.offDays = view.profile.offDays.union(days)
                message =
                    days.count == 1
                    ? "Day off added: \(GameWords.shortDate(days[0]))."
                    : "\(days.count) days off added."
            case "removeDay":
                guard let day = form.text("day").flatMap(CivilDate.init) else {
                    throw DoableError.invalid("offFrom", "That day off is not known.")
                }
                patch.offDays = view.profile.offDays.subtracting([day])
                message = "Day off removed: \(GameWords.shortDate(day))."
            default:
                patch.isStrict = form.isOn("strict")
                patch.offWeekdays = Set(form.all("offWeekdays").compactMap { Int($0) })
            }
            _ = try await game.updateGame(identity, patch)
            return WebResponse.done(context, redirect: "/game/settings", toast: Flash(message: message))
        } catch let error as DoableError where Self.isGameRefusal(error) {
            if context.web.wantsJSON {
                if case .invalid("offDays", let text) = error { return WebResponse.refusedJSON(.invalid("offFrom", text)) }
                return WebResponse.refusedJSON(error)
            }
            let errors = FormErrors(
                error, fields: ["offWeekdays", "offFrom", "offThrough"],
                rename: ["offDays": "offFrom"])
            // The other form shows what is stored; the refused one what was sent.
            var shown = Self.gameSettingsForm(view)
            if form["part"] == "addDays" {
                shown.set("offFrom", form["offFrom"])
                shown.set("offThrough", form["offThrough"])
            } else if form["part"] != "removeDay" {
                shown = form
            }
            return try await gameSettingsPage(
                context, view: view, form: shown, errors: errors,
                status: error.httpStatus)
        }
    }

    /// The days from `offFrom` through `offThrough` (or the one day), each checked.
    static func offDayRange(_ form: FormData) throws -> [CivilDate] {
        guard let fromText = form.text("offFrom") else {
            throw DoableError.invalid("offFrom", "Choose the first day off.")
        }
        guard let from = CivilDate(fromText) else {
            throw DoableError.invalid("offFrom", "Enter the day as a date, like 2026-12-24.")
        }
        guard let throughText = form.text("offThrough") else { return [from] }
        guard let through = CivilDate(throughText) else {
            throw DoableError.invalid("offThrough", "Enter the day as a date, like 2026-12-31.")
        }
        guard through >= from else {
            throw DoableError.invalid("offThrough", "The last day off cannot be before the first.")
        }
        let count = through.daysSinceEpoch - from.daysSinceEpoch + 1
        guard count <= 366 else { throw DoableError.invalid("offThrough", "At most 366 days off can be marked.") }
        return (0..<count).map { from.adding(days: $0) }
    }
}
