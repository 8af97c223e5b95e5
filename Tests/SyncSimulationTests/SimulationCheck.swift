import DoableAPI
import DoableContractMapping
import DoableClient
import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import HummingbirdTesting

/// The end of a run: the network heals, every device syncs until nothing moves, and the invariants are checked.
struct SimulationCheck {
    let devices: [Simulation.Device]
    let network: SimulatedNetwork
    let oracle: SyncOracle
    let store: SQLiteStore
    let setup: SimulationSetup
    let client: any TestClientProtocol
    let clock: SimulatedClock

    struct TaskShape: Equatable, CustomStringConvertible {
        var id: String, title: String, notes: String, priority: String, status: String, list: String, parent: String,
            rank: String, deleted: Bool
        init(_ task: TaskRecord) {
            (id, title, notes, priority) = (task.id.description, task.title, task.notes, task.priority.rawValue)
            (status, list, parent, rank) = (
                task.status.rawValue, task.listId.description,
                task.parentId?.description ?? "", task.rank
            )
            deleted = task.isDeleted
        }
        init(_ task: TaskItem) {
            (id, title, notes, priority) = (task.id.description, task.title, task.notes, task.priority.rawValue)
            (status, list, parent, rank) = (
                task.status.rawValue, task.listID.description,
                task.parentID?.description ?? "", task.rank
            )
            deleted = task.deletedAt != nil
        }
        var description: String { "\(id.suffix(6)) '\(title)' \(status) \(list.suffix(4)) \(rank)\(deleted ? " trashed" : "")" }
    }

    func run() async throws {
        network.heal()
        while let held = network.takeStashed(0) { try? await devices[held.device].server.redeliver(held.body) }
        try await quiesce()
        for account in 0..<2 { try await checkConvergence(of: account) }
        try await checkAcknowledgedWrites()
    }

    /// Syncs every device until a whole round pushes and pulls nothing.
    private func quiesce() async throws {
        for round in 1...10 {
            var moved = false
            for device in devices {
                clock.advance(milliseconds: 10)
                do {
                    let report = try await device.engine.sync()
                    moved = moved || report.pushed > 0 || report.pulled > 0
                    if report.pending > 0 {
                        oracle.violation("device \(device.index) still has \(report.pending) changes queued after a sync")
                    }
                } catch {
                    oracle.violation("device \(device.index) could not sync after healing: \(error)")
                }
            }
            if !moved { return }
            if round == 10 { oracle.violation("the devices did not settle in 10 rounds") }
        }
    }

    /// Every device of the account holds what a fresh device gets, in the same order, and that is the server's.
    private func checkConvergence(of account: Int) async throws {
        let fresh = try Replica.inMemory(clock: { clock.now })
        let server = RouterSyncServer(
            device: 1_000 + account, token: setup.tokens[account], client: client,
            network: network, oracle: oracle, clock: clock)
        _ = try await SyncEngine(replica: fresh, server: server, clock: { clock.now }).sync()
        let expected = try fresh.tasks(includeDeleted: true).map(TaskShape.init)
        let expectedLists = try fresh.lists().map(\.id)
        for device in devices where device.account == account {
            let shown = try device.replica.tasks(includeDeleted: true).map(TaskShape.init)
            if shown != expected {
                let onDevice = Set(shown.map(\.description)).subtracting(expected.map(\.description))
                let onFresh = Set(expected.map(\.description)).subtracting(shown.map(\.description))
                oracle.violation(
                    "device \(device.index) differs from a fresh device: "
                        + (onDevice.isEmpty && onFresh.isEmpty
                            ? "same tasks in another order"
                            : "only on the device: \(onDevice.sorted()), only on a fresh one: \(onFresh.sorted())"))
            }
            if try device.replica.lists().map(\.id) != expectedLists {
                oracle.violation("device \(device.index) has other lists than a fresh device")
            }
        }
        let stored = try await store.tasks(listIDs: expectedLists, after: nil, limit: 1_000_000).map(TaskShape.init)
        if Set(stored.map(\.description)) != Set(expected.map(\.description)) {
            oracle.violation("account \(account): a fresh device differs from the server")
        }
        let ids = expected.map(\.id)
        if Set(ids).count != ids.count { oracle.violation("account \(account): a task shows twice") }
    }

    /// No acknowledged write is lost: it is visible, or a write with a later clock replaced it; no acknowledged
    /// create is missing; the last applied delete or restore decides whether a task is in the trash.
    private func checkAcknowledgedWrites() async throws {
        for id in oracle.createdTasks {
            guard let taskID = TaskID(id), try await store.task(id: taskID) != nil else {
                oracle.violation("acknowledged create of \(id) is missing on the server")
                continue
            }
        }
        let writes = oracle.writes
        let clocks = try await store.fieldClocks(entityIDs: Array(Set(writes.map(\.task))))
        for write in writes {
            guard let taskID = TaskID(write.task), let task = try await store.task(id: taskID) else { continue }
            let value =
                switch write.field {
                case "title": task.title
                case "notes": task.notes
                case "priority": task.priority.rawValue
                case "status": task.status.rawValue
                default: task.listID.description
                }
            let stored = clocks[write.task]?[write.field] ?? ""
            if value != write.value && !(stored > write.clock) {
                oracle.violation(
                    "acknowledged \(write.field) '\(write.value)' of \(write.task) is lost: "
                        + "the server has '\(value)' at clock \(stored), the write had \(write.clock)")
            }
        }
        for (id, trashings) in oracle.trashings {
            // A subtask also goes to the trash and back with its parent: only top-level tasks follow their own.
            guard let taskID = TaskID(id), let task = try await store.task(id: taskID), task.parentID == nil,
                let last = trashings.last
            else { continue }
            if (task.deletedAt != nil) != last {
                oracle.violation(last ? "task \(id) came back after its last delete" : "task \(id) is trashed after its last restore")
            }
        }
    }
}
