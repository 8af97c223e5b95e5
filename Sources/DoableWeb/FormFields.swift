import HTTPTypes
import Foundation
import DoableCore
import DoableArt

/// What a refused form says: one message per field, shown next to it, and one for the form as a whole.
struct FormErrors: Sendable {
    var byField: [String: String] = [:]
    var general: String?

    init() {}

    /// A domain refusal: by its field when it names one the form shows, else for the whole form.
    init(_ error: DoableError, fields: Set<String>, rename: [String: String] = [:]) {
        switch error {
        case .invalid(let field, let message):
            place(message, field: field, fields: fields, rename: rename)
        case .conflict(_, let field, let message):
            place(message, field: field, fields: fields, rename: rename)
        case .forbidden(let message, let field), .refused(_, let field, let message):
            place(message, field: field, fields: fields, rename: rename)
        case .notFound(let field, let message):
            place(message, field: field, fields: fields, rename: rename)
        case .unauthenticated(let message), .rateLimited(_, let message), .challenge(_, let message):
            general = message
        }
    }

    private mutating func place(_ message: String, field: String?, fields: Set<String>, rename: [String: String]) {
        let name = field.map { rename[$0] ?? $0 }
        if let name, fields.contains(name) { byField[name] = message } else { general = message }
    }

    var isEmpty: Bool { byField.isEmpty && general == nil }

    /// The summary at the top of a refused form, announced to screen readers.
    var summary: HTML {
        guard !isEmpty else { return "" }
        let message = general ?? "Please correct the fields marked below."
        return "<p class=\"form-error\" role=\"alert\">\(message)</p>"
    }
}

/// Labelled form controls: the label above, the rule as a hint, the error next to the field.
enum Field {
    static func input(
        _ name: String, label: String, value: String?, type: String = "text", hint: String? = nil,
        required: Bool = false, errors: FormErrors = FormErrors(), extra: HTML = "", marksOptional: Bool = true
    ) -> HTML {
        let isOptional = !required && marksOptional
        return field(id: "f-\(name)", label: label, isOptional: isOptional, hint: hint, error: errors.byField[name]) { aria in
            "<input id=\"f-\(name)\" name=\"\(name)\" type=\"\(type)\" value=\"\(value ?? "")\"\(attribute: "required", if: required)\(aria)\(extra)>"
        }
    }

    static func textarea(
        _ name: String, label: String, value: String?, hint: String? = nil, errors: FormErrors = FormErrors(),
        rows: Int = 5
    ) -> HTML {
        field(id: "f-\(name)", label: label, isOptional: true, hint: hint, error: errors.byField[name]) { aria in
            "<textarea id=\"f-\(name)\" name=\"\(name)\" rows=\"\(rows)\"\(aria)>\(value ?? "")</textarea>"
        }
    }

    /// A select; `options` are (value, title) pairs.
    static func select(
        _ name: String, label: String, options: [(String, String)], selected: String?, hint: String? = nil,
        required: Bool = true, errors: FormErrors = FormErrors(), id: String? = nil
    ) -> HTML {
        let id = id ?? "f-\(name)"
        let choices = options.html { value, title in
            "<option value=\"\(value)\"\(attribute: "selected", if: value == (selected ?? ""))>\(title)</option>"
        }
        return field(id: id, label: label, isOptional: !required, hint: hint, error: errors.byField[name]) { aria in
            "<select id=\"\(id)\" name=\"\(name)\"\(aria)>\(choices)</select>"
        }
    }

    /// The wrapper every control shares; `control` gets the attributes that tie it to its hint and error.
    private static func field(
        id: String, label: String, isOptional: Bool, hint: String?, error: String?, control: (HTML) -> HTML
    ) -> HTML {
        let describedBy = [hint != nil ? "\(id)-hint" : nil, error != nil ? "\(id)-error" : nil].compactMap { $0 }
        var aria = HTML.empty
        if !describedBy.isEmpty { aria += " aria-describedby=\"\(describedBy.joined(separator: " "))\"" }
        if error != nil { aria += " aria-invalid=\"true\"" }
        return """
            <div class="field\(error != nil ? " has-error" : "")">
            <label for="\(id)">\(label)\(isOptional ? HTML(" <span class=\"optional\">(optional)</span>") : "")</label>
            \(hint.map { HTML("<p class=\"hint\" id=\"\(id)-hint\">\($0)</p>") })
            \(control(aria))
            \(error.map { HTML("<p class=\"field-error\" id=\"\(id)-error\">\($0)</p>") })
            </div>
            """
    }

    static func checkbox(_ name: String, label: String, isOn: Bool, value: String = "1") -> HTML {
        """
        <div class="field checkbox-field"><label><input type="checkbox" name="\(name)" value="\(value)"\(attribute: "checked", if: isOn)> \(label)</label></div>
        """
    }
}
