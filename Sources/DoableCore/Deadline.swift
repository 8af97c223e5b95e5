import Synchronization

/// Waits for `work` at most `limit`: past it, `work` is cancelled and left to end by itself, and the caller gets
/// `timeoutError` at once, even when `work` does not heed cancellation (a task group would wait for it). For what a hung
/// connection must not freeze: a live event stream's reads (issue 34), a PostgreSQL query, an outgoing delivery,
/// the CLI's sync and sign-out.
public func withDeadline<T: Sendable>(
    _ limit: Duration, orThrow timeoutError: any Error = DeadlineExceeded(), _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = OneShotContinuation<T>()
    return try await withCheckedThrowingContinuation { continuation in
        outcome.set(continuation)
        let worker = Task {
            do { outcome.resume(.success(try await work())) } catch { outcome.resume(.failure(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            guard !Task.isCancelled else { return }
            worker.cancel()
            outcome.resume(.failure(timeoutError))
        }
        outcome.onResume { timer.cancel() }
    }
}

/// What `withDeadline` throws when its limit passed first, unless the caller names another error.
public struct DeadlineExceeded: Error, Equatable, Sendable {
    public init() {}
}

/// A continuation resumed once, by whichever side comes first.
private final class OneShotContinuation<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var done = false
        var cleanup: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    func set(_ continuation: CheckedContinuation<T, any Error>) { state.withLock { $0.continuation = continuation } }

    func onResume(_ cleanup: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.done { return true }
            state.cleanup = cleanup
            return false
        }
        if runNow { cleanup() }
    }

    func resume(_ result: Result<T, any Error>) {
        let (continuation, cleanup) = state.withLock { state -> (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) in
            guard !state.done else { return (nil, nil) }
            state.done = true
            defer { state.continuation = nil; state.cleanup = nil }
            return (state.continuation, state.cleanup)
        }
        continuation?.resume(with: result)
        cleanup?()
    }
}
