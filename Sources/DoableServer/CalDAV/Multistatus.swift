import Hummingbird
import NIOCore

/// One `D:response` of a 207 Multi-Status (RFC 4918 §14.24): either properties grouped by status (`propstat`), or a
/// bare status for the whole resource (a deleted member in a sync report, a missing href in a multiget).
struct DAVResponseEntry: Sendable {
    struct Propstat: Sendable {
        var status: HTTPResponse.Status
        var properties: [(name: QName, value: [XMLNode])]
        var description: String?
    }

    var href: String
    var propstats: [Propstat] = []
    var status: HTTPResponse.Status?

    init(href: String, status: HTTPResponse.Status) {
        self.href = href
        self.status = status
    }

    /// Found properties with their values (200) and the names of those the resource does not have (404).
    init(href: String, found: [(name: QName, value: [XMLNode])], missing: [QName]) {
        self.href = href
        if !found.isEmpty { propstats.append(Propstat(status: .ok, properties: found)) }
        if !missing.isEmpty {
            propstats.append(Propstat(status: .notFound, properties: missing.map { ($0, []) }))
        }
        if propstats.isEmpty { propstats.append(Propstat(status: .ok, properties: [])) }
    }

    init(href: String, propstats: [Propstat]) {
        self.href = href
        self.propstats = propstats
    }
}

/// Writes a `D:multistatus` document, with the sync token a `sync-collection` report closes with.
enum Multistatus {
    static func response(_ entries: [DAVResponseEntry], syncToken: String? = nil) -> Response {
        DAVResponse.xml(document(entries, syncToken: syncToken), status: .multiStatus)
    }

    static func document(_ entries: [DAVResponseEntry], syncToken: String? = nil) -> String {
        var writer = XMLWriter()
        writer.openRoot(.dav("multistatus"))
        for entry in entries { write(entry, into: &writer) }
        if let syncToken { writer.write(.element(.dav("sync-token"), text: syncToken)) }
        writer.close(.dav("multistatus"))
        return writer.output
    }

    static func write(_ entry: DAVResponseEntry, into writer: inout XMLWriter) {
        writer.markup("<D:response>")
        writer.write(.href(entry.href))
        if let status = entry.status { writer.write(.element(.dav("status"), text: statusLine(status))) }
        for propstat in entry.propstats {
            writer.markup("<D:propstat><D:prop>")
            for property in propstat.properties { writer.write(.element(property.name, property.value)) }
            writer.markup("</D:prop>")
            writer.write(.element(.dav("status"), text: statusLine(propstat.status)))
            if let description = propstat.description {
                writer.write(.element(.dav("responsedescription"), text: description))
            }
            writer.markup("</D:propstat>")
        }
        writer.markup("</D:response>")
    }

    static func statusLine(_ status: HTTPResponse.Status) -> String { "HTTP/1.1 \(status.code) \(status.reasonPhrase)" }
}

extension HTTPResponse.Status {
    static var multiStatus: Self { .init(code: 207, reasonPhrase: "Multi-Status") }
    static var failedDependency: Self { .init(code: 424, reasonPhrase: "Failed Dependency") }
    static var insufficientStorage: Self { .init(code: 507, reasonPhrase: "Insufficient Storage") }
}
