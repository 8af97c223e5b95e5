import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import DoableHTTP

/// INTEROP-2: the ICS feeds calendar apps subscribe to. The key in the path is the only credential (calendar apps
/// send no headers of their own); an unknown key, a disabled account and a list the key's owner cannot see all get
/// the same 404. Conditional requests are answered 304, so a subscriber polling every 15 minutes costs one render and
/// no body while nothing changed. HEAD is answered like GET without the body.
struct CalendarFeedController: Sendable {
    let transfer: TransferService
    let trustedProxies: TrustedProxies

    /// Subscribers may keep a copy this long (their app asks again every 15 minutes, `FeedCalendarWriter`).
    static let cacheControl = "private, max-age=300"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("feeds/{key}/all.ics") { request, context in try await feed(request, context, scope: .dueTasks) }
        router.head("feeds/{key}/all.ics") { request, context in
            try await feed(request, context, scope: .dueTasks).createHeadResponse()
        }
        router.get("feeds/{key}/lists/{listId}.ics") { request, context in
            try await feed(request, context, scope: .list(try Self.listID(context)))
        }
        router.head("feeds/{key}/lists/{listId}.ics") { request, context in
            try await feed(request, context, scope: .list(try Self.listID(context))).createHeadResponse()
        }
    }

    private static func listID(_ context: AppRequestContext) throws -> ListID {
        guard let text = context.parameters.get("listId"), let id = ListID(text) else {
            throw DoableError.notFound("No such feed.")
        }
        return id
    }

    private func feed(_ request: Request, _ context: AppRequestContext, scope: FeedScope) async throws -> Response {
        let origin = request.publicOrigin(trustedProxies: trustedProxies, peer: context.peerAddress, cameOverTLS: context.cameOverTLS)
        let document = try await transfer.feed(
            key: context.parameters.get("key") ?? "", scope: scope,
            taskLink: { "\(origin)/tasks/\($0)" })
        var headers: HTTPFields = [
            .eTag: document.etag,
            .lastModified: HTTPDate.format(document.lastModified),
            .cacheControl: Self.cacheControl,
        ]
        if Self.isNotModified(request.headers, document) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "text/calendar; charset=utf-8"
        headers[.contentDisposition] = "inline; filename=\"doable.ics\""
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document.body)))
    }

    /// RFC 9110 §13.1.2 and §13.2.2: `If-None-Match` (weak comparison, `*` for any) decides when present; only
    /// without it does `If-Modified-Since` count, to the second.
    static func isNotModified(_ headers: HTTPFields, _ document: FeedDocument) -> Bool {
        let tags = headers[values: .ifNoneMatch].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !tags.isEmpty {
            let own = opaque(document.etag)
            return tags.contains { $0 == "*" || opaque($0) == own }
        }
        guard let text = headers[.ifModifiedSince], let since = HTTPDate.parse(text) else { return false }
        return document.lastModified.milliseconds / 1000 <= since.milliseconds / 1000
    }

    /// The tag without a weak marker (`W/"…"` and `"…"` compare equal under weak comparison).
    private static func opaque(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }
}
