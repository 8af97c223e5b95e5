import DoableAPI
import DoableContractMapping
import DoableCLI
import DoableClient
import DoableCore
import Foundation

/// Finding what the user named on the command line, with messages that say what to do next.
///
/// The rules are `Replica.resolveTask` and `resolveList`'s (a full id, a unique id prefix in any case, or a list's
/// name), applied to the command's snapshot so that a lookup costs no extra load of the replica.
extension Session {
    /// The task whose id starts with `prefix`: "No task matches 'abc'.", or the candidates when several do.
    func task(_ prefix: String, includeDeleted: Bool = false) throws -> TaskRecord {
        let snapshot = try snapshot()
        let key = prefix.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { throw CLIError.user("Give a task id (or the start of one).") }
        let candidates = includeDeleted ? snapshot.allTasks : snapshot.tasks
        if let exact = candidates.first(where: { $0.id.description == key }) { return exact }
        let matches = candidates.filter { $0.id.description.hasPrefix(key) }
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            if !includeDeleted, snapshot.trash.contains(where: { $0.id.description.hasPrefix(key) }) {
                throw CLIError.user(
                    "No task outside the trash matches '\(prefix)'; `doable restore \(prefix)` brings it back.")
            }
            throw CLIError.user("No task matches '\(prefix)'.")
        default:
            throw CLIError.user(Self.ambiguity(prefix, kind: "tasks", matches.map { ($0.id.description, $0.title) }))
        }
    }

    /// The list named `nameOrPrefix` (any case), or whose id starts with it; lists in the trash are not searched.
    func list(_ nameOrPrefix: String) throws -> ListRecord {
        let lists = try snapshot().lists
        let name = Rules.matchKey(nameOrPrefix.trimmingCharacters(in: .whitespaces))
        let named = lists.filter { Rules.matchKey($0.name) == name }
        if named.count == 1 { return named[0] }
        let key = nameOrPrefix.trimmingCharacters(in: .whitespaces).lowercased()
        let matches = named.isEmpty && !key.isEmpty ? lists.filter { $0.id.description.hasPrefix(key) } : named
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            throw CLIError.user(
                "No list is named '\(nameOrPrefix)' or has an id starting with it; `doable lists` shows them.")
        default:
            let candidates = matches.map { ($0.id.description, $0.name) }
            throw CLIError.user(Self.ambiguity(nameOrPrefix, kind: "lists", candidates))
        }
    }

    /// The list a task is in (trashed lists too).
    func list(of task: TaskRecord) throws -> ListRecord {
        guard let list = try snapshot().list(id: task.listId) else {
            throw CLIError.user("The list of '\(task.title)' is not on this device; run `doable sync`.")
        }
        return list
    }

    /// The ids of the labels named (any case); missing ones are created when `creating`, as quick add does.
    func labelIDs(named names: [String], creating: Bool) throws -> [LabelID] {
        var labels = try snapshot().labels
        var ids: [LabelID] = []
        for name in names {
            let key = Rules.matchKey(name)
            if let label = labels.first(where: { Rules.matchKey($0.name) == key }) {
                if !ids.contains(label.id) { ids.append(label.id) }
            } else if creating {
                let checked = try checked { try Rules.labelName(name) }
                let label = try userFacing { try replica.createLabel(name: checked, color: "gray") }
                labels.append(label)
                ids.append(label.id)
                Terminal.warn(errorStyle.dim("Created the label '\(checked)'."))
            } else {
                throw CLIError.user("No label named '\(name)'.")
            }
        }
        if labels.count != (try snapshot().labels.count) { invalidate() }
        return ids
    }

    /// "'01a2' matches 3 tasks:" and one line per candidate (at most ten), ids cut to where they differ.
    static func ambiguity(_ text: String, kind: String, _ candidates: [(id: String, name: String)]) -> String {
        let length = IDPrefix.length(for: candidates.map(\.id), among: candidates.map(\.id))
        var lines = ["'\(text)' matches \(candidates.count) \(kind):"]
        lines += candidates.prefix(10).map { "  \($0.id.prefix(length))  \($0.name)" }
        if candidates.count > 10 { lines.append("  … and \(candidates.count - 10) more") }
        lines.append("Type more of the id.")
        return lines.joined(separator: "\n")
    }

    /// Runs a replica change, turning its refusals (not found, a rule broken) into user errors (exit 1).
    @discardableResult
    func userFacing<T>(_ change: () throws -> T) throws -> T {
        do {
            return try change()
        } catch let error as ClientError {
            switch error {
            case .notFound(let message), .ambiguous(let message): throw CLIError.user(message)
            case .invalid(_, let message): throw CLIError.user(message)
            default: throw error
            }
        }
    }
}

/// Runs one of DoableCore's rules, turning its refusal into a user error.
func checked<T>(_ rule: () throws -> T) throws -> T {
    do {
        return try rule()
    } catch DoableError.invalid(_, let message) {
        throw CLIError.user(message)
    }
}
