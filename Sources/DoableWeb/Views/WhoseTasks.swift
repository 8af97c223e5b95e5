import DoableCore
import DoableDomain
import DoableArt

/// Issue 34: Today and Upcoming show the member's own tasks and the unassigned ones of shared lists; tasks assigned
/// to someone else show only when the member switches to everyone's (`?show=everyone`). The switch appears when
/// there is something it would change.
struct WhoseTasks {
    let showsEveryone: Bool
    let member: AccountID
    let path: String

    init(_ context: WebRequestContext, member: AccountID, path: String) {
        showsEveryone = context.web.query["show"] == "everyone"
        self.member = member
        self.path = path
    }

    static func isMineOrUnassigned(_ view: TaskView, member: AccountID) -> Bool {
        view.task.assigneeID == nil || view.task.assigneeID == member
    }

    /// The tasks to show, and how many were left out (assigned to others).
    func filter(_ tasks: [TaskView]) -> (shown: [TaskView], hidden: Int) {
        guard !showsEveryone else { return (tasks, 0) }
        let shown = tasks.filter { Self.isMineOrUnassigned($0, member: member) }
        return (shown, tasks.count - shown.count)
    }

    /// The two choices, with the count of others' tasks; nothing while every task is the member's or nobody's.
    func switcher(othersCount: Int) -> HTML {
        guard showsEveryone || othersCount > 0 else { return .empty }
        let note: HTML =
            showsEveryone
            ? "Showing tasks assigned to others too."
            : "\(othersCount) \(othersCount == 1 ? "task" : "tasks") assigned to others \(othersCount == 1 ? "is" : "are") not shown."
        return """
            <nav class="whose-tasks" aria-label="Whose tasks"><ul class="chips">\
            <li><a class="chip-link" href="\(path)"\(showsEveryone ? "" : HTML(" aria-current=\"page\""))>Mine and unassigned</a></li>\
            <li><a class="chip-link" href="\(path)?show=everyone"\(showsEveryone ? HTML(" aria-current=\"page\"") : "")>Everyone's</a></li>\
            </ul><p class="hint">\(note)</p></nav>
            """
    }
}
