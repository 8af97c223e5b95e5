import DoableCore
import DoableDomain
import Hummingbird
import NIOCore
import DoableHTTP

extension CalDAVController {
    /// GET and HEAD: an object's VCALENDAR with its ETag; a collection answers a line about itself (a person who
    /// opened the URL in a browser learns what it is for). An object goes out uncompressed (`no-transform`, Q-10): its
    /// ETag is also the `getetag` of every listing, which a client compares with the one it holds.
    func get(_ call: Call) async throws -> Response {
        guard case .object(_, let segment, let name) = call.path else {
            return DAVResponse.text(
                "This is Doable's CalDAV server: add \(DAVPath.rootHref) on this host, with your "
                    + "username and an app password, to a calendar or tasks app.", status: .ok)
        }
        let listID = try await listID(call, segment)
        let object = try await calDAV.davObject(call.identity, listID: listID, name: name)
        let body = object.body ?? ""
        var headers: HTTPFields = [
            .contentType: DAVProperties.objectContentType, .eTag: object.etag,
            .lastModified: HTTPDate.format(object.lastModified), .cacheControl: "no-transform",
        ]
        if let ifNoneMatch = call.request.davHeader(.ifNoneMatch), Self.matches(ifNoneMatch, object.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(body.utf8.count)
        if call.request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// PUT: creates or replaces the task stored under the name, through the same domain operation as the API.
    /// `If-Match` and `If-None-Match: *` are the domain's preconditions (412). The ETag comes back only when the
    /// stored body is byte for byte what was sent (RFC 4791 §5.3.4), so a client that got none fetches the object.
    func put(_ call: Call) async throws -> Response {
        guard case .object(_, let segment, let name) = call.path else {
            throw DAVFailure(
                .methodNotAllowed, message: "PUT a calendar object inside a calendar.",
                headers: [.allow: Self.allow])
        }
        guard let listID = try? await calDAV.davListID(call.identity, segment: segment) else {
            throw DAVFailure(.conflict, message: "There is no calendar at this URL to put the object in.")
        }
        let types = call.request.headers[values: .contentType]
        if let type = types.first {
            guard types.count == 1, let mediaType = MediaType(from: type), mediaType.type == .text,
                mediaType.subType.lowercased() == "calendar"
            else {
                throw DAVFailure(
                    .unsupportedMediaType, condition: .element(.caldav("supported-calendar-data")),
                    message: "Send calendar objects as text/calendar.")
            }
        }
        let bytes = try await call.request.davBodyBytes()
        guard let body = String(validating: bytes, as: UTF8.self) else {
            throw DAVFailure.precondition(.caldav("valid-calendar-data"), "The calendar object is not UTF-8 text.")
        }
        let ifNoneMatch = call.request.davHeader(.ifNoneMatch)
        if let ifNoneMatch, ifNoneMatch != "*" {
            // A specific ETag in If-None-Match (rare in CalDAV): the write must not replace that version.
            if let current = try? await calDAV.davObject(call.identity, listID: listID, name: name),
                Self.matches(ifNoneMatch, current.etag)
            {
                throw DAVError.preconditionFailed
            }
        }
        let stored: (object: DAVObject, created: Bool)
        do {
            stored = try await calDAV.davPut(
                call.identity, listID: listID, name: name, body: body,
                ifMatch: call.request.davHeader(.ifMatch), ifNoneMatch: ifNoneMatch == "*")
        } catch DAVError.uidConflict(let existing) {
            throw DAVFailure(
                .conflict,
                condition: .element(
                    .caldav("no-uid-conflict"),
                    [.href(objectHref(call, segment, existing))]),
                message: "Another resource in this calendar has the same UID.")
        }
        var headers: HTTPFields = [.contentLength: "0"]
        if stored.object.body == body { headers[.eTag] = stored.object.etag }
        return Response(status: stored.created ? .created : .noContent, headers: headers)
    }

    /// Whether an `If-None-Match` or `If-Match` list names the ETag (weak comparison: `W/` is ignored).
    static func matches(_ header: String, _ etag: String) -> Bool {
        if header == "*" { return true }
        return header.split(separator: ",").contains { (candidate: Substring) -> Bool in
            var tag = String(candidate).trimmingXMLWhitespace()
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
