import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore

/// `doable show ID`: every field of a task, its subtasks and its reminders.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a task: all its fields, subtasks and reminders.")

    @Argument(help: "The task (an id prefix; trashed tasks too).") var id: String
    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    /// `--json`: the task as the API writes it, with its subtasks and reminders beside it.
    struct Detail: Encodable {
        let task: TaskRecord
        let subtasks: [TaskRecord]
        let reminders: [ReminderRecord]
        let labels: [LabelRecord]
    }

    func run() async throws {
        let session = try options.openSession()
        await session.syncBeforeReading()
        let task = try session.task(id, includeDeleted: true)
        let all = try session.snapshot().allTasks
        let subtasks = TaskOrder.sorted(
            all.filter { $0.parentId == task.id && $0.isDeleted == task.isDeleted },
            by: .manual)
        let reminders = try session.replica.reminders(taskID: task.id)
        let labels = try session.snapshot().labels.filter { task.labelIds.contains($0.id) }
        if json.json {
            return try JSONOutput.print(Detail(task: task, subtasks: subtasks, reminders: reminders, labels: labels))
        }
        let page = TaskPage(session: session, task: task, all: all, labels: labels)
        let table = try TaskTable(session: session, showsList: false)
        page.lines(subtasks: subtasks, reminders: reminders, table: table).forEach { print($0) }
    }
}
