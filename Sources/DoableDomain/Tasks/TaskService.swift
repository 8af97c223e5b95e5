/// LIST-1 to TASK-12: lists, tasks and their subtasks, labels, comments and history, recurrence, the trash and undo, as one service over the shared core (`DomainService`).
public struct TaskService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }
}

extension Domain {
    /// Lists and tasks.
    public var tasks: TaskService { TaskService(domain: self) }
}
