import DoableCore
import DoableDomain
import DoableArt

/// VIEW-1 and TASK-10: Completed: the tasks done, newest first, grouped by the day they were done, with the
/// occurrences of repeating tasks done on each day.
struct CompletedPage {
    var time: MemberTime
    /// The tasks shown (the newest `shown` of `total`).
    var tasks: [TaskView]
    var occurrences: [(TaskCompletion, TaskItem)]
    var total: Int
    var shown: Int
    var rows: TaskRows

    var page: WebPage {
        var byDay: [CivilDate: (tasks: [TaskView], occurrences: [(TaskCompletion, TaskItem)])] = [:]
        for view in tasks { byDay[time.date(of: view.task.completedAt ?? view.task.updatedAt), default: ([], [])].tasks.append(view) }
        for (completion, task) in occurrences {
            byDay[time.date(of: completion.completedAt), default: ([], [])].occurrences.append((completion, task))
        }
        let days = byDay.keys.sorted(by: >)
        let groups = days.html { day in
            let entry = byDay[day]!
            let repeats: HTML =
                entry.occurrences.isEmpty
                ? ""
                : """
                <ul class="occurrences">\(entry.occurrences.html { completion, task in
                    """
                    <li><span aria-hidden="true">↻</span> <a href="/tasks/\(task.id)">\(task.title)</a> <span class="muted">· occurrence\(completion.due.map { " due \(time.dueWords($0, isCompleted: true).text)" } ?? ""), done \(time.time(of: completion.completedAt))</span></li>
                    """
                })</ul>
                """
            return """
                <section class="day-group" aria-labelledby="done-\(day.description)"><h2 id="done-\(day.description)">\(time.heading(day))</h2>\(entry.tasks.isEmpty ? "" : rows.list(entry.tasks))\(repeats)</section>
                """
        }
        let more: HTML =
            total > shown
            ? "<p><a class=\"button\" href=\"/completed?limit=\(shown * 2)\">Show older (\(total - shown) more)</a></p>" : ""
        let main: HTML = """
            <h1>Completed</h1>
            \(days.isEmpty ? HTML("<p class=\"empty-state\">Nothing completed yet. Tick a task off and it shows up here.</p>") : groups)
            \(more)
            """
        return WebPage(title: "Completed", main: main, current: "completed")
    }
}
