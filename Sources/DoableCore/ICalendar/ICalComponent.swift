import Foundation

/// One parameter of a content line (`TZID=Europe/Berlin`, `RELTYPE=PARENT`); values unquoted, in order.
public struct ICalParameter: Sendable, Equatable {
    public var name: String
    public var values: [String]
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// One property (content line) of a component. `value` is the text after the colon as written (still escaped);
/// `raw` is the exact text the line was read from, folding included and without its final CRLF, so that a
/// property Doable does not model is written back byte for byte.
public struct ICalProperty: Sendable, Equatable {
    public var name: String
    public var parameters: [ICalParameter]
    public var value: String
    public var raw: String?

    public init(name: String, parameters: [ICalParameter] = [], value: String, raw: String? = nil) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.raw = raw
    }

    /// The first value of the named parameter (names compare case-insensitively).
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.values.first
    }
}

/// A component (`VCALENDAR`, `VTODO`, `VALARM`, `VTIMEZONE`, …) with its properties and subcomponents in order.
public struct ICalComponent: Sendable, Equatable {
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]

    public init(name: String, properties: [ICalProperty] = [], components: [ICalComponent] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    public func properties(named name: String) -> [ICalProperty] {
        properties.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    public func property(_ name: String) -> ICalProperty? {
        properties.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    public func components(named name: String) -> [ICalComponent] {
        components.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
