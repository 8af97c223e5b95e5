import DoableCore
public import DoableDomain
import Foundation
public import Hummingbird
import Logging
import HTTPTypes

/// Checks `Authorization: Bearer <token>` (a session, an access token or an app password) and puts the caller
/// into the context. No or a bad token is 401; a read-only token may only read.
public struct AuthMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    let domain: Domain
    let fairShare: FairShareLimiter

    public init(domain: Domain, fairShare: FairShareLimiter) {
        self.domain = domain
        self.fairShare = fairShare
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        // Two credentials are one too many: which one a proxy or a log would see is anyone's guess (issue 10,
        // the neighbour of finding 6's repeated JSON names).
        guard request.headers[values: .authorization].count <= 1 else {
            throw DoableError.unauthenticated("Send one Authorization header, not several.")
        }
        let secret: String
        if let header = request.headers[.authorization] {
            guard header.count > 7, header.prefix(7).lowercased() == "bearer " else {
                throw DoableError.unauthenticated("Send 'Authorization: Bearer <token>'.")
            }
            secret = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        } else if request.method == .get || request.method == .head || Self.syncsOffline(request),
            let cookie =
                (request.cookies[WebCookie.named(WebCookie.session, secure: true)]
                ?? request.cookies[WebCookie.session])?.value, !cookie.isEmpty
        {
            // The web app's EventSource cannot send a header (VIEW-6): a GET may use the session cookie. A write
            // through a cookie needs the web forms' CSRF token: only the sync calls of the web app's offline replica
            // (REACH-2) take one, checked below once the session is known.
            secret = cookie
        } else {
            throw DoableError.unauthenticated("Send 'Authorization: Bearer <token>'.")
        }
        guard let identity = try await domain.accounts.authenticate(secret: secret) else {
            throw DoableError.unauthenticated("The token is not valid or has expired.")
        }
        if request.headers[.authorization] == nil && request.method != .get && request.method != .head {
            try await Self.checkCSRF(request, session: identity.credential.id, domain: domain)
        }
        if request.method != .get && request.method != .head && !identity.canWrite
            && !Self.readsOnly(request)
        {
            throw DoableError.forbidden("This token may only read.")
        }
        await domain.accounts.noteUse(identity, address: context.clientAddress)
        var context = context
        context.identity = identity
        context.logger[metadataKey: "doable.user.id"] = "\(identity.account.id)"
        try await fairShare.acquire(identity.account.id)
        do {
            let response = try await next(request, context)
            fairShare.release(identity.account.id)
            return response
        } catch {
            fairShare.release(identity.account.id)
            throw error
        }
    }

    /// REACH-2: the web app's service worker keeps the member's replica with the sync protocol, signed in by the
    /// session cookie like the page it serves.
    static func syncsOffline(_ request: Request) -> Bool {
        request.method == .post
            && (request.uri.path == "/api/v1/sync/pull" || request.uri.path == "/api/v1/sync/push")
    }

    /// A cookie's write must come from Doable's own pages: the session's CSRF token in `X-CSRF-Token`, and no
    /// cross-site fetch metadata.
    static func checkCSRF(_ request: Request, session: CredentialID, domain: Domain) async throws {
        let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]
        guard site == nil || site == "same-origin", let sent = request.headers[HTTPField.Name("X-CSRF-Token")!] else {
            throw DoableError.unauthenticated("Send 'Authorization: Bearer <token>'.")
        }
        let expected = Domain.csrfToken(secret: try await domain.csrfSecret(), binding: "session:\(session)")
        guard constantTimeEquals(Array(sent.utf8), Array(expected.utf8)) else {
            throw DoableError.unauthenticated("The CSRF token does not belong to this session.")
        }
    }

    /// POSTs that only read (issue 34): a sync pull sends its cursor in a body, but changes nothing of the member's,
    /// so a read-only token may pull.
    static func readsOnly(_ request: Request) -> Bool {
        request.method == .post && request.uri.path == "/api/v1/sync/pull"
    }
}
