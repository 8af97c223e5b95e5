import DoableAPI
import DoableCore

/// Reads a mutation's `args` the way the server does: a field is absent, JSON `null` (cleared), or a value. A
/// value of the wrong shape counts as absent.
struct MutationArgs {
    let values: [String: JSONValue]

    init(_ values: [String: JSONValue]) { self.values = values }

    func has(_ key: String) -> Bool { values[key] != nil }

    func string(_ key: String) -> String? { values[key]?.stringValue }

    func id<Entity>(_ key: String = "id") -> EntityID<Entity>? { string(key).flatMap(EntityID<Entity>.init) }

    func object(_ key: String) -> MutationArgs? { values[key]?.objectValue.map(MutationArgs.init) }

    /// nil when absent (or unreadable), `.some(nil)` when null, else the parsed value.
    func nullable<T>(_ key: String, _ parse: (JSONValue) -> T?) -> T?? {
        guard let value = values[key] else { return nil }
        if value.isNull { return .some(nil) }
        guard let parsed = parse(value) else { return nil }
        return .some(parsed)
    }

    /// The value when present and not null.
    func value<T>(_ key: String, _ parse: (JSONValue) -> T?) -> T? {
        values[key].flatMap(parse)
    }

    /// Sets `target` from `key` when it holds a value (null is ignored: the field cannot be empty).
    func assign<T>(_ key: String, _ parse: (JSONValue) -> T?, to target: inout T) {
        if let value = value(key, parse) { target = value }
    }

    /// Sets or clears `target` from `key` when it is present.
    func assign<T>(_ key: String, _ parse: (JSONValue) -> T?, to target: inout T?) {
        if let value = nullable(key, parse) { target = value }
    }
}

/// Parsers for the value shapes mutations carry.
enum Parse {
    static func text(_ value: JSONValue) -> String? { value.stringValue }
    static func bool(_ value: JSONValue) -> Bool? { value.boolValue }
    static func int(_ value: JSONValue) -> Int? { value.intValue.flatMap { Int(exactly: $0) } }

    static func textCodable<T: TextCodable>(_ type: T.Type) -> (JSONValue) -> T? {
        { $0.stringValue.flatMap(T.init) }
    }

    static func moment(_ value: JSONValue) -> Timestamp? { value.stringValue.flatMap { Timestamp(rfc3339: $0) } }

    static func raw<T: RawRepresentable<String>>(_ type: T.Type) -> (JSONValue) -> T? {
        { $0.stringValue.flatMap(T.init(rawValue:)) }
    }

    static func ids<Entity>(_ value: JSONValue) -> [EntityID<Entity>]? {
        guard let items = value.arrayValue else { return nil }
        let ids = items.compactMap { $0.stringValue.flatMap(EntityID<Entity>.init) }
        return ids.count == items.count ? ids : nil
    }
}
