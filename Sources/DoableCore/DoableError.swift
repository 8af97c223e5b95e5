/// Every way a domain operation refuses; the HTTP layer turns each into one status and the one error shape.
public enum DoableError: Error, Equatable, Sendable {
    /// The input breaks a rule (400). `field` names the input field, dotted for nested ones.
    case invalid(field: String?, message: String)
    /// The input clashes with what is stored, e.g. a name already taken (409).
    case conflict(code: String, field: String?, message: String)
    /// Nothing the caller may see has this id (404); `field` names the input that referred to it, if any.
    case notFound(field: String?, message: String)
    /// No valid credentials (401).
    case unauthenticated(String)
    /// The credentials are valid but may not do this, e.g. a read-only token writing (403).
    case forbidden(String, field: String? = nil)
    /// Too many attempts; try again after the given seconds (429).
    case rateLimited(retryAfterSeconds: Int, message: String)
    /// 401 with a code of its own: the caller must send something more, e.g. `totp_required` (ACC-10).
    case challenge(code: String, message: String)
    /// 403 with a code of its own, e.g. `account_disabled` (ADMIN-1), `registration_closed` (ACC-12),
    /// `email_unverified` (ACC-9).
    case refused(code: String, field: String?, message: String)

    public static func invalid(_ field: String, _ message: String) -> DoableError {
        .invalid(field: field, message: message)
    }

    public static func notFound(_ message: String, field: String? = nil) -> DoableError {
        .notFound(field: field, message: message)
    }

    /// The machine-readable code of the one error shape.
    public var code: String {
        switch self {
        case .invalid: "validation_failed"
        case .conflict(let code, _, _): code
        case .notFound: "not_found"
        case .unauthenticated: "unauthenticated"
        case .forbidden: "forbidden"
        case .rateLimited: "rate_limited"
        case .challenge(let code, _), .refused(let code, _, _): code
        }
    }

    public var field: String? {
        switch self {
        case .invalid(let field, _), .conflict(_, let field, _), .notFound(let field, _), .forbidden(_, let field),
            .refused(_, let field, _):
            field
        case .unauthenticated, .rateLimited, .challenge: nil
        }
    }

    public var message: String {
        switch self {
        case .invalid(_, let message), .conflict(_, _, let message), .notFound(_, let message),
            .unauthenticated(let message), .forbidden(let message, _), .rateLimited(_, let message),
            .challenge(_, let message), .refused(_, _, let message):
            message
        }
    }
}
