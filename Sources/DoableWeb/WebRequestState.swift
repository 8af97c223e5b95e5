import HTTPTypes
import DoableCore
import Foundation

/// What the web session middleware learned about a page request.
struct WebRequestState: Sendable {
    /// The token every form of this page carries in `_csrf`: an HMAC of the session, or of the signed-out browser's
    /// nonce cookie (`CSRFKey`).
    var csrfToken = ""
    /// The posted form (already read, so the CSRF check and the handler see the same fields).
    var form = FormData()
    /// The files of a posted `multipart/form-data` form (`MultipartForm`); empty for any other.
    var files: [MultipartFile] = []
    /// The query string's fields.
    var query = FormData()
    /// Whether the browser reached us over TLS (directly or through a trusted proxy): cookies are then `Secure`.
    var isSecure = false
    /// Whether the page's script sent this form (`X-Doable-Fetch: 1`) and wants JSON instead of a redirect.
    var wantsJSON = false
    /// The browser's `Accept-Language`, for money (MKT-12) and place names as the member reads them.
    var acceptLanguage: String?
    /// ACC-11: the browser's User-Agent, for the device name of a session made here.
    var userAgent: String?
    /// The message (and undo token) the previous action left for this page.
    var flash: Flash?
    /// Cookies to add to whatever response this request ends in.
    var cookiesToSet: [String] = []
    /// The path and query of the page asked for (for "come back here" fields).
    var path = "/"
    /// ACC-5: the secret of a token just made, carried here from the form by a sealed cookie, to show once.
    var issuedSecret: IssuedSecret?
}

/// A message shown once on the next page, with an optional Undo.
struct Flash: Sendable, Codable, Equatable {
    var message: String
    var undo: String?
    /// A quick-add line that was refused, put back in the field with the message beside it (no script).
    var retry: String?
    /// What quick add offers instead of the refusal ("Create list 'Groceries'"), as buttons beside it.
    var offers: [QuickAddOffer]?

    /// The cookie value: base64url of the JSON (cookie values may not hold quotes, commas or spaces).
    var encoded: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return data.base64URLEncoded
    }

    init(message: String, undo: String? = nil) {
        self.message = message
        self.undo = undo
    }

    init?(encoded: String) {
        guard let data = Data(base64URLEncoded: encoded), let flash = try? JSONDecoder().decode(Flash.self, from: data)
        else { return nil }
        self = flash
    }
}
