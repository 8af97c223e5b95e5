public import DoableAPI
public import AsyncHTTPClient
public import Foundation
import NIOHTTP1

/// SYNC-3, SYNC-4: the sync protocol over HTTP: `POST /api/v1/sync/push` and `/pull` with a bearer token.
public struct HTTPSyncServer: SyncServer {
    let transport: HTTPTransport

    /// A server at `server` (e.g. `https://doable.example.com`), authenticated by `token`. With the default client
    /// a refused connection is `.offline` at once; an unanswered one after 5 s; every request gives up after 60 s.
    public init(server: URL, token: String, httpClient: HTTPClient = .doable) {
        transport = HTTPTransport(server: server, token: token, httpClient: httpClient)
    }

    /// Sends mutations (`POST /api/v1/sync/push`).
    public func push(_ request: PushRequest) async throws -> PushResponse {
        try await transport.send(.POST, "/api/v1/sync/push", body: request, as: PushResponse.self)
    }

    /// Reads what changed since a cursor (`POST /api/v1/sync/pull`).
    public func pull(_ request: PullRequest) async throws -> PullResponse {
        try await transport.send(.POST, "/api/v1/sync/pull", body: request, as: PullResponse.self)
    }
}
