import Synchronization

/// Runs `operation` for at most `limit`, answering nil when time ran out.
///
/// A task group would wait for a child that ignores cancellation (a connect to a silent host), so the operation
/// runs in a task of its own and is only cancelled, not awaited, when the deadline wins. For a sync that is safe:
/// each page is stored in one transaction, and the command ends soon after.
func withDeadline<T: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T? {
    let race = Race<T?>()
    return try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let work = Task {
            do {
                race.finish(.success(try await operation()))
            } catch {
                race.finish(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            if race.finish(.success(nil)) { work.cancel() }
        }
        race.onFinish { timer.cancel() }
    }
}

/// A continuation resumed by whichever side finishes first; the other side's result is dropped.
private final class Race<T: Sendable>: Sendable {
    private typealias Cleanup = @Sendable () -> Void

    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var isFinished = false
        var cleanup: Cleanup?
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<T, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Runs `cleanup` once the race is over (now, if it already is).
    func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
        let isFinished = state.withLock { state in
            if !state.isFinished { state.cleanup = cleanup }
            return state.isFinished
        }
        if isFinished { cleanup() }
    }

    /// Resumes the continuation unless the other side did; answers whether this call won.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let (continuation, cleanup) = state.withLock { state -> (CheckedContinuation<T, any Error>?, Cleanup?) in
            guard !state.isFinished else { return (nil, nil) }
            state.isFinished = true
            defer { state.continuation = nil; state.cleanup = nil }
            return (state.continuation, state.cleanup)
        }
        guard let continuation else { return false }
        continuation.resume(with: result)
        cleanup?()
        return true
    }
}
