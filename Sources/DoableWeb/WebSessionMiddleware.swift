import Crypto
import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import DoableHTTP

/// The web app's front door (issue 11): finds the member from the session cookie, gives every page the CSRF token
/// its forms send back in `_csrf`, refuses a POST without it or from anywhere but this origin, reads the posted
/// form, hands over the flash message, and adds the security headers every page carries.
///
/// Issue 27, finding 3: the token is an HMAC under a server secret of the session (signed in) or of the browser's
/// `doable_csrf` nonce (signed out, for the sign-in and registration forms), never a value a cookie holds, so a page
/// on a sibling origin that sets cookies (they ignore ports) cannot make one that passes; a new session at sign-in
/// means a new token. A POST whose `Origin` is `null` (an opaque origin: a redirect through another site,
/// `no-referrer`) or another origin is refused, and so is one a browser marks `Sec-Fetch-Site: cross-site` or
/// `same-site`. Over HTTPS the cookies carry the `__Host-` prefix, which a sibling cannot set.
struct WebSessionMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let domain: Domain
    let trustedProxies: TrustedProxies
    let csrfKey: CSRFKey

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        var state = WebRequestState()
        state.isSecure = isSecure(request, context: context)
        state.query = FormData.query(of: request)
        state.path = request.uri.description
        state.wantsJSON = request.headers[.doableFetch] == "1"
        state.acceptLanguage = request.headers[.acceptLanguage]
        state.userAgent = request.headers[.userAgent]
        let cookies = request.cookies
        let nonce: String
        if let value = cookies[WebCookie.named(WebCookie.csrf, secure: state.isSecure)]?.value,
            value.utf8.count >= 32, value.utf8.count <= 128
        {
            nonce = value
        } else {
            nonce = SecretToken.make(prefix: "").secret
            state.cookiesToSet.append(
                WebCookie.make(
                    WebCookie.csrf, nonce, secure: state.isSecure,
                    maxAge: 400 * 86_400))
        }
        if let flash = cookies[WebCookie.named(WebCookie.flash, secure: state.isSecure)]?.value {
            state.flash = Flash(encoded: flash)
            state.cookiesToSet.append(WebCookie.clear(WebCookie.flash, secure: state.isSecure))
        }
        if let secret = cookies[WebCookie.named(WebCookie.session, secure: state.isSecure)]?.value, !secret.isEmpty {
            context.identity = try await domain.accounts.authenticate(secret: secret)
            if let identity = context.identity {
                context.logger[metadataKey: "doable.user.id"] = "\(identity.account.id)"
                await domain.accounts.noteUse(identity, address: context.clientAddress)
            }
        }
        // ACC-5: only the tokens page takes a new token's secret (and clears it), whatever else the browser asks.
        if request.method == .get, request.uri.path == "/settings/tokens",
            let sealed = cookies[WebCookie.named(WebCookie.issuedSecret, secure: state.isSecure)]?.value
        {
            if let identity = context.identity {
                state.issuedSecret = IssuedSecret.opened(
                    sealed, with: try await issuedSecretKey(),
                    session: identity.credential.id)
            }
            state.cookiesToSet.append(WebCookie.clear(WebCookie.issuedSecret, secure: state.isSecure))
        }
        state.csrfToken = try await csrfKey.token(
            for: context.identity.map { "session:\($0.credential.id)" } ?? "anonymous:\(nonce)", domain: domain)
        if request.method == .post {
            // An email link's token is its authority (NOTIF-2): a mail client's one-click unsubscribe (RFC 8058)
            // carries no cookies and may send its one field as multipart/form-data, so those routes check the
            // token, not the CSRF token, and read only urlencoded bodies.
            let isEmailLink = EmailLinksWebController.isEmailLinkPath(request.uri.path)
            if isEmailLink {
                state.form = (try? await FormData.body(of: request)) ?? FormData()
            } else if let multipart = try await MultipartForm.body(of: request) {
                // A form with files (TASK-11 photos): its text fields, `_csrf` among them, are checked as any
                // form's; the files wait in `state.files` for the handler.
                state.form = multipart.formData
                state.files = multipart.files
            } else {
                state.form = try await FormData.body(of: request)
            }
            // Rows share one form (docs/web-app.md) and carry no "back" field: the page they came from is the
            // Referer, which the Referrer-Policy keeps to our own origin.
            if state.form["back"] == nil, let back = refererPath(request) { state.form.set("back", back) }
            guard isEmailLink || (isSameOrigin(request) && isSameSite(request) && csrfMatches(state)) else {
                context.web = state
                return finish(WebPages.refused(context: context), state: state)
            }
        }
        context.web = state
        let response = try await next(request, context)
        return finish(response, state: context.web)
    }

    private func issuedSecretKey() async throws -> SymmetricKey {
        try await csrfKey.derivedKey(IssuedSecret.keyPurpose, domain: domain)
    }

    private func csrfMatches(_ state: WebRequestState) -> Bool {
        guard let sent = state.form["_csrf"], !state.csrfToken.isEmpty else { return false }
        return constantTimeEquals(Array(sent.utf8), Array(state.csrfToken.utf8))
    }

    /// Fetch metadata: a browser that says the form came from another site, or from a sibling of this one, is
    /// refused; `same-origin` and `none` (typed, bookmarked) pass, as does a client that sends none.
    private func isSameSite(_ request: Request) -> Bool {
        guard let site = request.headers[.secFetchSite]?.lowercased() else { return true }
        return site == "same-origin" || site == "none"
    }

    private func finish(_ response: Response, state: WebRequestState) -> Response {
        var response = response
        // A response that leaves a new flash or secret keeps it: the old one is then not cleared after it.
        let names = response.headers[values: .setCookie].map { $0.prefix { $0 != "=" } }
        for cookie in state.cookiesToSet where !names.contains(cookie.prefix { $0 != "=" }) {
            response.headers.append(HTTPField(name: .setCookie, value: cookie))
        }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        return response
    }

    /// A browser names the page a form came from in `Origin`; a POST from another origin, or from an opaque one
    /// (`null`), is refused even with a token.
    private func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        guard origin != "null", let host = request.head.authority else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }

    private func refererPath(_ request: Request) -> String? {
        guard let referer = request.headers[.referer], let host = request.head.authority else { return nil }
        for scheme in ["http://", "https://"] where referer.hasPrefix(scheme + host + "/") {
            return String(referer.dropFirst(scheme.count + host.count))
        }
        return nil
    }

    private func isSecure(_ request: Request, context: Context) -> Bool {
        request.isHTTPS(trustedProxies: trustedProxies, peer: context.peerAddress, cameOverTLS: context.cameOverTLS)
    }
}
