import DoableClient
import DoableCore

/// Orders tasks as the API's `sort` does (`TaskSort+SQL.swift`): the same keys and tie-breaks, so `doable ls
/// --sort due` and `GET /tasks?sort=due` agree.
enum TaskOrder {
    static func sorted(_ tasks: [TaskRecord], by sort: TaskSort) -> [TaskRecord] {
        tasks.sorted { first, second in
            switch sort {
            case .manual:
                return (first.rank, first.id.description) < (second.rank, second.id.description)
            case .due:
                return dueKey(first) < dueKey(second)
            case .priority:
                if first.priority.weight != second.priority.weight {
                    return first.priority.weight > second.priority.weight
                }
                return dueKey(first) < dueKey(second)
            case .created:
                return (first.createdAt, first.id.description) > (second.createdAt, second.id.description)
            case .title:
                return (Rules.matchKey(first.title), first.id.description)
                    < (Rules.matchKey(second.title), second.id.description)
            }
        }
    }

    /// Undated last, then by the date's sort key, then manual order.
    private static func dueKey(_ task: TaskRecord) -> (Int, Int64, String, String) {
        (task.due == nil ? 1 : 0, task.due?.sortKey.milliseconds ?? 0, task.rank, task.id.description)
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
        let roots = (children[nil] ?? []).enumerated().sorted { first, second in
            let left = position[first.element.listId] ?? Int.max, right = position[second.element.listId] ?? Int.max
            return (left, first.offset) < (right, second.offset)
        }.map(\.element)
        var rows: [(task: TaskRecord, depth: Int)] = []
        func visit(_ task: TaskRecord, depth: Int) {
            rows.append((task, depth))
            for child in children[task.id] ?? [] { visit(child, depth: depth + 1) }
        }
        for root in roots { visit(root, depth: 0) }
        return rows
    }
}
