import DoableCore
import DoableDomain
import DoableServer
import Foundation
import Testing
@testable import DoableHTTP

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
            let response = try await api.call(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "big", "notes": notes])
            #expect(response.status == .contentTooLarge)
            #expect(try await api.tasks(token).isEmpty)
        }
    }

    /// Issue 10, finding 7: the lock is the account's, whatever login or address the guesses came from.
    @Test func ACC2_signInLimiterLocksTheAccountAndForgivesOnSuccess() async {
        let limiter = SignInLimiter(limits: .init(perAccount: 2, windowSeconds: 60))
        let zoe = AccountID.make()
        let other = AccountID.make()
        await limiter.recordFailure(account: zoe, address: "192.0.2.1", now: 1000)
        #expect(await limiter.lockedSeconds(account: zoe, now: 1001) == nil)
        await limiter.recordFailure(account: zoe, address: "198.51.100.7", now: 1010)
        #expect(await limiter.lockedSeconds(account: zoe, now: 1020) == 40)
        await #expect(throws: DoableError.self) { try await limiter.requireUnlocked(account: zoe, now: 1020) }
        #expect(await limiter.lockedSeconds(account: other, now: 1020) == nil, "another account is not locked")
        #expect(await limiter.lockedSeconds(account: zoe, now: 1061) == nil, "the window slides")
        await limiter.recordFailure(account: zoe, address: "192.0.2.1", now: 1062)
        await limiter.recordSuccess(account: zoe)
        await limiter.recordFailure(account: zoe, address: "192.0.2.1", now: 1063)
        #expect(await limiter.lockedSeconds(account: zoe, now: 1063) == nil, "success starts the count again")
    }

    /// Issue 10, finding 10: failures from one address slow it down, doubling per failure up to a bound; they
    /// never lock it out, and they do not touch other addresses.
    @Test func ACC2_addressFailuresSlowAttemptsDownWithABoundedDelay() async {
        let limiter = SignInLimiter(
            limits: .init(
                windowSeconds: 60, freeFailuresPerAddress: 3,
                firstAddressDelay: 0.5, maxAddressDelay: 4))
        var delays: [Double] = []
        for index in 0..<9 {
            delays.append(await limiter.delay(address: "203.0.113.9", now: 1000 + Double(index)))
            await limiter.recordFailure(login: "nobody\(index)", account: nil, address: "203.0.113.9", now: 1000 + Double(index))
        }
        #expect(delays == [0, 0, 0, 0.5, 1, 2, 4, 4, 4])
        #expect(await limiter.delay(address: "203.0.113.10", now: 1010) == 0)
        #expect(await limiter.delay(address: "203.0.113.9", now: 1070) == 0, "failures leave the window")
    }

    @Test func ACC2_onlyABoundedNumberOfAttemptsFromOneAddressWaitAtOnce() async throws {
        let limiter = SignInLimiter(
            limits: .init(
                freeFailuresPerAddress: 0, firstAddressDelay: 0.3,
                maxAddressDelay: 0.3, maxDelayedPerAddress: 2))
        await limiter.recordFailure(login: "nobody", account: nil, address: "192.0.2.50")
        let waiting = (0..<2).map { _ in Task { try await limiter.admit(address: "192.0.2.50") } }
        try await Task.sleep(for: .milliseconds(100))
        await #expect(throws: DoableError.self) { try await limiter.admit(address: "192.0.2.50") }
        try await limiter.admit(address: "192.0.2.51")
        for task in waiting { try await task.value }
        let started = ContinuousClock.now
        try await limiter.admit(address: "192.0.2.50")
        #expect(ContinuousClock.now - started >= .milliseconds(250), "a freed slot is usable again, after the delay")
    }
}
