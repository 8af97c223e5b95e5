import PublicInit

/// What one sync did.
public struct SyncReport: Sendable, Equatable {
    /// Mutations the server handled in this sync's pushes (applied, duplicate or rejected).
    public var pushed: Int
    /// The mutations the server refused in this sync; they are also kept in ``Replica/rejections()``.
    public var rejected: [Rejection]
    /// Entities the pull brought (changed or gone).
    public var pulled: Int
    /// Whether the server sent the whole state instead of changes (a first sync, or a cursor it could not serve).
    public var reset: Bool
    /// Changes still waiting on this device afterwards (made while the sync ran, or refused as a whole below).
    public var pending: Int
    /// Why the server took none of this device's changes, when it refused the push as a whole (a read-only token,
    /// issue 34): they stay on this device, and the pull ran anyway.
    public var pushRefused: String?

    /// A report with the given counts.
    public init(pushed: Int = 0, rejected: [Rejection] = [], pulled: Int = 0, reset: Bool = false, pending: Int = 0) {
        self.pushed = pushed
        self.rejected = rejected
        self.pulled = pulled
        self.reset = reset
        self.pending = pending
    }
}

/// How far a running sync has got, for a progress display.
@PublicInit
public struct SyncProgress: Sendable, Equatable {
    /// Sending local changes, or taking in the server's.
    public enum Phase: String, Sendable, Equatable {
        case push
        case pull
    }

    public var phase: Phase
    /// Mutations pushed, or entities pulled, so far.
    public var done: Int
    /// The number to reach, when known (pushes know it; pulls do not).
    public var total: Int?

}
