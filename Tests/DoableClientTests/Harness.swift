import DoableClient
import DoableCore
import Foundation

/// A wall clock the test sets.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Timestamp

    init(_ start: Timestamp = Timestamp(milliseconds: 1_780_000_000_000)) { current = start }

    var now: Timestamp {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    func advance(milliseconds: Int64) { now = Timestamp(milliseconds: now.milliseconds + milliseconds) }

    var reading: @Sendable () -> Timestamp { { [self] in now } }
}

/// One device (a replica and its engine) against a fake server.
struct Device {
    let clock: TestClock
    let replica: Replica
    let engine: SyncEngine

    /// A device in memory that has done its first sync with `server` (so it knows the account and its Inbox).
    static func synced(with server: FakeServer, clock: TestClock = TestClock()) async throws -> Device {
        let device = try unsynced(with: server, clock: clock)
        try await device.engine.sync()
        return device
    }

    static func unsynced(with server: FakeServer, clock: TestClock = TestClock()) throws -> Device {
        let replica = try Replica.inMemory(clock: clock.reading)
        return Device(
            clock: clock, replica: replica,
            engine: SyncEngine(
                replica: replica, server: server,
                clock: clock.reading))
    }

    var inboxID: ListID {
        get throws {
            guard let account = try replica.account() else { throw ClientError.notFound("no account") }
            return account.inboxId
        }
    }

    func titles() throws -> [String] { try replica.tasks().map(\.title) }
}

/// Waits for `condition`, polling, at most `seconds`. The limit is generous because the whole suite runs in
/// parallel on two cores, where the live loop's tasks wait their turn on the cooperative pool behind hundreds of other
/// tests: on a loaded machine (issue 35: `stress-ng` beside the test command) a first sync took over 30 s to be
/// scheduled. A passing run returns as soon as the condition holds, so only a real failure waits the whole limit.
func eventually(within seconds: Double = 180, _ condition: @Sendable () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}
