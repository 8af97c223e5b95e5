public import DoableAPI
import DoableCore
import Foundation

/// Finding a task, list or label from what a person types: a full id, the start of one, or a name.
extension Replica {
    /// The task whose id is `prefix` or starts with it (case-insensitive). Tasks in the trash count only when
    /// `includeDeleted`. Throws `.notFound`, or `.ambiguous` naming the candidates.
    public func resolveTask(_ prefix: String, includeDeleted: Bool = false) throws -> TaskRecord {
        let key = try Self.idKey(prefix, field: "task")
        let snapshot = try snapshot()
        let tasks = includeDeleted ? snapshot.allTasks : snapshot.tasks
        let matches = tasks.filter { $0.id.description.hasPrefix(key) }
        if let exact = matches.first(where: { $0.id.description == key }) { return exact }
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            let trash = includeDeleted ? "" : " (tasks in the trash were not searched)"
            throw ClientError.notFound("No task on this device has an id starting with “\(prefix)”\(trash).")
        default:
            throw ClientError.ambiguous(
                Self.ambiguity(
                    prefix, kind: "tasks",
                    matches.map { ($0.id.description, $0.title) }))
        }
    }

    /// The list named `nameOrPrefix` (case-insensitive), or whose id starts with it. Lists in the trash are not
    /// searched.
    public func resolveList(_ nameOrPrefix: String) throws -> ListRecord {
        let lists = try snapshot().lists
        return try Self.resolve(nameOrPrefix, kind: "list", among: lists.map { ($0.id.description, $0.name, $0) })
    }

    /// The label named `nameOrPrefix` (case-insensitive), or whose id starts with it.
    public func resolveLabel(_ nameOrPrefix: String) throws -> LabelRecord {
        let labels = try labels()
        return try Self.resolve(nameOrPrefix, kind: "label", among: labels.map { ($0.id.description, $0.name, $0) })
    }

    static func resolve<T>(_ text: String, kind: String, among items: [(id: String, name: String, item: T)]) throws
        -> T
    {
        let name = Rules.matchKey(text.trimmingCharacters(in: .whitespaces))
        let named = items.filter { Rules.matchKey($0.name) == name }
        if named.count == 1 { return named[0].item }
        if named.count > 1 {
            throw ClientError.ambiguous(ambiguity(text, kind: "\(kind)s", named.map { ($0.id, $0.name) }))
        }
        let key = try idKey(text, field: kind)
        let matches = items.filter { $0.id.hasPrefix(key) }
        switch matches.count {
        case 1: return matches[0].item
        case 0: throw ClientError.notFound("No \(kind) on this device is named “\(text)” or has an id starting with it.")
        default: throw ClientError.ambiguous(ambiguity(text, kind: "\(kind)s", matches.map { ($0.id, $0.name) }))
        }
    }

    /// The lower-cased id text to match, refusing an empty one.
    static func idKey(_ text: String, field: String) throws -> String {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else {
            throw ClientError.invalid(field: field, message: "Give a \(field) id (or the start of one).")
        }
        return key
    }

    /// “ab” matches 3 tasks: 0192f7a3b1 “Buy milk”, …; each id cut to the length that tells them apart.
    static func ambiguity(_ text: String, kind: String, _ candidates: [(id: String, name: String)]) -> String {
        let length = distinguishingLength(candidates.map(\.id))
        let shown = candidates.prefix(10).map { "\($0.id.prefix(length)) “\($0.name)”" }
        let more = candidates.count > 10 ? ", and \(candidates.count - 10) more" : ""
        return "“\(text)” matches \(candidates.count) \(kind): \(shown.joined(separator: ", "))\(more). "
            + "Type more of the id."
    }

    /// The shortest prefix length (at least `minimum`) at which all `ids` differ.
    public static func distinguishingLength(_ ids: [String], minimum: Int = 8) -> Int {
        let maximum = ids.map(\.count).max() ?? minimum
        var length = minimum
        while length < maximum, Set(ids.map { $0.prefix(length) }).count < Set(ids).count { length += 1 }
        return length
    }
}
