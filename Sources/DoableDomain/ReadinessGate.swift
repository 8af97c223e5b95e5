import Synchronization

/// Opens once the database is ready (its schema brought up to date before the server serves); background
/// services wait for it, so that on a first start or an upgrade they do not run against missing tables.
public final class ReadinessGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextID = 0
    }

    private let state: Mutex<State>

    public init(isOpen: Bool = false) { state = Mutex(State(isOpen: isOpen)) }

    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
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
