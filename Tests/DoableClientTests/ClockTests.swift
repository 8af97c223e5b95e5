import DoableClient
import DoableCore
import Testing

/// SYNC-2: the device's hybrid logical clock.
@Suite struct ClockTests {
    @Test("SYNC-2: readings strictly increase even when the wall clock goes backwards")
    func monotonic() async throws {
        let clock = TestClock()
        let replica = try Replica.inMemory(clock: clock.reading)
        var previous = try replica.nextClockReading()
        for step in [0, -5_000, 1, -86_400_000, 0, 10] as [Int64] {
            clock.advance(milliseconds: step)
            let reading = try replica.nextClockReading()
            #expect(reading > previous)
            #expect(reading.description > previous.description)
            #expect(reading.node == replica.clientID.lowercasedString)
            previous = reading
        }
    }

    @Test("SYNC-2: after a sync, local readings come after the server's time even if the device lags")
    func observesServerTime() async throws {
        let server = FakeServer()
        let clock = TestClock()
        clock.advance(milliseconds: -3_600_000)
        let device = try await Device.synced(with: server, clock: clock)
        try device.replica.createTask(TaskDraft(title: "Late clock"))
        let mutation = try #require(try device.replica.pendingMutations().first)
        let hlc = try #require(HybridTimestamp(mutation.hlc))
        let serverTime = await server.time
        #expect(hlc.milliseconds >= serverTime.milliseconds)
    }
}
