public import DoableCore

/// Reads the fields of a JSON request object strictly: unknown fields, wrong types and missing required fields
/// are refused with a 400 that names the field. "Absent" and "null" stay distinct so PATCH can clear a field.
public struct JSONObjectReader {
    public let fields: [String: ParsedJSON]
    public let path: String

    public init(_ value: ParsedJSON, allowed: Set<String>, path: String = "") throws {
        guard case .object(let fields) = value else {
            throw DoableError.invalid(
                field: path.isEmpty ? nil : path,
                message: "The request body must be a JSON object.")
        }
        self.fields = fields
        self.path = path
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw DoableError.invalid(field: name(unknown), message: "Unknown field '\(name(unknown))'.")
        }
    }

    public func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    public func has(_ key: String) -> Bool { fields[key] != nil }

    public func isNull(_ key: String) -> Bool { fields[key] == .null }

    public func typeError(_ key: String, _ expected: String) -> DoableError {
        .invalid(name(key), "'\(name(key))' must be \(expected), not \(fields[key]?.typeName ?? "missing").")
    }

    public func required<T>(_ key: String, _ read: (String) throws -> T?) throws -> T {
        guard let value = try read(key) else { throw DoableError.invalid(name(key), "'\(name(key))' is required.") }
        return value
    }

    public func string(_ key: String) throws -> String? {
        switch fields[key] {
        case nil: return nil
        case .string(let value)?:
            guard !value.unicodeScalars.contains("\u{0}") else {
                throw DoableError.invalid(name(key), "'\(name(key))' must not contain NUL characters.")
            }
            return value
        default: throw typeError(key, "a string")
        }
    }

    /// Absent → nil; null → .some(nil); a string → .some(value).
    public func nullableString(_ key: String) throws -> String?? {
        if isNull(key) { return .some(nil) }
        return try string(key).map { .some($0) }
    }

    public func bool(_ key: String) throws -> Bool? {
        switch fields[key] {
        case nil: return nil
        case .bool(let value)?: return value
        default: throw typeError(key, "true or false")
        }
    }

    public func integer(_ key: String) throws -> Int? {
        switch fields[key] {
        case nil: return nil
        case .number(let value)?:
            guard value.rounded() == value, abs(value) < 1e15 else { throw typeError(key, "a whole number") }
            return Int(value)
        case .longNumber?: throw typeError(key, "a whole number")
        default: throw typeError(key, "a whole number")
        }
    }

    public func nullableInteger(_ key: String) throws -> Int?? {
        if isNull(key) { return .some(nil) }
        return try integer(key).map { .some($0) }
    }

    public func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws -> E?
    where E.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = E(rawValue: text) else {
            let choices = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw DoableError.invalid(name(key), "'\(name(key))' must be one of: \(choices).")
        }
        return value
    }

    public func nullableEnumeration<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws -> E??
    where E.RawValue == String {
        if isNull(key) { return .some(nil) }
        return try enumeration(key, type).map { .some($0) }
    }

    public func id<T>(_ key: String, _ type: EntityID<T>.Type) throws -> EntityID<T>? {
        guard let text = try string(key) else { return nil }
        guard let id = EntityID<T>(text) else { throw DoableError.invalid(name(key), "'\(name(key))' must be a UUID.") }
        return id
    }

    public func nullableID<T>(_ key: String, _ type: EntityID<T>.Type) throws -> EntityID<T>?? {
        if isNull(key) { return .some(nil) }
        return try id(key, type).map { .some($0) }
    }

    public func strings(_ key: String) throws -> [String]? {
        switch fields[key] {
        case nil: return nil
        case .array(let items)?:
            guard items.count <= 100 else { throw DoableError.invalid(name(key), "'\(name(key))' has too many items.") }
            return try items.map { item in
                guard case .string(let text) = item else {
                    throw DoableError.invalid(name(key), "'\(name(key))' must be a list of strings.")
                }
                return text
            }
        default: throw typeError(key, "an array")
        }
    }

    public func ids<T>(_ key: String, _ type: EntityID<T>.Type) throws -> [EntityID<T>]? {
        switch fields[key] {
        case nil: return nil
        case .array(let items)?:
            return try items.map { item in
                guard case .string(let text) = item, let id = EntityID<T>(text) else {
                    throw DoableError.invalid(name(key), "'\(name(key))' must be a list of UUIDs.")
                }
                return id
            }
        default: throw typeError(key, "an array")
        }
    }

    public func nullableTaskDate(_ key: String) throws -> TaskDate?? {
        if isNull(key) { return .some(nil) }
        guard let text = try string(key) else { return nil }
        guard let date = TaskDate(text) else {
            throw DoableError.invalid(name(key), "'\(name(key))' must be a date (YYYY-MM-DD) or an RFC 3339 date-time.")
        }
        return .some(date)
    }

    public func nullableCivilDate(_ key: String) throws -> CivilDate?? {
        if isNull(key) { return .some(nil) }
        guard let text = try string(key) else { return nil }
        guard let date = CivilDate(text) else {
            throw DoableError.invalid(name(key), "'\(name(key))' must be a date in the form YYYY-MM-DD.")
        }
        return .some(date)
    }

    public func nullableTimestamp(_ key: String) throws -> Timestamp?? {
        if isNull(key) { return .some(nil) }
        guard let text = try string(key) else { return nil }
        guard let moment = Timestamp(rfc3339: text) else {
            throw DoableError.invalid(name(key), "'\(name(key))' must be an RFC 3339 date-time.")
        }
        return .some(moment)
    }

    public func object(_ key: String, allowed: Set<String>) throws -> JSONObjectReader? {
        guard let value = fields[key] else { return nil }
        guard case .object = value else { throw typeError(key, "an object") }
        return try JSONObjectReader(value, allowed: allowed, path: name(key))
    }
}
