import DoableArt

/// Radio buttons in a fieldset, its legend naming the choice; an error is announced with the group.
enum RadioGroup {
    static func html(
        _ name: String, legend: String, options: [(String, String)], selected: String?,
        errors: FormErrors
    ) -> HTML {
        let error = errors.byField[name]
        let radios = options.html { value, title in
            """
            <label class="radio"><input type="radio" name="\(name)" value="\(value)"\
            \(attribute: "checked", if: value == selected)> \(title)</label>
            """
        }
        let describedBy: HTML = error != nil ? " aria-describedby=\"f-\(name)-error\"" : ""
        return """
            <fieldset class="field radio-group\(error != nil ? " has-error" : "")"\(describedBy)><legend>\(legend)</legend>
            \(radios)
            \(error.map { HTML("<p class=\"field-error\" id=\"f-\(name)-error\">\($0)</p>") })
            </fieldset>
            """
    }
}
