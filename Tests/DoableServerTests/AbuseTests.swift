import DoableCore
import DoableDomain
import DoableServer
import Foundation
import Testing

@Suite("Abuse limits")
struct AbuseTests {
    @Test func Q7_oneAccountsFloodWaitsItsTurnWhileOthersGoAhead() async throws {
        let limiter = FairShareLimiter(perAccount: 2, maxWaiting: 3)
        let flooder = AccountID.make()
        let other = AccountID.make()
        try await limiter.acquire(flooder)
        try await limiter.acquire(flooder)
        let queued = Task { try await limiter.acquire(flooder) }
        try await Task.sleep(for: .milliseconds(50))
        // The flooder's third request waits; another account's request is let through at once.
        try await limiter.acquire(other)
        limiter.release(flooder)
        try await queued.value
        let overflow = (0..<3).map { _ in Task { try await limiter.acquire(flooder) } }
        try await Task.sleep(for: .milliseconds(50))
        await #expect(throws: DoableError.self) { try await limiter.acquire(flooder) }
        for _ in 0..<3 { limiter.release(flooder) }
        for task in overflow { try await task.value }
    }

    @Test func Q7_bodiesOverOneMebibyteAreRefusedAndStoreNothing() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let notes = String(repeating: "n", count: 1_048_577)
            let response = try await api.call(.post, "/api/v1/tasks", token: token,
                                              json: ["title": "big", "notes": notes])
            #expect(response.status == .contentTooLarge)
            #expect(try await api.tasks(token).isEmpty)
        }
    }

    @Test func ACC2_signInLimiterCountsWindowAndForgivesOnSuccess() {
        let limiter = SignInLimiter(limits: .init(perAccount: 2, perAddress: 10, windowSeconds: 60))
        limiter.recordFailure(login: "Zoe", address: "1.2.3.4", now: 1000)
        #expect(limiter.retryAfter(login: "zoe", address: "1.2.3.4", now: 1001) == nil)
        limiter.recordFailure(login: "zoe", address: "1.2.3.4", now: 1010)
        #expect(limiter.retryAfter(login: "ZOE", address: "5.6.7.8", now: 1020) == 40)
        #expect(limiter.retryAfter(login: "zoe", address: "1.2.3.4", now: 1061) == nil, "the window slides")
        limiter.recordFailure(login: "zoe", address: "1.2.3.4", now: 1062)
        limiter.recordSuccess(login: "zoe")
        #expect(limiter.retryAfter(login: "zoe", address: "1.2.3.4", now: 1063) == nil)
    }
}
