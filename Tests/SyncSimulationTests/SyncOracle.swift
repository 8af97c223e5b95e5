import DoableAPI
import DoableContractMapping
import DoableClient
import DoableCore
import Foundation
import Synchronization

/// What the server answered to every push, including answers the network then lost: the reference the final state
/// is checked against (design/sync.md "Rigorous test").
final class SyncOracle: Sendable {
    /// A field write the server reported applied (not superseded), with the clock it was applied at.
    struct AckedWrite: Sendable {
        var task: String
        var field: String
        var value: String
        var clock: String
    }

    private struct State {
        var handled: [String: Int] = [:]
        var writes: [AckedWrite] = []
        /// Per task, in server order: whether each applied delete (true) or restore (false) left it in the trash.
        var trashings: [String: [Bool]] = [:]
        var createdTasks = Set<String>()
        var violations: [String] = []
    }
    private let state = Mutex(State())

    var writes: [AckedWrite] { state.withLock { $0.writes } }
    var trashings: [String: [Bool]] { state.withLock { $0.trashings } }
    var createdTasks: Set<String> { state.withLock { $0.createdTasks } }
    var violations: [String] { state.withLock { $0.violations } }

    func violation(_ text: String) { state.withLock { $0.violations.append(text) } }

    func record(_ request: PushRequest, _ response: PushResponse, serverNow: Timestamp) {
        let mutations = Dictionary(request.mutations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        state.withLock { state in
            for result in response.results {
                guard let mutation = mutations[result.id] else { continue }
                let key = "\(request.clientId):\(result.id)"
                guard result.status == .applied else { continue }
                state.handled[key, default: 0] += 1
                if state.handled[key]! > 1 { state.violations.append("mutation \(key) was applied twice") }
                let clock = HybridTimestamp(mutation.hlc).map { $0.clamped(notAfter: serverNow).description } ?? ""
                let superseded = Set(result.superseded ?? [])
                let task = mutation.args["id"]?.stringValue ?? ""
                func write(_ field: String, _ value: String) {
                    if !superseded.contains(field) {
                        state.writes.append(AckedWrite(task: task, field: field, value: value, clock: clock))
                    }
                }
                switch mutation.name {
                case "task.create": state.createdTasks.insert(task)
                case "task.update":
                    if case .object(let fields)? = mutation.args["fields"] {
                        for (field, value) in fields where ["title", "notes", "priority"].contains(field) {
                            write(field, value.stringValue ?? "")
                        }
                    }
                case "task.complete": write("status", "completed")
                case "task.reopen": write("status", "pending")
                case "task.move":
                    if let list = mutation.args["listId"]?.stringValue { write("position", list) }
                case "task.delete": state.trashings[task, default: []].append(true)
                case "task.restore": state.trashings[task, default: []].append(false)
                default: break
                }
            }
        }
    }
}
