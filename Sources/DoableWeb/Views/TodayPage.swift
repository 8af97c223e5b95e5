import DoableCore
import DoableDomain
import DoableArt

/// VIEW-1: Today: the counts at a glance, what is overdue and due today, the next reminders and the companion.
struct TodayPage {
    var data: TaskPageData
    var identity: Identity
    /// The open tasks due up to today that the page shows.
    var due: [TaskView]
    var rows: TaskRows
    /// The "whose tasks" switch (`WhoseTasks`).
    var whose: HTML
    var reminders: [(Reminder, TaskItem)]
    /// GAME-2: the companion's greeting, empty while the game is off.
    var companion: HTML?
    /// The new member's tour list while they keep it (`GettingStarted`).
    var gettingStarted: ListView?
    /// A member with nothing yet is offered the tour.
    var offersTour = false
    /// The gentle "complete your profile" line, at the foot of the page.
    var asksForProfile = false
    var csrf: HTML
    var selectionBar: HTML

    var page: WebPage {
        let today = data.time.today
        // The same rule as each row's "Overdue since …": a time already past today counts as overdue, not as due.
        let overdue = due.filter { $0.task.isOverdue(now: data.time.now) }
        let dueToday = due.filter { !$0.task.isOverdue(now: data.time.now) && data.time.day(of: $0.task.due!) == today }
        let openCount = data.lists.filter { !$0.list.isArchived }.reduce(0) { $0 + $1.openTaskCount }
        let name = identity.account.firstName.isEmpty ? identity.account.username : identity.account.firstName
        let main: HTML = """
            <div class="title-row today-head">
            <h1>Today</h1>
            <p class="subtitle">\(data.time.longWords(today))<span class="greeting"> · Hello, \(name)</span></p>
            </div>
            \(whose)
            \(gettingStarted.map { GettingStarted.banner($0, csrf: csrf) })
            \(offersTour ? GettingStarted.offer(name: name, csrf: csrf) : "")
            <ul class="counts" aria-label="Your tasks at a glance">
            <li><a href="/search?status=open"><strong>\(openCount)</strong> open</a></li>
            <li class="\(overdue.isEmpty ? "" : "has-overdue")"><a href="/overdue"><strong>\(overdue.count)</strong> overdue</a></li>
            <li><a href="#due-today"><strong>\(dueToday.count)</strong> due today</a></li>
            </ul>
            \(overdue.isEmpty ? "" : HTML("""
            <section aria-labelledby="overdue-heading"><h2 id="overdue-heading">Overdue</h2>\(rows.list(overdue))</section>
            """))
            <section aria-labelledby="due-today"><h2 id="due-today">Due today</h2>
            \(dueToday.isEmpty ? HTML("<p class=\"empty-state\">Nothing due today. Add one with quick add, or enjoy the free time.</p>") : rows.list(dueToday))
            </section>
            \(companion)
            \(ReminderSection(time: data.time, csrf: csrf).upcoming(reminders))
            \(asksForProfile ? GettingStarted.profilePrompt(csrf: csrf) : "")

            \(selectionBar)
            """
        return WebPage(title: "Today", main: main, current: "today")
    }
}
