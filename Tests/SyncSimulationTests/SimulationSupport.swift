import DoableCore
import Foundation
import Synchronization

/// A seeded generator (SplitMix64): the same seed gives the same schedule of operations and faults.
struct SeededRandom: RandomNumberGenerator, Sendable {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
}

/// The simulation's time: the server's clock, and every device's clock with its skew on top.
final class SimulatedClock: Sendable {
    private let current: Mutex<Timestamp>
    init(start: Timestamp) { current = Mutex(start) }
    var now: Timestamp { current.withLock { $0 } }
    func advance(milliseconds: Int64) { current.withLock { $0 = Timestamp(milliseconds: $0.milliseconds + milliseconds) } }
}

/// What the network does to a call.
enum Fault: Sendable { case none, dropRequest, dropResponse, duplicate, stash }

/// The network between the devices and the server: which devices are offline, which faults strike, and the push
/// requests held back to be delivered again later (reordered after newer ones).
final class SimulatedNetwork: Sendable {
    private struct State {
        var random: SeededRandom
        var offline = Set<Int>()
        var faulty = true
        var stashed: [(device: Int, body: Data)] = []
    }
    private let state: Mutex<State>

    init(seed: UInt64) { state = Mutex(State(random: SeededRandom(seed: seed ^ 0xFA17))) }

    func isOffline(_ device: Int) -> Bool { state.withLock { $0.offline.contains(device) } }
    func setOffline(_ device: Int, _ offline: Bool) {
        state.withLock { if offline { $0.offline.insert(device) } else { $0.offline.remove(device) } }
    }
    func heal() {
        state.withLock {
            $0.offline = []; $0.faulty = false
        }
    }

    func roll() -> Fault {
        state.withLock { state in
            guard state.faulty else { return .none }
            let value = Double.random(in: 0..<1, using: &state.random)
            switch value {
            case ..<0.08: return .dropRequest
            case ..<0.16: return .dropResponse
            case ..<0.20: return .duplicate
            case ..<0.24: return .stash
            default: return .none
            }
        }
    }

    func stash(_ device: Int, _ body: Data) { state.withLock { $0.stashed.append((device, body)) } }

    /// A held-back request to deliver now, chosen by `index`.
    func takeStashed(_ index: Int) -> (device: Int, body: Data)? {
        state.withLock { state in
            guard !state.stashed.isEmpty else { return nil }
            return state.stashed.remove(at: index % state.stashed.count)
        }
    }
}

struct SimulatedOutage: Error, CustomStringConvertible {
    let description: String
}
