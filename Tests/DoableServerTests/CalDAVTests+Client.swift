import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A CalDAV response: status, headers, the body as text and, for XML, its tree.
struct DAVTestResponse: @unchecked Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: String

    var xml: XMLReader.Element? { try? XMLReader.parse(body) }

    /// The multistatus' responses by href.
    var responses: [String: XMLReader.Element] {
        var byHref: [String: XMLReader.Element] = [:]
        for response in xml?.children(.dav("response")) ?? [] {
            byHref[response.child(.dav("href"))?.trimmedText ?? ""] = response
        }
        return byHref
    }

    var hrefs: [String] { (xml?.children(.dav("response")) ?? []).map { $0.child(.dav("href"))?.trimmedText ?? "" } }

    /// The precondition element of a `D:error` body.
    var condition: QName? {
        guard let root = xml, root.name == .dav("error") else { return nil }
        return root.children.first { $0.name != .dav("responsedescription") }?.name
    }

    var message: String { xml?.child(.dav("responsedescription"))?.text ?? "" }
}

extension XMLReader.Element {
    /// A property from the response's propstat with this status (200 by default).
    func property(_ name: QName, status: Int = 200) -> XMLReader.Element? {
        for propstat in children(.dav("propstat")) where propstat.child(.dav("status"))?.text.contains(" \(status) ") == true {
            if let found = propstat.child(.dav("prop"))?.child(name) { return found }
        }
        return nil
    }

    var statusLine: String? { child(.dav("status"))?.trimmedText }
    var href: String? { child(.dav("href"))?.trimmedText }
}

/// Speaks CalDAV to the test server with HTTP Basic.
struct DAVTestClient: Sendable {
    let api: APIClient
    var login: String
    var password: String

    static let propfindMethod = HTTPRequest.Method("PROPFIND")!
    static let proppatchMethod = HTTPRequest.Method("PROPPATCH")!
    static let reportMethod = HTTPRequest.Method("REPORT")!
    static let mkcalendarMethod = HTTPRequest.Method("MKCALENDAR")!
    static let mkcolMethod = HTTPRequest.Method("MKCOL")!

    func basic(_ login: String, _ password: String) -> String {
        "Basic " + Data("\(login):\(password)".utf8).base64EncodedString()
    }

    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ path: String, body: String? = nil,
        contentType: String? = "application/xml; charset=utf-8", depth: String? = nil,
        headers extra: HTTPFields = [:], authenticated: Bool = true
    ) async throws -> DAVTestResponse {
        var headers = extra
        if authenticated, headers[.authorization] == nil { headers[.authorization] = basic(login, password) }
        if let depth { headers[HTTPField.Name("Depth")!] = depth }
        if body != nil, let contentType { headers[.contentType] = contentType }
        return try await api.client.execute(
            uri: path, method: method, headers: headers,
            body: body.map { ByteBuffer(string: $0) }
        ) { response in
            DAVTestResponse(
                status: response.status, headers: response.headers,
                body: String(buffer: response.body))
        }
    }

    func propfind(_ path: String, _ properties: [String], depth: String = "0") async throws -> DAVTestResponse {
        try await send(
            Self.propfindMethod, path,
            body: """
                <?xml version="1.0" encoding="utf-8"?>
                <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/" \
                xmlns:A="http://apple.com/ns/ical/"><D:prop>\(properties.map { "<\($0)/>" }.joined())</D:prop></D:propfind>
                """, depth: depth)
    }

    func report(_ path: String, _ body: String, depth: String = "1") async throws -> DAVTestResponse {
        try await send(Self.reportMethod, path, body: body, depth: depth)
    }

    func put(_ path: String, _ body: String, headers: HTTPFields = [:]) async throws -> DAVTestResponse {
        try await send(.put, path, body: body, contentType: "text/calendar; charset=utf-8", headers: headers)
    }

    func sync(_ path: String, token: String, limit: Int? = nil, properties: String = "<D:getetag/>") async throws
        -> DAVTestResponse
    {
        try await report(
            path,
            """
            <?xml version="1.0" encoding="utf-8"?>
            <D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:sync-token>\(token)</D:sync-token><D:sync-level>1</D:sync-level>
              \(limit.map { "<D:limit><D:nresults>\($0)</D:nresults></D:limit>" } ?? "")
              <D:prop>\(properties)</D:prop>
            </D:sync-collection>
            """)
    }
}

/// VTODOs as clients write them.
enum VTodo {
    static func make(uid: String, summary: String, extra: [String] = []) -> String {
        ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable tests//EN", "BEGIN:VTODO", "UID:\(uid)",
            "DTSTAMP:20261101T090000Z", "SUMMARY:\(summary)",
        ] + extra + ["END:VTODO", "END:VCALENDAR"])
        .joined(separator: "\r\n") + "\r\n"
    }

    static let event =
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Doable tests//EN", "BEGIN:VEVENT", "UID:event-1",
            "DTSTAMP:20261101T090000Z", "DTSTART:20261127T100000Z", "SUMMARY:Meeting", "END:VEVENT", "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n"
}

extension TestServer {
    /// A fresh server with one member (`alice`, password `correct horse`) and a CalDAV client signed in as her.
    static func withDAV(_ body: @Sendable (APIClient, DAVTestClient, String) async throws -> Void) async throws {
        try await TestServer().run { api in
            let token = try await api.register("alice")
            try await body(api, DAVTestClient(api: api, login: "alice", password: "correct horse"), token)
        }
    }
}
