/// An XML name with its namespace: `{DAV:}getetag`. WebDAV names properties and elements this way, whatever prefix a
/// client happened to bind to the namespace.
struct QName: Hashable, Sendable, CustomStringConvertible {
    var namespace: String
    var local: String

    init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    var description: String { "{\(namespace)}\(local)" }

    static func dav(_ local: String) -> QName { QName(DAVNamespace.dav, local) }
    static func caldav(_ local: String) -> QName { QName(DAVNamespace.caldav, local) }
    static func calendarServer(_ local: String) -> QName { QName(DAVNamespace.calendarServer, local) }
    static func apple(_ local: String) -> QName { QName(DAVNamespace.apple, local) }
}

/// The namespaces Doable's responses use, with the prefixes they are written with.
enum DAVNamespace {
    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"
    static let apple = "http://apple.com/ns/ical/"

    /// Declared once on every response's root element.
    static let prefixes: [(prefix: String, namespace: String)] = [
        ("D", dav), ("C", caldav), ("CS", calendarServer), ("A", apple),
    ]

    static func prefix(of namespace: String) -> String? {
        switch namespace {
        case dav: "D"
        case caldav: "C"
        case calendarServer: "CS"
        case apple: "A"
        default: nil
        }
    }

    /// `xmlns:D="DAV:" …`, for the root element.
    static let declarations = prefixes.map { " xmlns:\($0.prefix)=\"\($0.namespace)\"" }.joined()
}
