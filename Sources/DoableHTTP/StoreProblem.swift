import DoableCore
public import HTTPTypes
import Metrics

/// How the store's own failures reach a client, the same in the API, the web app and CalDAV: the request was
/// well-formed, but the database cannot take it now. Never a 500.
public struct StoreProblem {
    public let status: HTTPResponse.Status
    public let code: String
    public let title: String
    public let message: String
    public let headers: HTTPFields

    public init?(_ error: any Error) {
        switch error {
        case StoreError.timedOut:
            // Issue 10, finding 19: a query that met the store's time limit was stopped; nothing changed.
            self.init(
                status: .serviceUnavailable, code: "query_timeout", title: "Doable is busy",
                message: "The database took too long to answer; try again shortly.",
                headers: [.retryAfter: "1"])
        case StoreError.unavailable:
            // Issue 34: the database cannot be reached (stopped, restarting, its connection lost). Nothing that was
            // acknowledged is lost; clients retry.
            self.init(
                status: .serviceUnavailable, code: "database_unavailable",
                title: "Doable can't reach its database — retrying",
                message: "Doable can't reach its database right now. Nothing you saved is lost; try again in "
                    + "a few seconds.",
                headers: [.retryAfter: "5"])
        case StoreError.storageFull:
            // Issue 34: nothing was written; reads go on; writing works again once the operator frees space.
            self.init(
                status: .insufficientStorage, code: "storage_full", title: "Doable cannot save right now",
                message: "The server's storage is full, so nothing was saved. Everything saved before is safe "
                    + "and can still be read; the server's operator needs to free disk space, then try again.",
                headers: [.retryAfter: "60"])
        default:
            return nil
        }
    }

    /// Counts this problem as answered (issue 34: `doable_store_problem_answers_total{code=…}`), once per answer.
    public func counted() -> StoreProblem {
        Counter(label: "doable_store_problem_answers_total", dimensions: [("code", code)]).increment()
        return self
    }

    private init(status: HTTPResponse.Status, code: String, title: String, message: String, headers: HTTPFields) {
        self.status = status
        self.code = code
        self.title = title
        self.message = message
        self.headers = headers
    }
}
