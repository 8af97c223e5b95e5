public import Hummingbird

/// Another protocol's way of answering errors on its own paths (INTEROP-1: a CalDAV client reads RFC 4791/4918
/// error bodies, not the API's JSON). `ErrorMiddleware` hands every error on a claimed path to it.
public struct ErrorDialect: Sendable {
    /// Whether a path is this protocol's.
    public let claims: @Sendable (String) -> Bool
    /// The answer to an error it knows; nil for one nobody anticipated (logged, then `internalError`).
    public let answer: @Sendable (any Error) -> Response?
    /// The answer to an error nobody anticipated, without its detail.
    public let internalError: Response

    public init(
        claims: @escaping @Sendable (String) -> Bool, answer: @escaping @Sendable (any Error) -> Response?,
        internalError: Response
    ) {
        self.claims = claims
        self.answer = answer
        self.internalError = internalError
    }
}
