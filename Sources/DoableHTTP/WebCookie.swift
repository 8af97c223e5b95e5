import Foundation

/// The web app's cookies: all HttpOnly and SameSite=Lax; when the browser came over TLS, Secure and named with the
/// `__Host-` prefix (no sibling origin or plain-HTTP page can set such a cookie).
public enum WebCookie {
    public static let session = "doable_session"
    public static let csrf = "doable_csrf"
    public static let flash = "doable_flash"
    public static let issuedSecret = "doable_issued"

    public static func named(_ name: String, secure: Bool) -> String { secure ? "__Host-" + name : name }

    public static func make(_ name: String, _ value: String, secure: Bool, maxAge: Int? = nil) -> String {
        var cookie = "\(named(name, secure: secure))=\(value); Path=/; HttpOnly; SameSite=Lax"
        if let maxAge { cookie += "; Max-Age=\(maxAge)" }
        if secure { cookie += "; Secure" }
        return cookie
    }

    public static func clear(_ name: String, secure: Bool) -> String { make(name, "", secure: secure, maxAge: 0) }
}
