import Foundation
import Testing

/// SYNC-4: the seeded simulation, 1,000 seeds in the test command (`DOABLE_SIM_SEEDS` for more, `DOABLE_SIM_SEED`
/// to replay one).
@Suite("Sync simulation")
struct SyncSimulationTests {
    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["DOABLE_SIM_SEED"].flatMap(UInt64.init) { return [one] }
        let count = environment["DOABLE_SIM_SEEDS"].flatMap(UInt64.init) ?? 1_000
        return Array(1...max(count, 1))
    }

    @Test func SYNC4_devicesConvergeWithoutLossOrDuplicatesWhateverTheNetworkDoes() async throws {
        let seeds = Self.seeds
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount)
        var failures: [(UInt64, [String])] = []
        try await withThrowingTaskGroup(of: (UInt64, [String]).self) { group in
            var next = 0
            for _ in 0..<min(width, seeds.count) {
                let seed = seeds[next]
                next += 1
                group.addTask { (seed, try await Simulation(seed: seed).run()) }
            }
            while let (seed, violations) = try await group.next() {
                if !violations.isEmpty { failures.append((seed, violations)) }
                if next < seeds.count {
                    let seed = seeds[next]
                    next += 1
                    group.addTask { (seed, try await Simulation(seed: seed).run()) }
                }
            }
        }
        for (seed, violations) in failures.sorted(by: { $0.0 < $1.0 }).prefix(5) {
            Issue.record(
                """
                seed \(seed): \(violations.prefix(8).joined(separator: "\n  "))
                replay: DOABLE_SIM_SEED=\(seed) swift test --filter SyncSimulationTests
                """)
        }
        #expect(failures.isEmpty, "\(failures.count) of \(seeds.count) seeds broke an invariant")
    }
}
