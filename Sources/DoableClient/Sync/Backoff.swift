/// SYNC-5: how long to wait before retrying after a failure: 0.5 s, doubling up to 60 s, each wait varied by ±20 %
/// so that many devices that lost the server at once do not come back at the same instant.
public struct Backoff: Sendable, Equatable {
    public var initial: Duration
    public var maximum: Duration
    /// The fraction each wait may vary by, either way.
    public var jitter: Double
    private var current: Duration?

    /// A backoff from `initial` doubling to `maximum`, varied by `jitter`.
    public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(60), jitter: Double = 0.2) {
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The next wait: the base doubles each time (up to `maximum`), then jitter is applied.
    public mutating func next() -> Duration {
        let base = current.map { min($0 * 2, maximum) } ?? initial
        current = base
        guard jitter > 0 else { return base }
        return base * Double.random(in: (1 - jitter)...(1 + jitter))
    }

    /// Starts again from `initial` (after a success).
    public mutating func reset() {
        current = nil
    }
}
