public import DoableCore

/// The write operations of lists, tasks, labels, comments, history, completions and undo (LIST, TASK).
@_spi(StoreWriting)
extension WriteBatch {
    public enum TaskOperation: Sendable {
        case putList(TaskList)
        case purgeList(TaskList)
        case putTask(TaskItem)
        case purgeTask(TaskItem)
        case putLabel(Label)
        case deleteLabel(Label)
        /// A list changed hands (COLLAB-1): its tasks' `owner_id` follows. Not in any feed by itself: the batch
        /// puts the list too, and a task's owner is not part of what clients see.
        case setTasksOwner(ListID, AccountID)
        case putComment(TaskComment)
        case deleteComment(TaskComment)
        /// TASK-12: history is written with the change it describes, whose own feed entry announces it.
        case addActivity(TaskActivity)
        /// TASK-10: an occurrence completed, and its removal when it is un-completed (history, not in any feed).
        case addCompletion(TaskCompletion)
        case deleteCompletion(TaskCompletion)
        /// TASK-8: undo steps kept on the server (no feed entry: nothing anyone sees changed); the account's expired
        /// ones go at the same time.
        case shelveUndo(ShelvedUndo)
        /// TASK-8: undo steps used (or no longer wanted).
        case takeUndo(id: String)
    }
}

/// `.putList(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putList(_ taskList: TaskList) -> Self { .task(.putList(taskList)) }
    public static func purgeList(_ taskList: TaskList) -> Self { .task(.purgeList(taskList)) }
    public static func putTask(_ taskItem: TaskItem) -> Self { .task(.putTask(taskItem)) }
    public static func purgeTask(_ taskItem: TaskItem) -> Self { .task(.purgeTask(taskItem)) }
    public static func putLabel(_ label: Label) -> Self { .task(.putLabel(label)) }
    public static func deleteLabel(_ label: Label) -> Self { .task(.deleteLabel(label)) }
    public static func setTasksOwner(_ listID: ListID, _ accountID: AccountID) -> Self { .task(.setTasksOwner(listID, accountID)) }
    public static func putComment(_ taskComment: TaskComment) -> Self { .task(.putComment(taskComment)) }
    public static func deleteComment(_ taskComment: TaskComment) -> Self { .task(.deleteComment(taskComment)) }
    public static func addActivity(_ taskActivity: TaskActivity) -> Self { .task(.addActivity(taskActivity)) }
    public static func addCompletion(_ taskCompletion: TaskCompletion) -> Self { .task(.addCompletion(taskCompletion)) }
    public static func deleteCompletion(_ taskCompletion: TaskCompletion) -> Self { .task(.deleteCompletion(taskCompletion)) }
    public static func shelveUndo(_ shelvedUndo: ShelvedUndo) -> Self { .task(.shelveUndo(shelvedUndo)) }
    public static func takeUndo(id: String) -> Self { .task(.takeUndo(id: id)) }
}

extension WriteBatch.TaskOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putList(let list): (list.ownerID, .list, list.id.description, .put, list.id)
        case .purgeList(let list): (list.ownerID, .list, list.id.description, .delete, list.id)
        case .putTask(let task): (task.ownerID, .task, task.id.description, .put, task.listID)
        case .purgeTask(let task): (task.ownerID, .task, task.id.description, .delete, task.listID)
        case .putLabel(let label): (label.ownerID, .label, label.id.description, .put, nil)
        case .deleteLabel(let label): (label.ownerID, .label, label.id.description, .delete, nil)
        case .putComment(let comment): (comment.authorID, .comment, comment.id.description, .put, comment.listID)
        case .deleteComment(let comment): (comment.authorID, .comment, comment.id.description, .delete, comment.listID)
        case .setTasksOwner, .addActivity, .addCompletion, .deleteCompletion, .shelveUndo, .takeUndo: nil
        }
    }
}
