public import DoableAPI
public import DoableCore

/// TASK-4, TASK-5: moving a task to another list, under another parent, or to another place among its siblings.
/// A move is one position (list, parent, rank together), so two devices moving one task never make two copies.
extension Replica {
    /// Where a moved task goes among its new siblings.
    enum Placement {
        case end
        case after(TaskID)
        /// Before the task; nil: before the first sibling.
        case before(TaskID?)
    }

    /// Moves the task (with its subtasks) to `toList` (nil: its parent's list, or where it is), under `parent`
    /// (nil: the parent stays unless the list changes; `.some(nil)`: top level), right after the sibling `after`
    /// (nil: after the last sibling). Computes the new rank.
    @discardableResult
    public func moveTask(_ id: TaskID, toList: ListID?, parent: TaskID??, after: TaskID? = nil) throws -> TaskRecord {
        try move(id, toList: toList, parent: parent, placement: after.map(Placement.after) ?? .end)
    }

    /// Like ``moveTask(_:toList:parent:after:)``, but right before the sibling `before` (nil: before the first).
    @discardableResult
    public func moveTask(_ id: TaskID, toList: ListID?, parent: TaskID??, before: TaskID?) throws -> TaskRecord {
        try move(id, toList: toList, parent: parent, placement: .before(before))
    }

    private func move(_ id: TaskID, toList: ListID?, parent: TaskID??, placement: Placement) throws -> TaskRecord {
        let state = try queue { state in
            let task = try state.editableTask(id)
            var parentID = task.parentId
            if let parent {
                parentID = parent
            } else if let toList, toList != task.listId {
                parentID = nil
            }
            let parentTask = try parentID.map { try state.editableTask($0, field: "parentId") }
            let listID = toList ?? parentTask?.listId ?? task.listId
            _ = try state.editableList(listID)
            if let parentTask, parentTask.listId != listID {
                throw ClientError.invalid(field: "parentId", message: "The parent task is in another list.")
            }
            if let parentID, state.isAncestor(id, of: parentID) {
                throw ClientError.invalid(
                    field: "parentId",
                    message: "A task cannot be moved under itself or one of its subtasks.")
            }
            let siblings = state.siblings(in: listID, parent: parentID, excluding: id)
            let rank = try Self.rank(placement, among: siblings)
            return (
                "task.move",
                [
                    "id": .text(id), "listId": .text(listID), "parentId": .text(orNull: parentID),
                    "rank": .string(rank),
                ]
            )
        }
        return try Self.shown(state.tasks[id], "task")
    }

    /// A new rank key for `placement` among `siblings` (in order).
    static func rank(_ placement: Placement, among siblings: [TaskRecord]) throws -> String {
        func index(of neighbour: TaskID, field: String) throws -> Int {
            guard let index = siblings.firstIndex(where: { $0.id == neighbour }) else {
                throw ClientError.invalid(
                    field: field,
                    message:
                        "Task \(neighbour) is not among the tasks at the place you are moving to.")
            }
            return index
        }
        switch placement {
        case .end:
            return RankKey.between(siblings.last?.rank, nil)
        case .after(let neighbour):
            let index = try index(of: neighbour, field: "after")
            let next = index + 1 < siblings.count ? siblings[index + 1].rank : nil
            return RankKey.between(siblings[index].rank, next)
        case .before(let neighbour):
            guard let neighbour else { return RankKey.between(nil, siblings.first?.rank) }
            let index = try index(of: neighbour, field: "before")
            return RankKey.between(index > 0 ? siblings[index - 1].rank : nil, siblings[index].rank)
        }
    }
}
