import DoableCore
import DoableDomain
import Foundation

/// TASK-8: what puts an action back. A token is the list of inverse steps, sent back by the Undo button. Each step
/// is an ordinary Domain operation the member could do by hand, checked again when it runs, so the token needs no
/// signature: forging one gains nothing.
enum UndoStep: Codable, Sendable {
    case reopen(TaskID)
    case complete(TaskID)
    case restore(TaskID)
    case delete(TaskID)
    case place(TaskID, list: ListID, parent: TaskID?, after: TaskID?, before: TaskID?)
    case due(TaskID, TaskDate?)
    case labels(TaskID, [LabelID])
    case restoreList(ListID)
    /// COLLAB-2: the assignee a move cleared (run after the move back).
    case assign(TaskID, AccountID?)
    /// TASK-12: a comment the author deleted, posted again.
    case comment(TaskID, String)
    /// COLLAB-1: Undo of Share, of Remove and of Change role.
    case removeMember(ListID, AccountID)
    case addMember(ListID, username: String, role: ListRole)
    case memberRole(ListID, AccountID, ListRole)
    /// The task page's Save: every field back as it was (and the task back in its list).
    case revert(TaskItem)
    /// NOTIF-1: Undo of adding a reminder, of deleting one (set again), and of silencing one (back as it was).
    case deleteReminder(ReminderID)
    case reminder(TaskID, Reminder.Trigger, silenced: Bool)
    case silenceReminder(ReminderID, Bool)
}

struct UndoToken: Sendable {
    var steps: [UndoStep]

    /// Tokens longer than this are kept on the server (`Domain.shelveUndo`) and the page carries `shelf:ID`: a
    /// cookie holds about 4 KB with the flash message around it.
    static let inlineLimit = 3_000
    static let shelfPrefix = "shelf:"

    init(_ steps: [UndoStep]) { self.steps = steps }

    var encoded: String { ((try? JSONEncoder().encode(steps)) ?? Data()).base64URLEncoded }

    init?(encoded: String) {
        guard encoded.utf8.count <= TaskService.shelvedUndoMaximumBytes, let data = Data(base64URLEncoded: encoded),
            let steps = try? JSONDecoder().decode([UndoStep].self, from: data), !steps.isEmpty, steps.count <= 10_000
        else { return nil }
        self.steps = steps
    }

    /// Runs the steps, last action first.
    func apply(_ domain: Domain, _ identity: Identity) async throws {
        for step in steps.reversed() {
            switch step {
            case .reopen(let id):
                _ = try await domain.tasks.reopenTask(identity, id: id)
            case .complete(let id):
                _ = try await domain.tasks.completeTask(identity, id: id, includeSubtasks: false)
            case .restore(let id):
                _ = try await domain.tasks.restoreTask(identity, id: id)
            case .delete(let id):
                try await domain.tasks.deleteTask(identity, id: id)
            case .place(let id, let list, let parent, let after, let before):
                _ = try await domain.tasks.moveTask(
                    identity, id: id,
                    TaskPlacement(
                        listID: list, parentID: .some(parent), beforeID: before, afterID: after))
            case .due(let id, let due):
                var input = TaskInput()
                input.due = .some(due)
                input.isRestoringPreviousValues = true
                _ = try await domain.tasks.updateTask(identity, id: id, input)
            case .labels(let id, let labels):
                var input = TaskInput()
                input.labelIDs = labels
                _ = try await domain.tasks.updateTask(identity, id: id, input)
            case .restoreList(let id):
                _ = try await domain.tasks.restoreList(identity, id: id)
            case .assign(let id, let assignee):
                var input = TaskInput()
                input.assigneeID = .some(assignee)
                _ = try await domain.tasks.updateTask(identity, id: id, input)
            case .comment(let id, let body):
                _ = try await domain.tasks.addComment(identity, taskID: id, body: body)
            case .removeMember(let list, let account):
                try await domain.sharing.removeMember(identity, listID: list, accountID: account)
            case .addMember(let list, let username, let role):
                _ = try await domain.sharing.addMember(identity, listID: list, login: username, role: role.rawValue)
            case .memberRole(let list, let account, let role):
                _ = try await domain.sharing.updateMember(identity, listID: list, accountID: account, role: role.rawValue)
            case .revert(let old):
                let now = try await domain.tasks.task(identity, id: old.id).task
                if now.listID != old.listID {
                    _ = try await domain.tasks.moveTask(identity, id: old.id, TaskPlacement(listID: old.listID))
                }
                var input = TaskInput(title: old.title)
                input.notes = old.notes
                input.status = old.status
                input.priority = old.priority
                input.due = .some(old.due)
                input.start = .some(old.start)
                input.estimatedMinutes = .some(old.estimatedMinutes)
                input.category = .some(old.category)
                input.labelIDs = old.labelIDs
                // The assignee comes back too, unless they have left the list meanwhile.
                var restoresAssignee = now.assigneeID != old.assigneeID
                if restoresAssignee, let id = old.assigneeID {
                    restoresAssignee = try await domain.sharing.members(identity, listID: old.listID)
                        .contains { $0.accountID == id }
                }
                if restoresAssignee { input.assigneeID = .some(old.assigneeID) }
                // TASK-10: the repeat rule and its basis too, when Save changed them.
                if now.recurrence != old.recurrence { input.recurrence = .some(old.recurrence) }
                if now.recurrenceBasis != old.recurrenceBasis { input.recurrenceBasis = old.recurrenceBasis }
                input.isRestoringPreviousValues = true
                _ = try await domain.tasks.updateTask(identity, id: old.id, input)
            case .deleteReminder(let id):
                try await domain.reminders.deleteReminder(identity, id: id)
            case .reminder(let task, let trigger, let silenced):
                let reminder = try await domain.reminders.createReminder(identity, taskID: task, trigger: trigger)
                if silenced { _ = try await domain.reminders.updateReminder(identity, id: reminder.id, trigger: nil, silenced: true) }
            case .silenceReminder(let id, let silenced):
                _ = try await domain.reminders.updateReminder(identity, id: id, trigger: nil, silenced: silenced)
            }
        }
    }
}
