import Hummingbird
public import DoableHTTP

extension ErrorDialect {
    /// INTEROP-1: errors under `/dav` and `/.well-known/caldav` as CalDAV clients read them (`DAVFailure`).
    public static let dav = ErrorDialect(
        claims: DAVFailure.isDAVPath, answer: { DAVFailure($0)?.response },
        internalError: DAVFailure(.internalServerError, message: "Something went wrong on the server.").response)
}
