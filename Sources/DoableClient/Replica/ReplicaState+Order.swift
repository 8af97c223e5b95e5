import DoableAPI
import DoableCore

/// The order reads return things in. Every key is worked out once per record before sorting (never inside a
/// comparison), so sorting tens of thousands of tasks makes no strings.
extension ReplicaState {
    /// The Inbox first, then by name (case-insensitive), then by id.
    func sortedLists(includeDeleted: Bool) -> [ListRecord] {
        lists.values
            .filter { includeDeleted || $0.deletedAt == nil }
            .map { (key: NameOrder(first: $0.isInbox, name: $0.name, id: IDSortKey($0.id)), list: $0) }
            .sorted { $0.key < $1.key }
            .map(\.list)
    }

    /// By name (case-insensitive), then by id.
    func sortedLabels() -> [LabelRecord] {
        labels.values
            .map { (key: NameOrder(first: false, name: $0.name, id: IDSortKey($0.id)), label: $0) }
            .sorted { $0.key < $1.key }
            .map(\.label)
    }

    /// Whether a task shows without asking for the trash: neither it nor its list is in the trash.
    func isVisible(_ task: TaskRecord) -> Bool {
        task.deletedAt == nil && lists[task.listId]?.deletedAt == nil
    }

    /// Every task in one stable order: by list (as `sortedLists`, lists this device does not have last), then as a
    /// tree, each task followed by its subtasks, siblings by (rank, id). A task whose parent is not shown counts as
    /// top level.
    func sortedTasks(includeDeleted: Bool) -> [TaskRecord] {
        let shown = tasks.values.filter { includeDeleted || isVisible($0) }
        var listOrder: [ListID: Int] = [:]
        for (index, list) in sortedLists(includeDeleted: true).enumerated() { listOrder[list.id] = index }
        let byList = Dictionary(grouping: shown, by: \.listId)
        let listIDs = byList.keys
            .map { (position: listOrder[$0] ?? Int.max, id: IDSortKey($0), listID: $0) }
            .sorted { $0.position != $1.position ? $0.position < $1.position : $0.id < $1.id }
            .map(\.listID)
        var ordered: [TaskRecord] = []
        ordered.reserveCapacity(shown.count)
        for listID in listIDs { ordered += Self.tree(byList[listID] ?? []) }
        return ordered
    }

    /// The tasks of one list in tree order (pre-order, siblings by rank and id).
    static func tree(_ tasks: [TaskRecord]) -> [TaskRecord] {
        // One sort by (rank, id); handing out each task to its parent in that order leaves every set of siblings
        // sorted.
        let order = tasks.indices.map { (key: RankOrder(tasks[$0]), index: $0) }.sorted { $0.key < $1.key }
        let ids = Set(tasks.map(\.id))
        var roots: [Int] = []
        var children: [TaskID: [Int]] = [:]
        for (_, index) in order {
            if let parent = tasks[index].parentId, ids.contains(parent) {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        var ordered: [TaskRecord] = []
        ordered.reserveCapacity(tasks.count)
        var seen = [Bool](repeating: false, count: tasks.count)
        // Depth-first without recursion; a stack of pending siblings (reversed so the first pops first).
        var stack: [Int] = roots.reversed()
        while let index = stack.popLast() {
            guard !seen[index] else { continue }
            seen[index] = true
            ordered.append(tasks[index])
            stack += (children[tasks[index].id] ?? []).reversed()
        }
        // Tasks caught in a parent cycle (bad data) are still shown, at the end.
        if ordered.count < tasks.count {
            ordered += order.filter { !seen[$0.index] }.map { tasks[$0.index] }
        }
        return ordered
    }
}

/// Lists' and labels' order: (the Inbox first,) then by name folded for matching, then by id.
private struct NameOrder: Comparable {
    let first: Bool
    let name: String
    let id: IDSortKey

    init(first: Bool, name: String, id: IDSortKey) {
        self.first = first
        self.name = Rules.matchKey(name)
        self.id = id
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.first != rhs.first { return lhs.first }
        return lhs.name != rhs.name ? lhs.name < rhs.name : lhs.id < rhs.id
    }
}
