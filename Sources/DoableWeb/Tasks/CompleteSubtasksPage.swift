import DoableCore
import DoableDomain
import DoableArt

/// TASK-3: completing a task whose subtasks are not all done asks whether they are done too (the script asks in a
/// dialog instead).
struct CompleteSubtasksPage {
    var task: TaskItem
    /// How many of its subtasks are still open.
    var open: Int
    var back: String
    var csrf: HTML

    var page: WebPage {
        WebPage(
            title: "Complete '\(task.title)'?",
            main: """
                <div class="narrow"><h1>Also complete its \(open) open \(open == 1 ? "subtask" : "subtasks")?</h1>
                <p>'\(task.title)' has subtasks that are not done yet.</p>
                <form method="post" action="/tasks/\(task.id)/complete">\(csrf)<input type="hidden" name="back" value="\(back)">
                <button type="submit" name="subtasks" value="all" class="button primary">Complete all</button>
                <button type="submit" name="subtasks" value="none" class="button">Only this task</button>
                <a class="button" href="\(back)">Cancel</a></form></div>
                """)
    }
}
