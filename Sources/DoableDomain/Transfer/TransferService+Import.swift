public import DoableCore
@_spi(StoreWriting) import DoableStore

/// A task that arrives from elsewhere (an import file, the seed tool, later a sync replay): it carries its own
/// id and keeps its dates, even past ones (TASK-2).
public struct ImportedTask: Sendable {
    public var id: TaskID
    public var listID: ListID
    public var parentID: TaskID?
    public var title: String
    public var notes: String = ""
    public var status: TaskStatus = .pending
    public var priority: TaskPriority = .none
    public var due: TaskDate?
    public var labelIDs: [LabelID] = []
    public var estimatedMinutes: Int?
    public var category: TaskCategory?

    public init(id: TaskID = .make(), listID: ListID, parentID: TaskID? = nil, title: String) {
        self.id = id
        self.listID = listID
        self.parentID = parentID
        self.title = title
    }
}

extension TransferService {
    /// Creates many tasks at once, in order (a parent before its subtasks), committing `chunkSize` tasks per
    /// transaction, each with its change-feed entries. Every field rule applies except the past-deadline one.
    public func importTasks(_ identity: Identity, _ items: [ImportedTask], chunkSize: Int = 1000) async throws {
        let lists = Set(try await store.lists(ownerID: identity.account.id).map(\.id))
        let labels = Set(try await store.labels(ownerID: identity.account.id).map(\.id))
        var known: [TaskID: ListID] = [:]
        var lastRank: [String: String] = [:]
        let now = clock()
        let calendar = domain.calendar(of: identity.account)
        for chunk in stride(from: 0, to: items.count, by: chunkSize).map({ items[$0..<min($0 + chunkSize, items.count)] }) {
            var batch = WriteBatch(now: now)
            for item in chunk {
                guard lists.contains(item.listID) else { throw DoableError.notFound("List not found.", field: "listId") }
                if let parentID = item.parentID {
                    if known[parentID] == nil, let parent = try await store.task(id: parentID),
                        parent.ownerID == identity.account.id
                    {
                        known[parentID] = parent.listID
                    }
                    guard known[parentID] == item.listID else {
                        throw DoableError.notFound("Parent task not found in the same list.", field: "parentId")
                    }
                }
                guard item.labelIDs.allSatisfy(labels.contains) else {
                    throw DoableError.notFound("Label not found.", field: "labelIds")
                }
                let siblings = "\(item.listID)/\(item.parentID?.description ?? "")"
                if lastRank[siblings] == nil {
                    lastRank[siblings] =
                        try await store.neighbourRanks(
                            listID: item.listID, parentID: item.parentID,
                            around: nil
                        ).below ?? ""
                }
                let previous = lastRank[siblings].flatMap { $0.isEmpty ? nil : $0 }
                let rank = RankKey.sequence(after: previous, count: 1)[0]
                lastRank[siblings] = rank
                var task = TaskItem(
                    id: item.id, ownerID: identity.account.id, listID: item.listID, parentID: item.parentID,
                    title: try Rules.taskTitle(item.title), notes: try Rules.taskNotes(item.notes), status: item.status,
                    priority: item.priority, due: item.due, estimatedMinutes: try item.estimatedMinutes.map(Rules.estimatedMinutes),
                    category: item.category, labelIDs: item.labelIDs, rank: rank, createdAt: now, updatedAt: now)
                if task.status == .completed { task.completedAt = now }
                known[task.id] = task.listID
                batch.append(.putTask(task))
                if let completion = Self.importedCompletion(of: task, by: identity, calendar: calendar) {
                    batch.append(.addCompletion(completion))
                }
            }
            try await domain.commit(batch, by: identity.account.id)
        }
    }

    /// Issue 34: a task imported as completed counts in statistics (GAME-6) as done when it was completed, with no
    /// reward (it was not done here); nil for any other.
    static func importedCompletion(of task: TaskItem, by identity: Identity, calendar: ZonedCalendar) -> TaskCompletion? {
        guard task.status == .completed else { return nil }
        let completedAt = task.completedAt ?? task.updatedAt
        return TaskCompletion(
            id: .make(at: completedAt), taskID: task.id, ownerID: task.ownerID, actorID: identity.account.id,
            completedAt: completedAt, due: task.due, start: task.start, recurrence: task.recurrence, nextDue: nil,
            resetSubtaskIDs: [], localDay: calendar.day(of: completedAt),
            onTime: RewardFormula.isOnTime(due: task.due, completedAt: completedAt, calendar: calendar),
            ageSeconds: max(0, (completedAt.milliseconds - task.createdAt.milliseconds) / 1000))
    }
}
