import Synchronization

/// A gate tasks wait at until it opens: `ReadinessGate` (open once the database is ready, so that background
/// services do not run against missing tables) and PostgreSQL's availability (open while the server is down, so
/// that operations waiting for a connection give up).
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextID = 0
    }

    private let state: Mutex<State>

    public init(isOpen: Bool = false) { state = Mutex(State(isOpen: isOpen)) }

    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the gate; returns whether it was closed.
    @discardableResult
    public func open() -> Bool {
        var wasClosed = false
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            wasClosed = !state.isOpen
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
        return wasClosed
    }

    /// Closes the gate again; returns whether it was open.
    @discardableResult
    public func close() -> Bool {
        state.withLock { state in
            defer { state.isOpen = false }
            return state.isOpen
        }
    }

    /// Returns once open, or at once when the task is cancelled.
    public func wait() async {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
