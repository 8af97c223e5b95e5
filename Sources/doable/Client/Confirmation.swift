import DoableAPI
import DoableContractMapping
import DoableCLI
import DoableClient
import DoableCore

/// The one line a changing command prints: what it did, to which task, with the id to use next.
struct Confirmation {
    let style: Style
    let words: DueWords
    let lists: [ListRecord]
    let allIDs: [String]

    /// - Parameter adding: a task made after the snapshot was read, whose id counts for unique prefixes too.
    init(session: Session, adding new: TaskRecord? = nil) throws {
        style = session.style
        words = session.dueWords()
        let snapshot = try session.snapshot()
        lists = snapshot.allLists
        allIDs = snapshot.allTaskIDs + (new.map { [$0.id.description] } ?? [])
        // (IDPrefix ignores the new id if the snapshot was read after it was made.)
    }

    /// "0192f7a3 'Buy milk'": the shortest id prefix (at least 8) that names it, and its title.
    func name(_ task: TaskRecord) -> String {
        let length = IDPrefix.length(for: [task.id.description], among: allIDs)
        return style.dim(String(task.id.description.prefix(length))) + " '\(task.title)'"
    }

    func listName(_ id: ListID) -> String { lists.first { $0.id == id }?.name ?? "a list" }

    /// "Added 0192f7a3 'Buy milk' to Groceries, due tomorrow 17:00."
    func added(_ task: TaskRecord) -> String {
        var text = "Added \(name(task)) to \(listName(task.listId))"
        if let due = task.due { text += ", due \(words.words(due))" }
        if let recurrence = task.recurrence, let rule = try? RecurrenceRule(rrule: recurrence) {
            text += ", " + rule.describedInWords(start: task.due ?? task.start, in: words.calendar.zone).lowercased()
        }
        return text + "."
    }
}
