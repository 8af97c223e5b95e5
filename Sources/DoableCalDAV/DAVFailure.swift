import DoableCore
import DoableDomain
import Hummingbird
import NIOCore
import DoableHTTP

/// A refusal in CalDAV's terms: a status, the RFC 4791/4918/6578 precondition element a client understands and a
/// message it may show its user. Every error on a `/dav` path becomes one (`ErrorMiddleware` asks `init?(_:)`), so a
/// CalDAV client never sees the JSON API's error shape.
struct DAVFailure: Error {
    var status: HTTPResponse.Status
    var condition: XMLNode?
    var message: String?
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, condition: XMLNode? = nil, message: String? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.condition = condition
        self.message = message
        self.headers = headers
    }

    var response: Response { DAVResponse.error(status, condition: condition, message: message, headers: headers) }

    static let basicChallenge = #"Basic realm="Doable", charset="UTF-8""#

    static func unauthorized(_ message: String) -> DAVFailure {
        DAVFailure(.unauthorized, message: message, headers: [.wwwAuthenticate: basicChallenge])
    }

    static func forbidden(_ message: String) -> DAVFailure {
        DAVFailure(.forbidden, condition: .element(.dav("need-privileges")), message: message)
    }

    static func badRequest(_ message: String) -> DAVFailure { DAVFailure(.badRequest, message: message) }

    static let notFound = DAVFailure(.notFound, message: "No such resource.")

    static func precondition(_ name: QName, _ message: String? = nil, status: HTTPResponse.Status = .forbidden)
        -> DAVFailure
    {
        DAVFailure(status, condition: .element(name), message: message)
    }

    static let invalidSyncToken = precondition(
        .dav("valid-sync-token"),
        "The sync token is unknown or too old; sync again from the start.")

    /// The failure for an error, or nil for one nobody anticipated (the caller logs it and answers 500).
    init?(_ error: any Error) {
        switch error {
        case let failure as DAVFailure: self = failure
        case let error as DAVError: self = Self.failure(for: error)
        case let error as DoableError: self = Self.failure(for: error)
        case let error as XMLReader.Failure: self = .badRequest("The XML body is not valid: \(error.description).")
        case let error as HTTPError:
            let close: HTTPFields = error.status == .contentTooLarge ? [.connection: "close"] : [:]
            let message =
                error.body
                ?? (error.status == .contentTooLarge
                    ? "The request body must be at most 1 MiB."
                    : error.status.reasonPhrase)
            self = DAVFailure(error.status, message: message, headers: close)
        case is NIOTooManyBytesError:
            self = DAVFailure(
                .contentTooLarge, message: "The request body must be at most 1 MiB.",
                headers: [.connection: "close"])
        case let error as StoreError where StoreProblem(error) != nil:
            // 507 Insufficient Storage is CalDAV's own (RFC 4918 §11.5) for a full disk.
            let problem = StoreProblem(error)!.counted()
            self = DAVFailure(problem.status, message: problem.message, headers: problem.headers)
        default:
            guard let malformed = MalformedRequest(error) else { return nil }
            self = DAVFailure(malformed.status, message: malformed.message, headers: [.connection: "close"])
        }
    }

    static func failure(for error: DAVError) -> DAVFailure {
        switch error {
        case .preconditionFailed:
            DAVFailure(.preconditionFailed, message: "The resource is not in the state If-Match or If-None-Match expects.")
        case .uidConflict(let name):
            // The controller names the existing resource's full href; this is the fallback.
            DAVFailure(
                .conflict, condition: .element(.caldav("no-uid-conflict"), [.href(DAVPath.percentEncoded(name))]),
                message: "Another resource in this calendar has the same UID.")
        case .invalidObject(let reason): failure(for: reason)
        case .refused(let property, let message):
            precondition(.caldav("valid-calendar-data"), message.contains(property) ? message : "\(property): \(message)")
        case .invalidSyncToken: invalidSyncToken
        }
    }

    static func failure(for error: CalendarObjectError) -> DAVFailure {
        switch error {
        case .unsupportedComponent: precondition(.caldav("supported-calendar-component"), error.message)
        case .notOneObject: precondition(.caldav("valid-calendar-object-resource"), error.message)
        case .invalidData, .invalidProperty: precondition(.caldav("valid-calendar-data"), error.message)
        }
    }

    static func failure(for error: DoableError) -> DAVFailure {
        switch error {
        case .invalid(_, let message): .badRequest(message)
        case .conflict(_, _, let message): DAVFailure(.conflict, message: message)
        case .notFound(_, let message): DAVFailure(.notFound, message: message)
        case .unauthenticated(let message), .challenge(_, let message): .unauthorized(message)
        case .forbidden(let message, _), .refused(_, _, let message): .forbidden(message)
        case .rateLimited(let seconds, let message):
            DAVFailure(.tooManyRequests, message: message, headers: [.retryAfter: String(seconds)])
        }
    }

    /// Whether a request path belongs to the CalDAV layer (its errors are answered in CalDAV's terms).
    static func isDAVPath(_ path: String) -> Bool {
        path == "/dav" || path.hasPrefix("/dav/") || path.hasPrefix("/.well-known/caldav")
    }
}
