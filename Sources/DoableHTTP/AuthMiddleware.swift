import DoableCore
public import DoableDomain
import Foundation
public import Hummingbird
import Logging

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
        } else if request.method == .get || request.method == .head,
            let cookie =
                (request.cookies[WebCookie.named(WebCookie.session, secure: true)]
                ?? request.cookies[WebCookie.session])?.value, !cookie.isEmpty
        {
            // The web app's EventSource cannot send a header (VIEW-6): a GET may use the session cookie. Only a
            // GET: a write through a cookie would need the web forms' CSRF token, which the API does not check.
            secret = cookie
        } else {
            throw DoableError.unauthenticated("Send 'Authorization: Bearer <token>'.")
        }
        guard let identity = try await domain.accounts.authenticate(secret: secret) else {
            throw DoableError.unauthenticated("The token is not valid or has expired.")
        }
        if request.method != .get && request.method != .head && !identity.canWrite
            && !Self.readsOnly(request)
        {
            throw DoableError.forbidden("This token may only read.")
        }
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

    /// POSTs that only read (issue 34): a sync pull sends its cursor in a body, but changes nothing of the member's,
    /// so a read-only token may pull.
    static func readsOnly(_ request: Request) -> Bool {
        request.method == .post && request.uri.path == "/api/v1/sync/pull"
    }
}
