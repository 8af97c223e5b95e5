import DoableCore
import Synchronization

/// Hands committed change-feed entries to whoever listens in this process (live events, later reminders,
/// webhooks and rewards). Published only after the transaction that made them has committed.
public final class ChangeBus: Sendable {
    private let subscribers = Mutex<[Int: AsyncStream<Change>.Continuation]>([:])
    private let nextID = Atomic<Int>(0)

    public init() {}

    public func publish(_ changes: [Change]) {
        let continuations = subscribers.withLock { Array($0.values) }
        for change in changes {
            for continuation in continuations { continuation.yield(change) }
        }
    }

    /// A stream of every change published from now on; it ends when the consumer stops iterating.
    public func subscribe() -> AsyncStream<Change> {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        let (stream, continuation) = AsyncStream<Change>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }
}
