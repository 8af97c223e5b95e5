public import DoableAPI
public import DoableCore
public import DoableDomain

extension ListDTO {
    public init(_ view: ListView) {
        self.init(view.list, openTaskCount: view.openTaskCount, role: view.role, memberCount: view.memberCount)
    }
}

extension ListDTO {
    public init(_ list: TaskList, openTaskCount: Int, role: ListRole = .owner, memberCount: Int = 1) {
        self.init(
            id: list.id, name: list.name, description: list.description, color: list.color, icon: list.icon,
            isInbox: list.isInbox, isArchived: list.isArchived, openTaskCount: openTaskCount, role: role,
            memberCount: memberCount, ownerId: list.ownerID, createdAt: list.createdAt, updatedAt: list.updatedAt,
            deletedAt: list.deletedAt, version: list.version)
    }
}

extension TaskDTO {
    /// `attachmentIDs`: the task's photos (`Domain.photoIDs(taskIDs:)`), which `TaskView` does not carry.
    public init(_ view: TaskView, now: Timestamp, attachmentIDs: [AttachmentID] = []) {
        let task = view.task
        self.init(
            id: task.id, listId: task.listID, parentId: task.parentID, title: task.title, notes: task.notes,
            status: task.status, priority: task.priority, due: task.due, start: task.start, labelIds: task.labelIDs,
            attachmentIds: attachmentIDs, estimatedMinutes: task.estimatedMinutes, category: task.category,
            assigneeId: task.assigneeID, recurrence: task.recurrence, recurrenceBasis: task.recurrenceBasis,
            completedAt: task.completedAt, isOverdue: task.isOverdue(now: now), progress: view.progress,
            createdAt: task.createdAt, updatedAt: task.updatedAt, deletedAt: task.deletedAt, version: task.version,
            rank: task.rank, reward: view.reward.map(RewardDTO.init))
    }
}

extension LabelDTO {
    public init(_ label: Label) {
        self.init(
            id: label.id, name: label.name, color: label.color, createdAt: label.createdAt,
            updatedAt: label.updatedAt, version: label.version)
    }
}
