import DoableCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import DoableArt
import DoableHTTP

/// How a page or a form's outcome goes back to the browser.
enum WebResponse {
    /// A whole page, with the Content-Security-Policy that allows our own scripts only and styles from our
    /// stylesheet plus the page's one nonce'd style block.
    /// `imageOrigin`: the map's tile server, whose images the page may show (MKT-12).
    static func page(_ html: HTML, nonce: String, status: HTTPResponse.Status = .ok, imageOrigin: String? = nil)
        -> Response
    {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        headers[.contentSecurityPolicy] = csp(nonce: nonce, imageOrigin: imageOrigin)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html.markup)))
    }

    static func csp(nonce: String, imageOrigin: String? = nil) -> String {
        "default-src 'self'; script-src 'self'; style-src 'self' 'nonce-\(nonce)'; img-src 'self' data:\(imageOrigin.map { " \($0)" } ?? ""); "
            + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    /// A form's success: JSON for the page's script, else a redirect that carries the toast in a flash cookie.
    static func done(
        _ context: WebRequestContext, redirect location: String, toast: Flash? = nil, focus: String? = nil,
        forceRedirect: Bool = false
    ) -> Response {
        if context.web.wantsJSON {
            let body = Outcome(ok: true, toast: toast, redirect: forceRedirect ? location : nil, focus: focus)
            return JSONResponse.make(body)
        }
        var response = redirect(location)
        if var toast {
            // A cookie holds about 4 KB: the undo of a large bulk action only travels to the page's script.
            if toast.encoded.utf8.count > 3500 { toast.undo = nil }
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: WebCookie.make(
                        WebCookie.flash, toast.encoded, secure: context.web.isSecure, maxAge: 60)))
        }
        return response
    }

    /// A refused form sent by the page's script: the API's error shape, so it can show the message by the field;
    /// a stale form's message in words a person reads.
    static func refusedJSON(_ error: DoableError) -> Response {
        if case .conflict("version_mismatch", _, _) = error {
            return ErrorMiddleware.response(
                status: .conflict, code: "version_mismatch",
                message: "This was changed elsewhere since you opened it. Reload the "
                    + "page to see the current values.", field: nil)
        }
        return ErrorMiddleware.response(for: error)
    }

    struct Outcome: Encodable {
        let ok: Bool
        let toast: Flash?
        let redirect: String?
        let focus: String?
    }
}

/// Thrown by a page that needs something first (signing in, say): answered with a 303 to `location`.
struct WebRedirect: Error {
    let location: String
}
