import Foundation
import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore

/// `doable add TITLE`: a new task, the title read by quick add as in the web app; flags win over what the title
/// says.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a task.",
        discussion: """
            The title is read like the web app's quick add: "Pay rent fri 9am #Home @bills !high every month" is \
            due Friday 09:00 in the list Home with the label bills, high priority, repeating monthly. Words in \
            double quotes stay in the title as they are. A flag wins over the same part of the title. Labels that \
            do not exist yet are created; a #List that does not exist is created with --create-list. A time \
            already past today ("today 9am" in the afternoon) is refused with the same offer the web app makes: \
            say tomorrow, or give --due.
            """
    )

    @Argument(help: "The title (quote it, or just type the words).") var title: [String]
    @Option(name: .long, help: "The list (a name or an id prefix); default: the title's #List, or the Inbox.")
    var list: String?
    @Option(
        name: .long,
        help: """
            Due date: 2026-11-30, 2026-11-30T14:00, today, tomorrow, mon, "next fri", "in 3 days", 17:00.
            """)
    var due: String?
    @Option(name: .long, help: "Start date (same forms as --due).") var start: String?
    @Option(name: .long, help: "none, low, medium or high.") var priority: String?
    @Option(name: .long, help: "A label; repeat for several.") var label: [String] = []
    @Option(name: .long, help: "Make it a subtask of this task (an id prefix).") var parent: String?
    @Option(name: .long, help: "Notes.") var notes: String?
    @Flag(name: .long, help: "Create the #List the title names when there is no list of that name.")
    var createList = false
    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let session = try options.openSession()
        let parsed = QuickAddParser(timeZone: session.timeZone, weekStart: session.weekStart)
            .parse(title.joined(separator: " "), now: .now)
        var draft = TaskDraft(title: try checked { try parsed.validatedTitle() })
        if let parent {
            let parentTask = try session.task(parent)
            if let list, try session.list(list).id != parentTask.listId {
                throw CLIError.user("A subtask goes in its parent's list; leave out --list.")
            }
            _ = try writable(session.list(of: parentTask))
            draft.parentID = parentTask.id
        } else if let list {
            draft.listID = try writable(session.list(list)).id
        } else if let name = parsed.listName {
            if createList, try !hasList(named: name, session) {
                draft.listID = try session.userFacing { try session.replica.createList(name: name) }.id
            } else {
                draft.listID = try writable(listNamed(name, session)).id
            }
        }
        // The web app's rules (TASK-2): no deadline in the past; a time already gone today is offered for tomorrow.
        if due == nil, let passed = parsed.passedTimeToday(now: .now, zone: session.timeZone) {
            let wall = ZonedCalendar(zone: session.timeZone, weekStart: session.weekStart).wallTime(of: passed.passed)
            let clock = String(format: "%02d:%02d", wall.hour, wall.minute)
            throw CLIError.user(
                QuickAddResult.passedTimeMessage(clock: clock)
                    + " Write \"tomorrow \(clock)\" in the title, or give --due.")
        }
        draft.notes = try notes.map { notes in try checked { try Rules.taskNotes(notes) } } ?? ""
        draft.due = try due.map { try session.date($0, flag: "--due") } ?? parsed.due
        if let chosen = draft.due { try checked { try Rules.dueNotInPast(chosen, now: .now, zone: session.timeZone) } }
        draft.start = try start.map { try session.date($0, flag: "--start") }
        draft.priority = try priority.map(Self.priority) ?? parsed.priority ?? .none
        draft.recurrence = parsed.recurrence?.description
        draft.labelIDs = try session.labelIDs(named: label + parsed.labelNames, creating: true)
        let task = try session.userFacing { try session.replica.createTask(draft) }
        if json.json {
            try JSONOutput.print(task)
        } else {
            print(try Confirmation(session: session, adding: task).added(task))
        }
        await session.syncAfterChange()
    }

    func hasList(named name: String, _ session: Session) throws -> Bool {
        try session.snapshot().lists.contains { Rules.matchKey($0.name) == Rules.matchKey(name) }
    }

    /// The list quick add's `#Name` names: the same name in any case, a live one before an archived one.
    func listNamed(_ name: String, _ session: Session) throws -> ListRecord {
        let key = Rules.matchKey(name)
        let lists = try session.snapshot().lists.filter { Rules.matchKey($0.name) == key }
        guard let list = lists.first(where: { !$0.isArchived }) ?? lists.first else {
            throw CLIError.user(
                """
                There is no list named '\(name)'. Add --create-list to create it, or put the words in double \
                quotes to keep them in the title.
                """)
        }
        return list
    }

    /// The list, unless the member may only view it.
    func writable(_ list: ListRecord) throws -> ListRecord {
        try list.require(.editor, for: "adding tasks")
        return list
    }

    static func priority(_ text: String) throws -> TaskPriority {
        guard let priority = TaskPriority(rawValue: text.lowercased()) else {
            throw CLIError.user("--priority must be one of: none, low, medium, high (not '\(text)').")
        }
        return priority
    }
}
