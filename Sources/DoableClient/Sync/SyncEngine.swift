import DoableAPI
public import DoableCore
import Foundation
public import Logging

/// SYNC-3, SYNC-4: brings a ``Replica`` and the server in step: pushes the pending changes, then pulls what changed.
///
/// A sync pushes the outbox in id order, in batches of at most 100 mutations (and well under the server's 1 MiB
/// body limit), recording the server's rejections; then it pulls from the stored cursor until the server has no
/// more, storing each page, its cursor and (on the last page) the dropped acknowledged mutations in one
/// transaction. Calls to ``sync(progress:)`` made while one runs wait for it and then run once more if changes were
/// queued meanwhile, so two callers never sync at the same time.
public actor SyncEngine {
    let replica: Replica
    let server: any SyncServer
    let clock: @Sendable () -> Timestamp
    /// How long ``runLive(events:onResult:)`` waits for a nudge before it syncs anyway.
    let liveFallback: Duration
    /// How ``runLive(events:onResult:)`` spaces its retries after a failure.
    let backoff: Backoff
    /// Hears what each sync did, at debug level (a library throws its errors rather than logging them).
    let logger: Logger

    static let batchSize = 100
    /// The most argument bytes one push carries; the server takes at most 1 MiB per body.
    static let batchBytes = 768 * 1024

    private var running: (run: Int, task: Task<SyncReport, any Error>)?
    private var runs = 0

    /// An engine syncing `replica` with `server`. `clock` stamps the time of each completed sync; `liveFallback` and
    /// `backoff` pace ``runLive(events:onResult:)``.
    public init(
        replica: Replica, server: any SyncServer, clock: @escaping @Sendable () -> Timestamp = { .now },
        liveFallback: Duration = .seconds(30), backoff: Backoff = Backoff(),
        logger: Logger = Logger(label: "DoableClient.sync")
    ) {
        self.replica = replica
        self.server = server
        self.clock = clock
        self.liveFallback = liveFallback
        self.backoff = backoff
        self.logger = logger
    }

    /// Pushes every pending change, then pulls until the replica is up to date.
    ///
    /// Throws ``ClientError/offline(_:)`` when the server cannot be reached (nothing is lost: the changes stay
    /// queued) and ``ClientError/unauthorized(_:)`` when it refuses the token.
    @discardableResult
    public func sync(progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws -> SyncReport {
        if let current = running {
            let outcome = await current.task.result
            if let next = running, next.run != current.run { return try await next.task.value }
            let report = try outcome.get()
            if try replica.pendingCount() == 0 { return report }
        }
        runs += 1
        let run = runs
        let task = Task { try await self.perform(progress: progress) }
        running = (run, task)
        defer { if running?.run == run { running = nil } }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func perform(progress: (@Sendable (SyncProgress) -> Void)?) async throws -> SyncReport {
        var report = SyncReport()
        do {
            try await push(into: &report, progress: progress)
        } catch ClientError.server(status: 403, _, _, let message) {
            // Issue 34: a token that may only read cannot send changes, but it can still bring the server's: the
            // changes stay queued here, and the report says why they did not go.
            report.pushRefused = message
        }
        try await pull(into: &report, progress: progress)
        report.pending = try replica.pendingCount()
        logger.debug(
            "Synced",
            metadata: [
                "doable.sync.pushed": "\(report.pushed)", "doable.sync.rejected": "\(report.rejected.count)",
                "doable.sync.pulled": "\(report.pulled)", "doable.sync.reset": "\(report.reset)",
                "doable.sync.pending": "\(report.pending)",
            ])
        return report
    }

    private func push(into report: inout SyncReport, progress: (@Sendable (SyncProgress) -> Void)?) async throws {
        let total = try replica.pendingCount()
        guard total > 0 else { return }
        progress?(SyncProgress(phase: .push, done: 0, total: total))
        var after: Int64 = 0
        while true {
            let batch = try Self.fitted(replica.pendingMutations(after: after, limit: Self.batchSize))
            guard let first = batch.first, let last = batch.last else { return }
            let request = PushRequest(clientId: replica.clientID, mutations: batch)
            let response = try await call { try await self.server.push(request) }
            report.rejected += try replica.recordPush(response, sent: batch)
            report.pushed += batch.count(where: { $0.id <= response.lastMutationId })
            progress?(SyncProgress(phase: .push, done: min(report.pushed, total), total: total))
            // No progress (the server handled none of them): stop here; the pull still runs.
            guard response.lastMutationId >= first.id else { return }
            after = min(last.id, response.lastMutationId)
        }
    }

    private func pull(into report: inout SyncReport, progress: (@Sendable (SyncProgress) -> Void)?) async throws {
        var cursor = try replica.cursor()
        var resetting = false
        while true {
            let request = PullRequest(clientId: replica.clientID, cursor: cursor)
            let page = try await call { try await self.server.pull(request) }
            // A reset's first page empties the base; the pages after it continue the same full state.
            try replica.applyPull(page, clearing: page.reset && !resetting, syncedAt: clock())
            resetting = resetting || page.reset
            report.reset = report.reset || page.reset
            report.pulled += page.entityCount
            progress?(SyncProgress(phase: .pull, done: report.pulled, total: nil))
            guard page.more else { return }
            guard page.cursor != cursor else {
                throw ClientError.invalidResponse("the server asked for another page but did not move the cursor")
            }
            cursor = page.cursor
        }
    }

    /// The leading mutations of `batch` that fit in one push body.
    static func fitted(_ batch: [Mutation]) throws -> [Mutation] {
        let encoder = JSONEncoder()
        var bytes = 0
        var fitted: [Mutation] = []
        for mutation in batch {
            bytes += try encoder.encode(mutation).count
            if !fitted.isEmpty && bytes > batchBytes { break }
            fitted.append(mutation)
        }
        return fitted
    }

    /// Runs one server call; a failure that is not the server's answer means the server could not be reached.
    private func call<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ClientError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw ClientError.offline(String(describing: error))
        }
    }
}
