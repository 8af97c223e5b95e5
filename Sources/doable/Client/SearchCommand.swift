import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore

/// `doable search WORDS`: tasks whose title or notes hold every word, in any case, done ones too.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find tasks whose title or notes contain all the words (any case); open ones first."
    )

    @Argument(help: "The words to look for.") var words: [String]
    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    func validate() throws {
        guard !TaskFilter.words(words.joined(separator: " ")).isEmpty else {
            throw ValidationError("Give at least one word to search for.")
        }
    }

    func run() async throws {
        let session = try options.openSession()
        await session.syncBeforeReading()
        var filter = TaskFilter(calendar: session.dueWords().calendar)
        filter.statuses = []
        filter.words = TaskFilter.words(words.joined(separator: " "))
        let found = try session.snapshot().tasks.filter(filter.matches)
        let open = TaskOrder.sorted(found.filter { !$0.isCompleted }, by: .due)
        let done = TaskOrder.sorted(found.filter(\.isCompleted), by: .created)
        if json.json { return try JSONOutput.print(open + done) }
        guard !found.isEmpty else {
            let words = filter.words.map { "'\($0)'" }.joined(separator: " and ")
            return print(session.style.dim("No task contains \(words)."))
        }
        try TaskTable(session: session).render(open + done).forEach { print($0) }
    }
}
