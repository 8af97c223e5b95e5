public import DoableCore
import Foundation
import PublicInit

/// SYNC-1: one change a device made offline, as the server applies it (docs/sync.md "Mutations").
@PublicInit
public struct SyncMutation: Sendable {
    /// The device's number for it: 1, 2, 3… with no gaps.
    public var id: Int64
    public var name: String
    public var clock: HybridTimestamp
    /// What it changes, for the rejection record.
    public var entityID: String?
    /// What to do, or why the mutation's arguments could not be read (it is then rejected, not the whole push).
    public var operation: Result<SyncOperation, DoableError>
}

/// The domain operation a mutation stands for.
public enum SyncOperation: Sendable {
    case createTask(TaskInput)
    case updateTask(TaskID, TaskInput)
    case completeTask(TaskID)
    case reopenTask(TaskID)
    case moveTask(TaskID, TaskPlacement)
    case deleteTask(TaskID)
    case restoreTask(TaskID)
    case createList(ListInput)
    case updateList(ListID, ListInput)
    case deleteList(ListID)
    case restoreList(ListID)
    case createLabel(LabelID, name: String, color: String?)
    case updateLabel(LabelID, name: String?, color: String?)
    case deleteLabel(LabelID)
    case createReminder(ReminderID, taskID: TaskID, trigger: Reminder.Trigger)
    /// Issue 34: a new trigger, silenced or not; what is nil stays.
    case updateReminder(ReminderID, trigger: Reminder.Trigger?, silenced: Bool?)
    case deleteReminder(ReminderID)
}

/// What became of one mutation.
@PublicInit
public struct SyncResult: Sendable {
    public enum Status: String, Sendable { case applied, rejected, duplicate }
    public var id: Int64
    public var status: Status
    /// Fields an update did not change because a later write (by clock) had set them.
    public var superseded: [String] = []
    public var error: DoableError?
}

/// The answer to a push: the last mutation handled and what became of each; `failure` when the server stopped
/// part-way for a reason of its own (the device sends the rest again).
public struct PushOutcome: Sendable {
    public var lastMutationID: Int64
    public var results: [SyncResult]
    public var failure: (any Error)?
    /// How many runs of edits could not be committed together and went one at a time (issue 32; not in the answer).
    public var runsAppliedAlone = 0
}
