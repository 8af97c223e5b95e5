/// One parameter of a content line (`TZID=Europe/Berlin`, `RELTYPE=PARENT`); values unquoted, in order.
public struct ICalParameter: Sendable, Equatable {
    /// Upper-cased (names are case-insensitive), so that lookups compare with `==`.
    public var name: String { didSet { name = ICalName.upperCased(name) } }
    public var values: [String]
    public init(name: String, values: [String]) {
        self.name = ICalName.upperCased(name)
        self.values = values
    }
}

/// One property (content line) of a component. `value` is the text after the colon as written (still escaped);
/// `raw` is the exact text the line was read from, folding included and without its final CRLF, so that a
/// property Doable does not model is written back byte for byte.
public struct ICalProperty: Sendable, Equatable {
    /// Upper-cased, as every name here.
    public var name: String { didSet { name = ICalName.upperCased(name) } }
    public var parameters: [ICalParameter]
    public var value: String
    public var raw: String?

    public init(name: String, parameters: [ICalParameter] = [], value: String, raw: String? = nil) {
        self.name = ICalName.upperCased(name)
        self.parameters = parameters
        self.value = value
        self.raw = raw
    }

    /// The first value of the named parameter (names compare case-insensitively).
    public func parameter(_ name: String) -> String? {
        let key = ICalName.upperCased(name)
        return parameters.first { $0.name == key }?.values.first
    }
}

/// A component (`VCALENDAR`, `VTODO`, `VALARM`, `VTIMEZONE`, …) with its properties and subcomponents in order.
public struct ICalComponent: Sendable, Equatable {
    /// Upper-cased, as every name here.
    public var name: String { didSet { name = ICalName.upperCased(name) } }
    public var properties: [ICalProperty]
    public var components: [ICalComponent]

    public init(name: String, properties: [ICalProperty] = [], components: [ICalComponent] = []) {
        self.name = ICalName.upperCased(name)
        self.properties = properties
        self.components = components
    }

    // Names are stored upper-cased, so the key is upper-cased once and each name compared with `==` (Foundation's
    // caseInsensitiveCompare per element was a quarter of a calendar-query's time).

    public func properties(named name: String) -> [ICalProperty] {
        let key = ICalName.upperCased(name)
        return properties.filter { $0.name == key }
    }

    public func property(_ name: String) -> ICalProperty? {
        let key = ICalName.upperCased(name)
        return properties.first { $0.name == key }
    }

    public func components(named name: String) -> [ICalComponent] {
        let key = ICalName.upperCased(name)
        return components.filter { $0.name == key }
    }
}
