import HTTPTypes
import Foundation
import DoableCore

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
        case .forbidden(let message, let field):
            place(message, field: field, fields: fields, rename: rename)
        case .notFound(let field, let message):
            place(message, field: field, fields: fields, rename: rename)
        case .unauthenticated(let message), .rateLimited(_, let message):
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
        required: Bool = false, errors: FormErrors = FormErrors(), extra: HTML = ""
    ) -> HTML {
        let id = "f-\(name)"
        let error = errors.byField[name]
        let describedBy = [hint != nil ? "\(id)-hint" : nil, error != nil ? "\(id)-error" : nil].compactMap { $0 }
        return """
        <div class="field\(error != nil ? " has-error" : "")">
        <label for="\(id)">\(label)\(required ? "" : HTML(" <span class=\"optional\">(optional)</span>"))</label>
        \(hint.map { HTML("<p class=\"hint\" id=\"\(id)-hint\">\($0)</p>") })
        <input id="\(id)" name="\(name)" type="\(type)" value="\(value ?? "")"\(attribute: "required", if: required)\(describedBy.isEmpty ? "" : HTML(" aria-describedby=\"\(describedBy.joined(separator: " "))\""))\(error != nil ? HTML(" aria-invalid=\"true\"") : "")\(extra)>
        \(error.map { HTML("<p class=\"field-error\" id=\"\(id)-error\">\($0)</p>") })
        </div>
        """
    }

    static func textarea(
        _ name: String, label: String, value: String?, hint: String? = nil, errors: FormErrors = FormErrors(),
        rows: Int = 5
    ) -> HTML {
        let id = "f-\(name)"
        let error = errors.byField[name]
        let describedBy = [hint != nil ? "\(id)-hint" : nil, error != nil ? "\(id)-error" : nil].compactMap { $0 }
        return """
        <div class="field\(error != nil ? " has-error" : "")">
        <label for="\(id)">\(label) <span class="optional">(optional)</span></label>
        \(hint.map { HTML("<p class=\"hint\" id=\"\(id)-hint\">\($0)</p>") })
        <textarea id="\(id)" name="\(name)" rows="\(rows)"\(describedBy.isEmpty ? "" : HTML(" aria-describedby=\"\(describedBy.joined(separator: " "))\""))\(error != nil ? HTML(" aria-invalid=\"true\"") : "")>\(value ?? "")</textarea>
        \(error.map { HTML("<p class=\"field-error\" id=\"\(id)-error\">\($0)</p>") })
        </div>
        """
    }

    /// A select; `options` are (value, title) pairs.
    static func select(
        _ name: String, label: String, options: [(String, String)], selected: String?, hint: String? = nil,
        required: Bool = true, errors: FormErrors = FormErrors(), id: String? = nil
    ) -> HTML {
        let id = id ?? "f-\(name)"
        let error = errors.byField[name]
        let describedBy = [hint != nil ? "\(id)-hint" : nil, error != nil ? "\(id)-error" : nil].compactMap { $0 }
        let choices = options.html { value, title in
            "<option value=\"\(value)\"\(attribute: "selected", if: value == (selected ?? ""))>\(title)</option>"
        }
        return """
        <div class="field\(error != nil ? " has-error" : "")">
        <label for="\(id)">\(label)\(required ? "" : HTML(" <span class=\"optional\">(optional)</span>"))</label>
        \(hint.map { HTML("<p class=\"hint\" id=\"\(id)-hint\">\($0)</p>") })
        <select id="\(id)" name="\(name)"\(describedBy.isEmpty ? "" : HTML(" aria-describedby=\"\(describedBy.joined(separator: " "))\""))\(error != nil ? HTML(" aria-invalid=\"true\"") : "")>\(choices)</select>
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
