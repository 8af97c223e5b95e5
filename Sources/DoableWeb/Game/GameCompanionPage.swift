import DoableArt
import DoableCore
import DoableDomain
import HTTPTypes

/// GAME-2: the companion's name and looks (`/game/companion`): its name, and its species and colour as radio groups
/// whose every choice shows a small drawing. A refused form shows again with what was sent.
struct GameCompanionPage {
    var view: GameView
    var form: FormData
    var errors: FormErrors
    var status: HTTPResponse.Status = .ok
    var csrf: HTML

    var page: WebPage {
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
            \(csrf)
            \(Field.input("name", label: "Name", value: form["name"], hint: "1 to 30 characters.", required: true,
                      errors: errors, extra: " autocomplete=\"off\""))
            \(Self.lookChoices("species", legend: "Species", choices: speciesChoices, selected: species.rawValue, errors: errors))
            \(Self.lookChoices("color", legend: "Colour", choices: colorChoices, selected: color.rawValue, errors: errors))
            <div class="form-actions"><button type="submit" class="button primary">Save</button> \
            <a class="button" href="/game">Cancel</a></div>
            </form>
            """
        return GameParts.page("Name and looks", main, status: status)
    }

    /// A radio group whose every choice shows a small drawing beside its name.
    static func lookChoices(
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
}
