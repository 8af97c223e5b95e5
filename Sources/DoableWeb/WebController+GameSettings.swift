import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import DoableArt

/// GAME-2 and GAME-4 in the browser: the companion's name, species and colour (`/game/companion`), and the game's
/// settings (`/game/settings`): strict mode, weekdays and days off, and turning the game off. A refusal shows by
/// its field with what was typed kept.
extension WebController {
    func addGameSettingsRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("game/companion") { _, context in
            let identity = try member(context)
            let view = try await GameNav.view(of: identity, domain: domain)
            guard view.isEnabled else { return try await gameOffPage(context) }
            return try await companionPage(context, view: view, form: Self.companionForm(view), errors: FormErrors())
        }
        web.post("game/companion") { _, context in try await saveCompanion(context) }
        web.get("game/settings") { _, context in
            let identity = try member(context)
            let view = try await GameNav.view(of: identity, domain: domain)
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
        let stored = view.profile.companion
        let species = Companion.Species(rawValue: form["species"] ?? "") ?? stored.species
        let color = Companion.Color(rawValue: form["color"] ?? "") ?? stored.color
        let speciesChoices = Companion.Species.allCases.map { choice in
            (choice.rawValue, GameWords.species(choice), Companion(name: stored.name, species: choice, color: color))
        }
        let colorChoices = Companion.Color.allCases.map { choice in
            (choice.rawValue, GameWords.color(choice), Companion(name: stored.name, species: species, color: choice))
        }
        let main: HTML = """
            <h1>\(stored.name)'s name and looks</h1>
            \(GameParts.navigation(current: "companion"))
            \(errors.summary)
            <form method="post" action="/game/companion" class="settings-form game-looks" novalidate>
            \(csrfField(context))
            \(Field.input("name", label: "Name", value: form["name"], hint: "1 to 30 characters.", required: true,
                      errors: errors, extra: " autocomplete=\"off\""))
            \(Self.lookChoices("species", legend: "Species", choices: speciesChoices, selected: species.rawValue, errors: errors))
            \(Self.lookChoices("color", legend: "Colour", choices: colorChoices, selected: color.rawValue, errors: errors))
            <div class="form-actions"><button type="submit" class="button primary">Save</button> \
            <a class="button" href="/game">Cancel</a></div>
            </form>
            """
        return try await page(GameParts.page("Name and looks", main, status: status), context)
    }

    /// A radio group whose every choice shows a small drawing beside its name.
    private static func lookChoices(
        _ name: String, legend: String, choices: [(String, String, Companion)],
        selected: String, errors: FormErrors
    ) -> HTML {
        let error = errors.byField[name]
        let radios = choices.html { value, title, companion in
            let drawing = CompanionArt.svg(
                companion: companion, mood: .happy, level: 1, worn: [], petted: false,
                title: title)
            return """
                <label class="radio look-choice"><input type="radio" name="\(name)" value="\(value)"\
                \(attribute: "checked", if: value == selected)> <span class="look-preview companion" aria-hidden="true">\
                \(HTML(unsafeMarkup: drawing))</span> \(title)</label>
                """
        }
        return """
            <fieldset class="field look-choices\(error != nil ? " has-error" : "")"\(error != nil ? HTML(" aria-describedby=\"f-\(name)-error\"") : "")>\
            <legend>\(legend)</legend>
            \(radios)
            \(error.map { HTML("<p class=\"field-error\" id=\"f-\(name)-error\">\($0)</p>") })
            </fieldset>
            """
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
                let view = try await domain.game.updateCompanion(identity, patch)
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
        let view = try await GameNav.view(of: identity, domain: domain)
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
        let csrf = csrfField(context)
        let time = MemberTime(preferences: context.identity?.account.preferences ?? Preferences(), now: domain.now())
        let start =
            switch time.calendar.weekStart {
            case .monday: 0
            case .saturday: 5
            case .sunday: 6
            }
        let chosen = Set(form.all("offWeekdays"))
        let weekdays = (0..<7).map { (start + $0) % 7 }.html { day in
            """
            <label class="chip-check"><input type="checkbox" name="offWeekdays" value="\(day)"\
            \(attribute: "checked", if: chosen.contains(String(day)))> \(MemberTime.weekdayNames[day])</label>
            """
        }
        let weekdayError = errors.byField["offWeekdays"]
        let upcoming = view.profile.offDays.filter { $0 >= view.today.day }.sorted()
        let dayList: HTML =
            upcoming.isEmpty
            ? "<p class=\"empty-day\">No days off marked.</p>"
            : """
            <ul class="off-days" aria-labelledby="days-off-heading">\(upcoming.html { day in
                """
                <li class="off-day"><span>\(time.longWords(day))</span>
                <form method="post" action="/game/settings" class="inline-form" data-inplace>\(csrf)\
                <input type="hidden" name="part" value="removeDay"><input type="hidden" name="day" value="\(day.description)">\
                <button type="submit" class="button">Remove<span class="visually-hidden"> \(time.longWords(day))</span></button></form></li>
                """
            })</ul>
            """
        let main: HTML = """
            <h1>Game settings</h1>
            \(GameParts.navigation(current: "settings"))
            \(errors.summary)
            <form method="post" action="/game/settings" class="settings-form" id="game-rules" novalidate>
            \(csrf)<input type="hidden" name="part" value="rules">
            <h2>Rewards</h2>
            <div class="field checkbox-field"><label><input type="checkbox" name="strict" value="1" \
            aria-describedby="strict-hint"\(attribute: "checked", if: form.isOn("strict"))> Strict mode</label>
            <p class="hint" id="strict-hint">In strict mode a task done after its deadline earns nothing. Without it (the \
            kind default) a late task still earns \(view.rules.latePercent)% of the base points.</p></div>
            <h2>Weekdays off</h2>
            <fieldset class="field weekday-choices\(weekdayError != nil ? " has-error" : "")" \
            aria-describedby="weekdays-hint\(weekdayError != nil ? " f-offWeekdays-error" : "")">\
            <legend>Days of the week that do not count for the streak</legend>
            <p class="hint" id="weekdays-hint">A day off neither breaks nor extends your streak.</p>
            \(weekdays)
            \(weekdayError.map { HTML("<p class=\"field-error\" id=\"f-offWeekdays-error\">\($0)</p>") })
            </fieldset>
            <button type="submit" class="button primary">Save settings</button>
            </form>
            <section class="game-days-off" aria-labelledby="days-off-heading">
            <h2 id="days-off-heading">Days off</h2>
            <p>A holiday or a sick day: mark it and it neither breaks nor extends your streak. Days can be marked from \
            today on, up to a year ahead; leave the last day empty to mark a single one.</p>
            \(dayList)
            <form method="post" action="/game/settings" class="settings-form" id="game-days-off" data-inplace novalidate>
            \(csrf)<input type="hidden" name="part" value="addDays">
            <div class="field-row">
            \(Field.input("offFrom", label: "First day off", value: form["offFrom"], type: "date", required: true, errors: errors))
            \(Field.input("offThrough", label: "Last day off", value: form["offThrough"], type: "date", errors: errors))
            </div>
            <button type="submit" class="button">Add days off</button>
            </form>
            </section>
            <section class="danger-zone game-turn-off" aria-labelledby="turn-off-heading">
            <h2 id="turn-off-heading">Turn the game off</h2>
            <p>Your companion, points, items, badges and streak are kept, and come back as they were when you turn it on \
            again. While it is off, completed tasks earn nothing and the days neither break nor extend your streak.</p>
            <form method="post" action="/game/disable">\(csrf)<button type="submit" class="button">Turn the game off</button></form>
            </section>
            """
        return try await page(GameParts.page("Game settings", main, status: status), context)
    }

    private func saveGameSettings(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        guard identity.account.preferences.gameOptIn else { return WebResponse.redirect("/game") }
        let form = context.web.form
        let view = try await GameNav.view(of: identity, domain: domain)
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
            _ = try await domain.game.updateGame(identity, patch)
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
