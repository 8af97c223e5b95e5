import DoableArt
import DoableCore

/// What every game page shows while the game is off: what it is, and the button that turns it on.
struct GameOffPage {
    var csrf: HTML
    /// A refused naming, shown again with what was typed.
    var form = FormData()
    var errors = FormErrors()

    /// The species to pick from, each drawn in the default colour.
    private var speciesChoices: HTML {
        let choices = Companion.Species.allCases.map { choice in
            (choice.rawValue, GameWords.species(choice), Companion(name: "", species: choice, color: Companion.default.color))
        }
        return GameCompanionPage.lookChoices(
            "species", legend: "It is a", choices: choices,
            selected: form["species"] ?? Companion.default.species.rawValue, errors: errors)
    }

    var page: WebPage {
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
            <h2 id="game-name-heading">Meet your companion</h2>
            <form method="post" action="/game/enable" class="settings-form game-start" aria-labelledby="game-name-heading" novalidate>\(csrf)
            \(errors.summary)
            \(Field.input("name", label: "Its name", value: form["name"], hint: "1 to 30 characters: you can change it later.", required: true, errors: errors, extra: " maxlength=\"30\" autocomplete=\"off\""))
            \(speciesChoices)
            <button type="submit" class="button primary">Turn the game on</button></form>
            <p class="hint">You can also turn it on or off in <a href="/settings/preferences">Preferences</a>.</p>
            </section>
            """
        return GameParts.page("Companion game", main)
    }
}
