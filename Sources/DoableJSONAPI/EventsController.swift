import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import DoableHTTP

/// SYNC-5 and VIEW-6: `GET /api/v1/events`, the caller's change feed as server-sent events.
///
/// The stream reads the feed from the client's cursor (`Last-Event-ID`, which browsers send by themselves when
/// they reconnect, or `?lastEventId=`), so a reconnecting client gets exactly what it missed: each event's `id`
/// is its feed sequence. It is woken by the `FeedNotifier` rather than carrying data, sends a comment as a
/// heartbeat well inside the idle timeout, checks on each heartbeat that the credential still holds, and tells a
/// client whose cursor the feed can no longer serve to `reset`. Graceful shutdown ends every stream cleanly.
/// Streams of one account woken together share their reads of its feed (`EventPages`, Q-8).
struct EventsController: Sendable {
    let domain: Domain
    let heartbeat: Duration
    let pages: EventPages
    static let pageSize = 500
    /// How long the stream waits for one read of the database before it tells the client to come back later.
    static let readLimit: Duration = .seconds(10)

    init(domain: Domain, heartbeat: Duration) {
        self.domain = domain
        self.heartbeat = heartbeat
        pages = EventPages(domain: domain, pageSize: Self.pageSize, readLimit: Self.readLimit)
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("events", use: stream)
    }

    @Sendable func stream(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let cursor = try Self.cursor(of: request)
        var start = cursor ?? 0
        if cursor == nil { start = try await domain.latestSequence(identity) }
        let (domain, pages, heartbeat, first) = (self.domain, self.pages, self.heartbeat, start)
        let body = ResponseBody { writer in
            let wakes = domain.notifier.listen(to: identity.account.id, heartbeat: heartbeat)
            var position = first
            var opening = ByteBuffer(string: "retry: 2000\n\n")
            if cursor == nil {
                SSEEvent.write(event: "ready", id: first, data: #"{"latest":\#(first)}"#, into: &opening)
            }
            try await writer.write(opening)
            do {
                if try await Self.send(pages, identity, from: &position, to: &writer) {
                    try await withGracefulShutdownHandler {
                        for await wake in wakes {
                            // ADMIN-1: a revoked credential's streams end at the next heartbeat at the latest (in
                            // this process its revocation wakes them as for one); a disabled account's at the
                            // change that disabled it, which names the account (`send`).
                            if wake == .heartbeat {
                                guard try await Self.isStillSignedIn(domain, identity) else { break }
                                try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                            }
                            guard try await Self.send(pages, identity, from: &position, to: &writer) else { break }
                        }
                    } onGracefulShutdown: {
                        domain.notifier.close()
                    }
                }
            } catch {
                // Issue 34: the database went away (or is too busy): the stream says so and ends, and the client
                // reconnects after the hint, from the last event it got.
                guard let problem = StoreProblem(error)?.counted() else { throw error }
                let seconds = Int(problem.headers[.retryAfter] ?? "") ?? 5
                var farewell = ByteBuffer(string: "retry: \(seconds * 1000)\n")
                SSEEvent.write(
                    event: "unavailable", id: position,
                    data: #"{"code":"\#(problem.code)","retryAfterSeconds":\#(seconds)}"#, into: &farewell)
                try await writer.write(farewell)
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ], body: body)
    }

    static func isStillSignedIn(_ domain: Domain, _ identity: Identity) async throws -> Bool {
        try await withDeadline(readLimit, orThrow: StoreError.timedOut) { try await domain.accounts.isStillSignedIn(identity) }
    }

    /// Writes every entry after `position` (page by page), or a reset, and moves `position` on; false, with
    /// nothing written, when a page names an account (as a disabling does) or resets and the credential no longer
    /// holds: the stream ends there.
    static func send(
        _ pages: EventPages, _ identity: Identity, from position: inout Int64,
        to writer: inout any ResponseBodyWriter
    ) async throws -> Bool {
        while true {
            switch try await pages.page(identity, after: position) {
            case .reset(let latest):
                guard try await isStillSignedIn(pages.domain, identity) else { return false }
                let reason = position > latest ? "cursor_ahead" : "cursor_expired"
                var buffer = ByteBuffer()
                SSEEvent.write(
                    event: "reset", id: latest,
                    data: #"{"reason":"\#(reason)","latest":\#(latest)}"#, into: &buffer)
                position = latest
                try await writer.write(buffer)
                return true
            case .changes(let events, let count, let last, let namesAccount):
                guard count > 0 else { return true }
                if namesAccount, try await !isStillSignedIn(pages.domain, identity) { return false }
                position = last
                try await writer.write(events)
                if count < pages.pageSize { return true }
            }
        }
    }

    /// The cursor the client gave, if any: `Last-Event-ID`, else `lastEventId` in the query.
    static func cursor(of request: Request) throws -> Int64? {
        let header = request.headers[HTTPField.Name("Last-Event-ID")!]
        let (field, value) =
            header.map { ("Last-Event-ID", $0) }
            ?? ("lastEventId", request.uri.queryParameters.get("lastEventId") ?? "")
        if value.isEmpty { return nil }
        guard let cursor = Int64(value.trimmingCharacters(in: .whitespaces)), cursor >= 0 else {
            throw DoableError.invalid(field, "'\(field)' must be a feed sequence: a whole number, 0 or more.")
        }
        return cursor
    }
}

/// One server-sent event, written as the event-stream format wants it.
enum SSEEvent {
    static func write(event: String, id: Int64, data: String, into buffer: inout ByteBuffer) {
        buffer.writeString("event: \(event)\nid: \(id)\n")
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            buffer.writeString("data: \(line)\n")
        }
        buffer.writeString("\n")
    }
}

/// A feed entry as clients see it.
struct ChangeDTO: Encodable {
    let sequence: Int64
    let entity: String
    let id: String
    let kind: String
    @Nullable var listId: String?
    @Nullable var actorId: String?
    let at: String

    init(_ change: Change) {
        sequence = change.sequence
        entity = change.entity.rawValue
        id = change.entityID
        kind = change.kind.rawValue
        listId = change.listID?.description
        actorId = change.actorID?.description
        at = change.at.description
    }
}
