import DoableArt
import DoableCore
import DoableDomain
import HTTPTypes

/// GAME-1 and GAME-4: the game's settings (`/game/settings`): strict mode and weekdays off, the days off (each with
/// its own remove button, and a form that adds a day or a range), and turning the game off.
struct GameSettingsPage {
    var view: GameView
    var form: FormData
    var errors: FormErrors
    var status: HTTPResponse.Status = .ok
    /// The member's clock and calendar (the week's first day orders the weekdays).
    var time: MemberTime
    var csrf: HTML

    var page: WebPage {
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
        return GameParts.page("Game settings", main, status: status)
    }
}
