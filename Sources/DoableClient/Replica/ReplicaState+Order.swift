import DoableCore

/// The order reads return things in.
extension ReplicaState {
    /// The Inbox first, then by name (case-insensitive), then by id.
    func sortedLists(includeDeleted: Bool) -> [ListRecord] {
        lists.values
            .filter { includeDeleted || $0.deletedAt == nil }
            .sorted { lhs, rhs in
                if lhs.isInbox != rhs.isInbox { return lhs.isInbox }
                let (left, right) = (Rules.matchKey(lhs.name), Rules.matchKey(rhs.name))
                return left != right ? left < right : lhs.id < rhs.id
            }
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
        let listIDs = byList.keys.sorted { lhs, rhs in
            let (left, right) = (listOrder[lhs] ?? Int.max, listOrder[rhs] ?? Int.max)
            return left != right ? left < right : lhs < rhs
        }
        var ordered: [TaskRecord] = []
        ordered.reserveCapacity(shown.count)
        for listID in listIDs { ordered += Self.tree(byList[listID] ?? []) }
        return ordered
    }

    /// The tasks of one list in tree order (pre-order, siblings by rank and id).
    static func tree(_ tasks: [TaskRecord]) -> [TaskRecord] {
        let ids = Set(tasks.map(\.id))
        var children: [TaskID?: [TaskRecord]] = [:]
        for task in tasks {
            let parent = task.parentId.flatMap { ids.contains($0) ? $0 : nil }
            children[parent, default: []].append(task)
        }
        for key in children.keys { children[key]?.sort(by: inRankOrder) }
        var ordered: [TaskRecord] = []
        var seen: Set<TaskID> = []
        // Depth-first without recursion; a stack of pending siblings (reversed so the first pops first).
        var stack: [TaskRecord] = (children[nil] ?? []).reversed()
        while let task = stack.popLast() {
            guard seen.insert(task.id).inserted else { continue }
            ordered.append(task)
            stack += (children[task.id] ?? []).reversed()
        }
        // Tasks caught in a parent cycle (bad data) are still shown, at the end.
        if ordered.count < tasks.count {
            ordered += tasks.filter { !seen.contains($0.id) }.sorted(by: inRankOrder)
        }
        return ordered
    }
}
