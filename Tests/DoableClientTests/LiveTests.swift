@testable import DoableClient
import DoableCore
import Foundation
import Testing

/// A live channel the test nudges by hand.
final class ManualEvents: LiveEvents, @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [AsyncThrowingStream<Void, any Error>.Continuation] = []

    func nudges() -> AsyncThrowingStream<Void, any Error> {
        AsyncThrowingStream { continuation in lock.withLock { continuations.append(continuation) } }
    }

    var connections: Int { lock.withLock { continuations.count } }

    func nudge() { for continuation in lock.withLock({ continuations }) { continuation.yield(()) } }

    func close() { for continuation in lock.withLock({ continuations }) { continuation.finish() } }
}

/// SYNC-5: the live loop, its backoff and the event-stream reader.
@Suite struct LiveTests {
    @Test("SYNC-5: a nudge from the live channel starts a sync at once; a closed channel reconnects")
    func nudgeSyncs() async throws {
        let server = FakeServer()
        let device = try Device.unsynced(with: server)
        let engine = SyncEngine(
            replica: device.replica, server: server, liveFallback: .seconds(60),
            backoff: Backoff(initial: .milliseconds(10), maximum: .milliseconds(50)))
        let events = ManualEvents()
        let live = Task { await engine.runLive(events: events) }
        defer { live.cancel() }
        #expect(try await eventually { try device.replica.account() != nil })

        await server.addTask(title: "Made on the web")
        #expect(try await eventually { events.connections == 1 })
        events.nudge()
        #expect(try await eventually { try device.titles() == ["Made on the web"] })

        events.close()
        #expect(try await eventually { events.connections == 2 })
        await server.addTask(title: "Second", rank: "a1")
        events.nudge()
        #expect(try await eventually { try device.titles().count == 2 })
    }

    @Test("SYNC-5: a failed sync is retried with backoff until the server is back")
    func retriesAfterFailure() async throws {
        let server = FakeServer()
        await server.update { $0.isOffline = true }
        let device = try Device.unsynced(with: server)
        let engine = SyncEngine(
            replica: device.replica, server: server, liveFallback: .seconds(60),
            backoff: Backoff(initial: .milliseconds(10), maximum: .milliseconds(40)))
        let failures = Recorder<String>()
        let live = Task {
            await engine.runLive(events: ManualEvents()) { result in
                if case .failure(let error) = result { failures.append(String(describing: error)) }
            }
        }
        defer { live.cancel() }
        #expect(try await eventually { failures.values.count >= 3 })
        await server.update { $0.isOffline = false }
        #expect(try await eventually { try device.replica.account() != nil })
    }

    @Test("SYNC-5: backoff waits 0.5 s, doubling to 60 s, each within ±20 %")
    func backoff() {
        var backoff = Backoff()
        let expected: [Double] = [0.5, 1, 2, 4, 8, 16, 32, 60, 60]
        for base in expected {
            let wait = backoff.next()
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
            #expect(seconds >= base * 0.8 - 1e-9 && seconds <= base * 1.2 + 1e-9)
        }
        backoff.reset()
        #expect(backoff.next() <= .milliseconds(600))
    }

    @Test("SYNC-5: the event-stream reader finds each event's name across chunks, skipping comments")
    func eventStreamParser() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("retry: 2000\n\nevent: ready\nid: 4\ndata: {\"latest\":4}\n".utf8)) == [])
        #expect(parser.feed(Array("\n: heartbeat\n\nevent: cha".utf8)) == ["ready"])
        #expect(parser.feed(Array("nge\r\ndata: {}\r\n\r\ndata: plain\n\n".utf8)) == ["change", "message"])
    }
}
