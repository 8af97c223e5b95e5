import Logging

/// SYNC-5: keeping a replica in step while the app runs.
extension SyncEngine {
    /// Syncs, then waits for a nudge from `events` (or the fallback timer, 30 s) and syncs again, until the calling
    /// task is cancelled. After a failure it retries with exponential backoff (0.5 s doubling to 60 s, ±20 %); a
    /// nudge cuts the wait short, since it shows the server is reachable again. The live channel reconnects by
    /// itself with the same backoff. `onResult` hears the outcome of every sync.
    public func runLive(
        events: any LiveEvents,
        onResult: (@Sendable (Result<SyncReport, any Error>) -> Void)? = nil
    ) async {
        let doorbell = Doorbell()
        let listener = Task { [backoff] in await Self.listen(to: events, ringing: doorbell, backoff: backoff) }
        defer { listener.cancel() }
        var retry = backoff
        while !Task.isCancelled {
            do {
                let report = try await sync()
                onResult?(.success(report))
                retry.reset()
                await doorbell.wait(timeout: liveFallback)
            } catch {
                if Task.isCancelled { return }
                onResult?(.failure(error))
                let wait = retry.next()
                logger.debug(
                    "Sync failed; retrying",
                    metadata: [
                        "doable.sync.error": "\(String(reflecting: error))", "doable.sync.retryIn": "\(wait)",
                    ])
                await doorbell.wait(timeout: wait)
            }
        }
    }

    /// Listens to the live channel and rings the doorbell on every nudge, reconnecting after a close or an error.
    static func listen(to events: any LiveEvents, ringing doorbell: Doorbell, backoff: Backoff) async {
        var retry = backoff
        while !Task.isCancelled {
            do {
                for try await _ in events.nudges() {
                    retry.reset()
                    await doorbell.ring()
                }
            } catch {
                // A closed or failed connection: reconnect below.
            }
            guard !Task.isCancelled else { return }
            try? await Task.sleep(for: retry.next())
        }
    }
}
