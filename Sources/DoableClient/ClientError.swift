import DoableCore

/// Every way the client library refuses or fails, each described as a sentence a user can act on.
public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached (connection refused, no such host, timed out). Local changes are kept and
    /// go out with the next sync.
    case offline(String)
    /// The server answered with an error, in the API's error shape (`{"error": {code, message, field}}`).
    case server(status: Int, code: String?, field: String?, message: String)
    /// The server refused the credentials (401): the token is missing, expired or revoked.
    case unauthorized(String)
    /// The server's answer could not be read.
    case invalidResponse(String)
    /// Nothing on this device matches what was asked for.
    case notFound(String)
    /// More than one thing on this device matches what was asked for.
    case ambiguous(String)
    /// The input breaks a rule that can be checked without the server.
    case invalid(field: String, message: String)

    /// What went wrong, as a sentence a user can act on.
    public var description: String {
        switch self {
        case .offline(let detail):
            "Could not reach the server (\(detail)). Your changes are kept on this device and will be sent "
                + "with the next sync."
        case .server(let status, let code, _, let message):
            "The server refused the request (\(status)\(code.map { " \($0)" } ?? "")): \(message)"
        case .unauthorized(let message):
            "\(message) Sign in again."
        case .invalidResponse(let detail):
            "The server's answer could not be read (\(detail)). Check the server address, or update this app."
        case .notFound(let message), .ambiguous(let message):
            message
        case .invalid(_, let message):
            message
        }
    }

    /// The same check as the server's, as a client error (rules throw `DoableError.invalid`).
    static func checking<T>(_ rule: () throws -> T) throws -> T {
        do {
            return try rule()
        } catch DoableError.invalid(let field, let message) {
            throw ClientError.invalid(field: field ?? "input", message: message)
        }
    }
}
