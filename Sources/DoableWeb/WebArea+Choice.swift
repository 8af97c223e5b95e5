import DoableCore

extension WebArea {
    /// A choice among an enumeration's values; a value not among them is recorded against its field.
    static func choice<Value: RawRepresentable<String>>(
        _ form: FormData, _ name: String, _ type: Value.Type, errors: inout FormErrors
    ) -> Value? {
        guard let text = form.text(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            errors.byField[name] = "Choose one of the listed options."
            return nil
        }
        return value
    }
}
