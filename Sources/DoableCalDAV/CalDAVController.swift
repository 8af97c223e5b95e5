import DoableCore
import DoableDomain
import Hummingbird
import Logging
import DoableHTTP

/// INTEROP-1: Doable as a CalDAV server for tasks (RFC 4918's WebDAV subset, RFC 4791, RFC 6578, RFC 6764).
///
/// URL space:
/// - `/.well-known/caldav` (any method): 301 to `/dav/`, without credentials (RFC 6764).
/// - `/dav/` — the context root; with `/dav/principals/` and `/dav/calendars/` it answers discovery
///   (`current-user-principal`) only.
/// - `/dav/principals/<username>/` — the caller's principal: `calendar-home-set`, `principal-URL`, addresses.
/// - `/dav/calendars/<username>/` — the calendar home: one calendar per list the caller can see (shared ones too).
/// - `/dav/calendars/<username>/<list id>/` — a list as a calendar collection of VTODOs. MKCALENDAR or extended
///   MKCOL at any new segment here makes a list; the answer's `Location` is its URL (the list's id, not the segment).
/// - `/dav/calendars/<username>/<list id>/<name>` — one task as a calendar object, under the name the client chose
///   (`<UUID>.ics`, percent-encoded in URLs, decoded before the domain sees it) or `<task id>.ics`.
/// `<username>` may also be the account's email; any other user's name is a 404. Every request but the redirect
/// needs HTTP Basic (`DAVAuthenticator`). Errors are answered with RFC 4791/4918 precondition bodies (`DAVFailure`).
struct CalDAVController: Sendable {
    let calDAV: CalDAVService
    let authenticator: DAVAuthenticator
    let fairShare: FairShareLimiter

    static let propfind = HTTPRequest.Method("PROPFIND")!
    static let proppatch = HTTPRequest.Method("PROPPATCH")!
    static let report = HTTPRequest.Method("REPORT")!
    static let mkcalendar = HTTPRequest.Method("MKCALENDAR")!
    static let mkcol = HTTPRequest.Method("MKCOL")!
    /// Routed so that they are answered 405 with `Allow` rather than a bare 404.
    static let unsupported =
        ["MOVE", "COPY", "LOCK", "UNLOCK", "ACL", "SEARCH", "BIND", "UNBIND", "REBIND"]
        .compactMap { HTTPRequest.Method($0) } + [.post, .patch, .trace]
    static let methods: [HTTPRequest.Method] =
        [
            .options, .get, .head, .put, .delete, propfind, proppatch, report,
            mkcalendar, mkcol,
        ] + unsupported
    static let allow = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR, MKCOL"
    static let davCompliance = "1, 3, calendar-access, extended-mkcol"

    func addRoutes(to router: Router<AppRequestContext>) {
        for method in Self.methods {
            router.on("/.well-known/caldav", method: method) { _, _ in
                Response(status: .movedPermanently, headers: [.location: DAVPath.rootHref])
            }
            router.on("/dav", method: method, use: handle)
            router.on("/dav/**", method: method, use: handle)
        }
    }

    /// What one request is about, once its caller is known.
    struct Call {
        var request: Request
        var context: AppRequestContext
        var identity: Identity
        var path: DAVPath
        var username: String { identity.account.username }
    }

    @Sendable func handle(_ request: Request, context: AppRequestContext) async throws -> Response {
        let path = DAVPath(request.uri.path)
        if let path { context.coreContext.endpointPath.value = path.routePattern }
        let identity = try await authenticator.identity(for: request, clientAddress: context.clientAddress)
        var context = context
        context.identity = identity
        context.logger[metadataKey: "doable.user.id"] = "\(identity.account.id)"
        guard let path else { throw DAVFailure.notFound }
        if let user = path.user, !Self.names(identity.account, user) { throw DAVFailure.notFound }
        if Self.isWrite(request.method), !identity.canWrite {
            throw DAVFailure.forbidden("This app password or token may only read.")
        }
        try await fairShare.acquire(identity.account.id)
        defer { fairShare.release(identity.account.id) }
        return try await dispatch(Call(request: request, context: context, identity: identity, path: path))
    }

    private func dispatch(_ call: Call) async throws -> Response {
        switch call.request.method {
        case .options:
            Response(status: .ok, headers: [.dav: Self.davCompliance, .allow: Self.allow, .contentLength: "0"])
        case Self.propfind: try await propfind(call)
        case Self.proppatch: try await proppatch(call)
        case Self.mkcalendar, Self.mkcol: try await makeCalendar(call)
        case Self.report: try await report(call)
        case .get, .head: try await get(call)
        case .put: try await put(call)
        case .delete: try await delete(call)
        default:
            throw DAVFailure(
                .methodNotAllowed, message: "\(call.request.method) is not supported here.",
                headers: [.allow: Self.allow])
        }
    }

    static func isWrite(_ method: HTTPRequest.Method) -> Bool {
        [.put, .delete, proppatch, mkcalendar, mkcol].contains(method)
    }

    /// Whether a URL's user segment names the account: its username or its email, in any case.
    static func names(_ account: Account, _ user: String) -> Bool {
        if user == account.username { return true }
        let user = user.lowercased()
        return user == account.username.lowercased() || user == account.email.lowercased()
    }

    /// The calendar a URL segment names; 404 when it is not a list the caller can see.
    func calendar(_ call: Call, _ segment: String) async throws -> DAVCalendar {
        do {
            return try await calDAV.davCalendar(call.identity, segment: segment)
        } catch DoableError.notFound {
            throw DAVFailure.notFound
        }
    }

    /// The list a URL segment names (a collection name a client chose, or a list id); 404 when there is none.
    func listID(_ call: Call, _ segment: String) async throws -> ListID {
        do {
            return try await calDAV.davListID(call.identity, segment: segment)
        } catch DoableError.notFound {
            throw DAVFailure.notFound
        }
    }

    func calendarHref(_ call: Call, _ calendar: DAVCalendar) -> String {
        DAVPath.calendarHref(call.username, calendar.segment)
    }

    func objectHref(_ call: Call, _ segment: String, _ name: String) -> String {
        DAVPath.objectHref(call.username, segment, name)
    }
}

extension DAVPath {
    /// The route as logs and metrics name it: no user names, list ids or object names.
    var routePattern: String {
        switch self {
        case .root: "/dav"
        case .principal: "/dav/principals/{user}"
        case .home: "/dav/calendars/{user}"
        case .calendar: "/dav/calendars/{user}/{calendar}"
        case .object: "/dav/calendars/{user}/{calendar}/{object}"
        }
    }
}
