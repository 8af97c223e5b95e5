import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore

/// `doable edit ID`: changes only the fields given, so edits of other fields on other devices are kept.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a task's fields.")

    @Argument(help: "The task (an id prefix).") var id: String
    @Option(name: .long, help: "A new title (taken as typed: quick add does not read it).") var title: String?
    @Option(name: .long, help: "New notes (\"\" clears them).") var notes: String?
    @Option(name: .long, help: "Due date (same forms as `doable add --due`).") var due: String?
    @Flag(name: .customLong("clear-due"), help: "Remove the due date.") var clearDue = false
    @Option(name: .long, help: "Start date (same forms as --due).") var start: String?
    @Flag(name: .customLong("clear-start"), help: "Remove the start date.") var clearStart = false
    @Option(name: .long, help: "none, low, medium or high.") var priority: String?
    @Option(name: .long, help: "pending, inProgress or completed.") var status: String?
    @Option(name: .long, help: "Move it to this list (a name or an id prefix).") var list: String?
    @Option(name: .customLong("add-label"), help: "Add a label (created if missing); repeatable.")
    var addLabel: [String] = []
    @Option(name: .customLong("remove-label"), help: "Remove a label; repeatable.") var removeLabel: [String] = []
    @Flag(name: .customLong("clear-repeat"), help: "Stop the task from repeating.") var clearRepeat = false
    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    func validate() throws {
        if due != nil && clearDue { throw ValidationError("Give --due or --clear-due, not both.") }
        if start != nil && clearStart { throw ValidationError("Give --start or --clear-start, not both.") }
    }

    func run() async throws {
        let session = try options.openSession()
        let task = try session.task(id)
        try session.list(of: task).require(.editor, for: "editing tasks")
        let fields = try makeFields(task, session)
        let target = try list.map { try session.list($0) }
        guard !fields.isEmpty || (target != nil && target?.id != task.listId) else {
            if target != nil { throw CLIError.user("'\(task.title)' is already in \(target!.name).") }
            throw CLIError.user(
                """
                Nothing to change: give --title, --notes, --due, --clear-due, --start, --clear-start, --priority, \
                --status, --list, --add-label, --remove-label or --clear-repeat.
                """)
        }
        var updated = task
        if !fields.isEmpty { updated = try session.userFacing { try session.replica.updateTask(task.id, fields) } }
        if let target, target.id != task.listId {
            try target.require(.editor, for: "moving tasks into it")
            updated = try session.userFacing {
                try session.replica.moveTask(task.id, toList: target.id, parent: nil, after: nil)
            }
        }
        if json.json {
            try JSONOutput.print(updated)
        } else {
            print("Changed \(try Confirmation(session: session).name(updated)).")
        }
        await session.syncAfterChange()
    }

    func makeFields(_ task: TaskRecord, _ session: Session) throws -> TaskFields {
        var fields = TaskFields()
        if let title { fields.title = try checked { try Rules.taskTitle(title) } }
        if let notes { fields.notes = try checked { try Rules.taskNotes(notes) } }
        if clearDue { fields.due = .some(nil) }
        if let due { fields.due = .some(try session.date(due, flag: "--due")) }
        if clearStart { fields.start = .some(nil) }
        if let start { fields.start = .some(try session.date(start, flag: "--start")) }
        if let priority { fields.priority = try AddCommand.priority(priority) }
        if let status {
            fields.status = try ListTasksCommand.choices([status], flag: "--status", allowing: TaskStatus.self).first
        }
        if clearRepeat { fields.recurrence = .some(nil) }
        if !addLabel.isEmpty || !removeLabel.isEmpty {
            let added = try session.labelIDs(named: addLabel, creating: true)
            let removed = Set(try session.labelIDs(named: removeLabel, creating: false))
            var labels = task.labelIds.filter { !removed.contains($0) }
            for id in added where !labels.contains(id) { labels.append(id) }
            if labels != task.labelIds { fields.labelIDs = labels }
        }
        return fields
    }
}
