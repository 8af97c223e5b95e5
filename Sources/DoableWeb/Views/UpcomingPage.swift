import DoableCore
import DoableDomain
import DoableArt

/// VIEW-1: Upcoming: the next 7 days, a section a day.
struct UpcomingPage {
    var data: TaskPageData
    var tasks: [TaskView]
    var rows: TaskRows
    /// The "whose tasks" switch (`WhoseTasks`).
    var whose: HTML
    var selectionBar: HTML

    var page: WebPage {
        let today = data.time.today
        let days = (0..<7).html { offset -> HTML in
            let day = today.adding(days: offset)
            let onDay = tasks.filter { data.time.day(of: $0.task.due!) == day }
            let heading = data.time.heading(day)
            return """
                <section class="day-group" aria-labelledby="day-\(day.description)"><h2 id="day-\(day.description)">\(heading)</h2>
                \(onDay.isEmpty ? HTML("<p class=\"empty-day\">Nothing due.</p>") : rows.list(onDay))</section>
                """
        }
        let main: HTML = """
            <h1>Upcoming</h1><p class="subtitle">The next 7 days.</p>
            \(whose)
            \(days)
            \(selectionBar)
            """
        return WebPage(title: "Upcoming", main: main, current: "upcoming")
    }
}
