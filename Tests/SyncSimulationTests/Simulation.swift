import DoableClient
import DoableCore
import DoableDomain
import DoableServer
@_spi(StoreWriting) import DoableStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import DoableHTTP

/// One seeded run (design/sync.md "Rigorous test"): two accounts sharing a list, 2 to 20 devices with skewed clocks
/// (one far in the future), a network that drops, duplicates and reorders, offline spells, the member removed from
/// and added to the shared list, and the feed's history dropped midway. Then the network heals and every invariant
/// is checked. Ids and rank jitter come from the system's generator; the schedule and the faults from the seed.
struct Simulation {
    let seed: UInt64

    struct Device {
        let index: Int
        let account: Int
        let replica: Replica
        let engine: SyncEngine
        let server: RouterSyncServer
    }

    /// Runs the simulation; returns what went wrong (nothing, when every invariant holds).
    func run() async throws -> [String] {
        // In memory when the machine has a tmpfs: the simulation checks sync, not the disk, and a thousand runs of
        // fsyncs would take minutes.
        let base =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm")
            : FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("doable-sim-\(seed)-\(UUID())")
        let store = try SQLiteStore(directory: directory)
        let clock = SimulatedClock(start: Timestamp(milliseconds: 1_795_000_000_000))
        let domain = Domain(store: store, passwords: PasswordHasher(cost: 4), clock: { clock.now })
        var logger = Logger(label: "simulation")
        logger.logLevel = .error
        let app = Application(router: buildRouter(domain: domain, limiter: SignInLimiter()), logger: logger)
        var violations: [String] = []
        do {
            violations = try await app.test(.router) { client in
                try await drive(client, store: store, domain: domain, clock: clock)
            }
        } catch {
            violations.append("the run failed: \(String(reflecting: error))")
        }
        try? await store.close()
        try? FileManager.default.removeItem(at: directory)
        return violations
    }

    private func drive(
        _ client: any TestClientProtocol, store: SQLiteStore, domain: Domain,
        clock: SimulatedClock
    ) async throws -> [String] {
        var random = SeededRandom(seed: seed)
        let network = SimulatedNetwork(seed: seed)
        let oracle = SyncOracle()
        let setup = try await SimulationSetup.make(client)
        let deviceCount = Int.random(in: 2...20, using: &random)
        var devices: [Device] = []
        for index in 0..<deviceCount {
            let skew: Int64 =
                index == deviceCount - 1 && deviceCount > 2
                ? 10 * 365 * 86_400_000 : Int64.random(in: -86_400_000...86_400_000, using: &random)
            let deviceClock: @Sendable () -> Timestamp = { Timestamp(milliseconds: clock.now.milliseconds + skew) }
            let account = index % 2
            let replica = try Replica.inMemory(clock: deviceClock)
            let server = RouterSyncServer(
                device: index, token: setup.tokens[account], client: client, network: network,
                oracle: oracle, clock: clock)
            devices.append(
                Device(
                    index: index, account: account, replica: replica,
                    engine: SyncEngine(replica: replica, server: server, clock: deviceClock), server: server))
        }
        var mustReset = Set<Int>()
        var isMember = true
        let steps = min(30 + 3 * deviceCount, 90)
        var label = 0
        for _ in 0..<steps {
            clock.advance(milliseconds: Int64.random(in: 1...20_000, using: &random))
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            let roll = Double.random(in: 0..<1, using: &random)
            switch roll {
            case ..<0.55:
                label += 1
                LocalChange.make(on: device.replica, label: "d\(device.index)s\(label)", random: &random, oracle: oracle)
            case ..<0.80:
                if let report = try? await device.engine.sync() {
                    if mustReset.remove(device.index) != nil && !report.reset {
                        oracle.violation("device \(device.index) pulled after the feed's history went without a reset")
                    }
                }
            case ..<0.88:
                network.setOffline(device.index, !network.isOffline(device.index))
            case ..<0.92:
                if let held = network.takeStashed(Int.random(in: 0..<1_000, using: &random)) {
                    try? await devices[held.device].server.redeliver(held.body)
                }
            case ..<0.97:
                isMember.toggle()
                try await setup.setMembership(isMember, client)
            default:
                _ = try await domain.purgeFeed(olderThanSeconds: 0)
                for device in devices {
                    guard let text = try device.replica.cursor(), let cursor = Int64(text) else { continue }
                    let bounds = try await store.feedBounds(accountID: setup.accountIDs[device.account])
                    if cursor < bounds.floor - 1 { mustReset.insert(device.index) }
                }
            }
        }
        try await SimulationCheck(
            devices: devices, network: network, oracle: oracle, store: store, setup: setup,
            client: client, clock: clock
        ).run()
        return oracle.violations
    }
}
