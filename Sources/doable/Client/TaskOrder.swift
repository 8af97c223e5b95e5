import DoableAPI
import DoableContractMapping
import DoableClient
import DoableCore

/// Orders tasks as the API's `sort` does (`TaskSort+SQL.swift`): the same keys and tie-breaks, so `doable ls
/// --sort due` and `GET /tasks?sort=due` agree.
enum TaskOrder {
    /// Each task's key is worked out once, before sorting: comparisons make no strings (ids compare as
    /// `IDSortKey`s, in the order of their text).
    static func sorted(_ tasks: [TaskRecord], by sort: TaskSort) -> [TaskRecord] {
        switch sort {
        case .manual:
            sorted(tasks, key: { ($0.rank, IDSortKey($0.id)) }, by: <)
        case .due:
            sorted(tasks, key: dueKey, by: <)
        case .priority:
            sorted(tasks, key: { (-$0.priority.weight, dueKey($0)) }) { first, second in
                first.0 != second.0 ? first.0 < second.0 : first.1 < second.1
            }
        case .created:
            sorted(tasks, key: { ($0.createdAt, IDSortKey($0.id)) }, by: >)
        case .title:
            sorted(tasks, key: { (Rules.matchKey($0.title), IDSortKey($0.id)) }, by: <)
        }
    }

    private static func sorted<Key>(
        _ tasks: [TaskRecord], key: (TaskRecord) -> Key,
        by areInOrder: (Key, Key) -> Bool
    ) -> [TaskRecord] {
        tasks.map { (key: key($0), task: $0) }.sorted { areInOrder($0.key, $1.key) }.map(\.task)
    }

    /// Undated last, then by the date's sort key, then manual order.
    private static func dueKey(_ task: TaskRecord) -> (Int, Int64, String, IDSortKey) {
        (task.due == nil ? 1 : 0, task.due?.sortKey.milliseconds ?? 0, task.rank, IDSortKey(task.id))
    }

    /// Manual order as the web app shows it: by list (in the order given), each list's tasks as a tree with
    /// subtasks under their parent. A subtask whose parent is not among `tasks` stands at the top level.
    static func tree(_ tasks: [TaskRecord], listOrder: [ListID]) -> [(task: TaskRecord, depth: Int)] {
        let present = Set(tasks.map(\.id))
        var children: [TaskID?: [TaskRecord]] = [:]
        for task in sorted(tasks, by: .manual) {
            let parent = task.parentId.flatMap { present.contains($0) ? $0 : nil }
            children[parent, default: []].append(task)
        }
        let position = Dictionary(listOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let roots = (children[nil] ?? []).enumerated()
            .map { (key: (position[$1.listId] ?? Int.max, $0), task: $1) }
            .sorted { $0.key < $1.key }
            .map(\.task)
        var rows: [(task: TaskRecord, depth: Int)] = []
        func visit(_ task: TaskRecord, depth: Int) {
            rows.append((task, depth))
            for child in children[task.id] ?? [] { visit(child, depth: depth + 1) }
        }
        for root in roots { visit(root, depth: 0) }
        return rows
    }
}
