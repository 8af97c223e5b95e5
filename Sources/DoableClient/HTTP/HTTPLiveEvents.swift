public import AsyncHTTPClient
public import Foundation
import NIOHTTP1
import NIOCore

/// SYNC-5: the live channel over HTTP: `GET /api/v1/events` (server-sent events). Every `change` or `reset` event
/// is a nudge, and so is the `ready` that opens a fresh connection (changes may have been missed while it was
/// closed). The stream ends when the connection closes; ``SyncEngine/runLive(events:onResult:)`` reconnects.
public struct HTTPLiveEvents: LiveEvents {
    let transport: HTTPTransport
    /// How long one connection is kept before it is closed and made anew.
    static let connectionLifetime = TimeAmount.hours(1)
    static let nudgingEvents: Set<String> = ["change", "reset", "ready"]

    /// The live channel of the server at `server`, for the session `token`.
    public init(server: URL, token: String, httpClient: HTTPClient = .doable) {
        transport = HTTPTransport(server: server, token: token, httpClient: httpClient)
    }

    /// Opens one connection to the event stream; each `change`, `reset` or `ready` event yields a nudge.
    public func nudges() -> AsyncThrowingStream<Void, any Error> {
        let transport = transport
        return AsyncThrowingStream { continuation in
            let reader = Task {
                do {
                    try await Self.read(transport) { continuation.yield(()) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reader.cancel() }
        }
    }

    static func read(_ transport: HTTPTransport, nudge: @Sendable () -> Void) async throws {
        let request = try transport.request(.GET, "/api/v1/events", accept: "text/event-stream")
        do {
            let response = try await transport.httpClient.execute(request, timeout: connectionLifetime)
            guard response.status.code == 200 else {
                let body = try await response.body.collect(upTo: 64 * 1024)
                try HTTPTransport.check(status: Int(response.status.code), body: Data(body.readableBytesView))
                throw ClientError.invalidResponse("the event stream answered \(response.status.code)")
            }
            var parser = ServerSentEventParser()
            for try await chunk in response.body {
                for name in parser.feed(chunk.readableBytesView) where nudgingEvents.contains(name) { nudge() }
            }
        } catch {
            throw HTTPTransport.clientError(error)
        }
    }
}
