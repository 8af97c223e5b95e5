import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore

/// `doable today`: what is overdue and what is due today in the member's time zone, like the web app's Today.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show overdue tasks and those due today (in your account's time zone)."
    )

    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let session = try options.openSession()
        await session.syncBeforeReading()
        let words = session.dueWords()
        // Issue 32, item 8: only the open tasks due by the end of today in any time zone are read (a day after
        // today's end in UTC covers every zone); the precise cut is the member's day, below.
        let read = try session.replica.openTasks(dueBefore: words.today.adding(days: 2).startTimestamp)
        let due = TaskOrder.sorted(read.tasks.filter { words.day(of: $0.due!) <= words.today }, by: .due)
        let overdue = due.filter { words.day(of: $0.due!) < words.today }
        let today = due.filter { words.day(of: $0.due!) == words.today }
        if json.json { return try JSONOutput.print(due) }
        let style = session.style
        guard !due.isEmpty else { return print(style.dim("Nothing due today.")) }
        let table = TaskTable(
            session: session, lists: read.lists, labels: read.labels, allIDs: read.taskIDs.map(\.description))
        // One table for both sections, so their columns line up.
        let lines = table.render(overdue + today)
        if !overdue.isEmpty {
            print(style.bold(style.red("Overdue")) + style.dim(" (\(overdue.count))"))
            lines.prefix(overdue.count).forEach { print($0) }
            if !today.isEmpty { print() }
        }
        if !today.isEmpty {
            print(style.bold("Today") + style.dim(" · \(words.short(words.today)) (\(today.count))"))
            lines.dropFirst(overdue.count).forEach { print($0) }
        }
    }
}
