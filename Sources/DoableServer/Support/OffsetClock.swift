public import DoableCore
import Foundation
import Synchronization

/// A clock that runs `offset` seconds ahead of the real one, the offset read from a file (re-read at most every
/// quarter second). Only for tests that must pass days (GAME-4's streaks over simulated days): `doable serve` uses it
/// when `DOABLE_TEST_CLOCK_FILE` names a file; nothing else ever sets it.
public final class OffsetClock: Sendable {
    let path: String
    let state = Mutex<(offsetSeconds: Int64, readAt: Timestamp?)>((0, nil))

    public init(path: String) { self.path = path }

    public func now() -> Timestamp {
        let real = Timestamp.now
        let offset = state.withLock { state -> Int64 in
            if let readAt = state.readAt, real.milliseconds - readAt.milliseconds < 250 { return state.offsetSeconds }
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            state = (Int64(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, real)
            return state.offsetSeconds
        }
        return real.adding(seconds: offset)
    }
}
