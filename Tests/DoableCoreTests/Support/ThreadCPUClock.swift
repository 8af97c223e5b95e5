import Foundation

/// CPU time of the calling thread. Tests that guard against a hang or a quadratic path measure in it rather than on
/// the wall clock, which other work on a busy machine stretches: a synchronous test body stays on its thread.
enum ThreadCPUClock {
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    static func measure(_ work: () throws -> Void) rethrows -> Duration {
        let started = now()
        try work()
        return now() - started
    }
}
