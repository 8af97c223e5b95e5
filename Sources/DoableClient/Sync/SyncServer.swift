public import DoableAPI
/// SYNC-3, SYNC-4: the two calls of the sync protocol. `HTTPSyncServer` speaks them to a Doable server; tests and
/// simulations put an in-process model behind the same protocol.
///
/// A transport failure should throw `ClientError.offline`; any other error that is not a `ClientError` is taken
/// for one too.
public protocol SyncServer: Sendable {
    /// Sends mutations (`POST /api/v1/sync/push`).
    func push(_ request: PushRequest) async throws -> PushResponse
    /// Reads what changed since a cursor (`POST /api/v1/sync/pull`).
    func pull(_ request: PullRequest) async throws -> PullResponse
}
