import DoableCore
import Foundation
import DoableArt

/// Colour swatches and the colour chooser of the list form, the label forms and the accent preference.
/// The Content-Security-Policy forbids `style` attributes, so a swatch is a `.swatch` element with a class whose
/// rule (put in the page's nonce'd style block) sets `--swatch`; the stylesheet paints `.swatch` with it.
enum Swatch {
    /// The class naming a colour: `sw-red` for a palette name, `sw-x1A2B3C` for `#1A2B3C`.
    static func cls(_ color: String) -> String {
        if ListColor.palette[color] != nil { return "sw-\(color)" }
        return "sw-x" + ListColor.hex(color).dropFirst()
    }

    /// The style rules for these colours' classes (only `#RRGGBB` ever reaches the style block).
    static func rules(_ colors: some Sequence<String>) -> [String] {
        var seen = Set<String>()
        return colors.compactMap { color in
            let name = cls(color)
            guard seen.insert(name).inserted else { return nil }
            return ".\(name){--swatch:\(ListColor.hex(color))}"
        }
    }

    /// A decorative swatch: the colour's name is always written next to it.
    static func mark(_ color: String) -> HTML {
        "<span class=\"swatch \(cls(color))\" aria-hidden=\"true\"></span>"
    }

    /// A colour as words: a palette name as is, a custom one as its code.
    static func name(_ color: String) -> String {
        ListColor.palette[color] != nil ? color.prefix(1).uppercased() + color.dropFirst() : color.uppercased()
    }
}

/// A fieldset of colour radios, each a visible swatch with its name, and a "Custom" radio with its own field.
/// `choices` are (value, name) pairs; the custom field counts only when "Custom" is chosen.
struct ColorChooser {
    var name: String
    var legend: String
    var choices: [(value: String, title: String)]
    /// The posted or stored radio value (`custom` for the custom field).
    var selected: String
    var customName: String
    var customValue: String
    /// `text` (with a `#RRGGBB` hint) or `color` (the browser's picker).
    var customType = "text"
    var error: String?

    /// The radio to check for a stored colour: its palette entry when there is one, else Custom.
    static func selection(for color: String, among values: [String]) -> (selected: String, custom: String) {
        let hex = ListColor.hex(color).uppercased()
        if let match = values.first(where: { ListColor.hex($0).uppercased() == hex }) { return (match, "") }
        return ("custom", hex)
    }

    /// The colour the form asks for: the chosen radio's value, or the custom field when Custom is chosen.
    static func chosen(_ form: FormData, name: String, customName: String) -> String? {
        let choice = form.text(name)
        if choice == "custom" || choice == nil { return form.text(customName) }
        return choice
    }

    var styles: [String] { Swatch.rules(choices.map(\.value) + (customIsColor ? [customValue] : [])) }

    /// Whether the custom field holds a colour to show a swatch of (not while it holds a typing mistake).
    private var customIsColor: Bool { (try? Rules.color(customValue)) != nil }

    var html: HTML {
        let errorID = "f-\(name)-error"
        let radios = choices.html { choice in
            """
            <label class="swatch-choice"><input type="radio" name="\(name)" value="\(choice.value)"\
            \(attribute: "checked", if: choice.value == selected)>\(Swatch.mark(choice.value)) \(choice.title)</label>
            """
        }
        let customID = "f-\(customName)"
        let preview: HTML = customIsColor ? Swatch.mark(customValue) : ""
        let isText = customType == "text"
        let textOnly: HTML = isText ? " placeholder=\"#RRGGBB\" maxlength=\"7\" pattern=\"#[0-9A-Fa-f]{6}\"" : ""
        let describedBy: HTML = error != nil ? " aria-describedby=\"\(errorID)\"" : ""
        let invalid: HTML = error != nil && selected == "custom" ? " aria-invalid=\"true\"" : ""
        let custom: HTML = """
            <label class="swatch-choice"><input type="radio" name="\(name)" value="custom"\
            \(attribute: "checked", if: selected == "custom")>\(preview) Custom</label>
            <label for="\(customID)" class="custom-color-label">Custom colour</label>
            <input id="\(customID)" name="\(customName)" type="\(customType)" value="\(customValue)"\(textOnly)\(invalid) \
            aria-describedby="\(customID)-hint\(error != nil ? " \(errorID)" : "")">
            <p class="hint" id="\(customID)-hint">Used when Custom is chosen\(isText ? ", as #RRGGBB" : "").</p>
            """
        return """
            <fieldset class="field color-chooser\(error != nil ? " has-error" : "")"\(describedBy)>
            <legend>\(legend)</legend>
            <div class="swatches">\(radios)</div>
            \(custom)
            \(error.map { HTML("<p class=\"field-error\" id=\"\(errorID)\">\($0)</p>") })
            </fieldset>
            """
    }
}
