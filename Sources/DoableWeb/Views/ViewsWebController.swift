import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableHTTP

/// VIEW-1, VIEW-2 and VIEW-4: Today, Upcoming, Overdue, Completed and Trash; Assigned to me, search
/// (`ViewsWebController+Search.swift`) and the calendar (`ViewsWebController+Calendar.swift`).
struct ViewsWebController: WebArea {
    let shell: WebShell
    /// The shared core: `TaskPageData` and the companion's panel read it.
    let domain: Domain
    let tasks: TaskService
    let reminders: ReminderService
    let sharing: SharingService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("today") { request, context in
            let secure = context.web.isSecure
            let declined = request.cookies[WebCookie.named(GettingStarted.declinedCookie, secure: secure)] != nil
            let later = request.cookies[WebCookie.named(GettingStarted.profileCookie, secure: secure)] != nil
            return try await today(context, tourDeclined: declined, profileLater: later)
        }
        web.post("getting-started") { _, context in
            let identity = try member(context)
            if GettingStarted.list(in: try await tasks.lists(identity)) == nil {
                try await GettingStarted.create(
                    for: identity, tasks: tasks, today: MemberTime(preferences: identity.account.preferences).today)
            }
            return WebResponse.done(context, redirect: "/today")
        }
        web.post("getting-started/decline") { _, context in
            try rememberedOnToday(GettingStarted.declinedCookie, "declined", days: 5 * 365, context)
        }
        web.post("getting-started/profile-later") { _, context in
            try rememberedOnToday(GettingStarted.profileCookie, "later", days: 180, context)
        }
        web.post("getting-started/dismiss") { _, context in
            let identity = try member(context)
            if let tour = GettingStarted.list(in: try await tasks.lists(identity)) {
                try await tasks.deleteList(identity, id: tour.list.id)
            }
            return WebResponse.done(
                context, redirect: "/today",
                toast: Flash(message: "Removed the tour. Its list is in the trash if you want it back."))
        }
        web.get("upcoming") { _, context in try await upcoming(context) }
        web.get("overdue") { _, context in try await overdue(context) }
        web.get("completed") { _, context in try await completed(context) }
        web.get("trash") { _, context in try await trash(context) }
        web.get("assigned") { _, context in try await assigned(context) }
        web.get("search") { _, context in try await search(context) }
        web.get("calendar") { _, context in try await calendar(context) }
    }

    /// Back to Today with a hint this browser keeps (a declined tour, a profile prompt put off): a cookie, not a
    /// write, since it is only about what Today shows here.
    private func rememberedOnToday(_ cookie: String, _ value: String, days: Int, _ context: WebRequestContext) throws
        -> Response
    {
        _ = try member(context)
        var response = WebResponse.done(context, redirect: "/today")
        response.headers.append(
            HTTPField(
                name: .setCookie,
                value: WebCookie.make(cookie, value, secure: context.web.isSecure, maxAge: days * 86_400)))
        return response
    }

    private func today(_ context: WebRequestContext, tourDeclined: Bool, profileLater: Bool) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let today = data.time.today
        let whose = WhoseTasks(context, member: identity.account.id, path: "/today")
        let (due, othersCount) = whose.filter(try await data.openTasks(domain, dueThrough: today))
        let rows = try await data.rows(context, for: due)
        // VIEW-1: the next reminders, of tasks the member still sees.
        let upcoming = try await reminders.upcomingReminders(identity, limit: 10)
            .filter { data.listsByID[$0.1.listID] != nil }.prefix(5)
        // GAME-2: the companion greets at the top while the game is on; nothing at all while it is off.
        let companion = try await GameTodayPanel(domain: domain).render(for: identity, context: context)
        let view = TodayPage(
            data: data, identity: identity, due: due, rows: rows, whose: whose.switcher(othersCount: othersCount),
            reminders: Array(upcoming), companion: companion,
            gettingStarted: GettingStarted.list(in: data.lists),
            offersTour: GettingStarted.offers(lists: data.lists, declined: tourDeclined),
            asksForProfile: GettingStarted.asksForProfile(identity.account, lists: data.lists, dismissed: profileLater),
            csrf: csrfField(context),
            selectionBar: selectionBar(data, context))
        return try await page(view.page, context, data: data)
    }

    private func upcoming(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let today = data.time.today
        let whose = WhoseTasks(context, member: identity.account.id, path: "/upcoming")
        let (tasks, othersCount) = whose.filter(
            try await data.openTasks(
                domain, dueThrough: today.adding(days: 6),
                from: today))
        let rows = try await data.rows(context, for: tasks)
        let view = UpcomingPage(
            data: data, tasks: tasks, rows: rows, whose: whose.switcher(othersCount: othersCount),
            selectionBar: selectionBar(data, context))
        return try await page(view.page, context, data: data)
    }

    private func overdue(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let today = data.time.today
        let tasks = try await data.openTasks(domain, dueThrough: today).filter {
            $0.task.isOverdue(now: data.time.now)
        }
        let rows = try await data.rows(context, for: tasks)
        let view = OverduePage(tasks: tasks, rows: rows, selectionBar: selectionBar(data, context))
        return try await page(view.page, context, data: data)
    }

    private func completed(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let shown = min(max(Int(context.web.query["limit"] ?? "") ?? 200, 1), 5000)
        var query = TaskQuery(ownerID: identity.account.id)
        query.statuses = [.completed]
        query.sort = .created
        query.limit = 5000
        let all = try await tasks.tasks(identity, matching: query)
            .sorted { ($0.task.completedAt ?? $0.task.updatedAt) > ($1.task.completedAt ?? $1.task.updatedAt) }
        let shownTasks = Array(all.prefix(shown))
        // TASK-10: a repeating task moved on to its next occurrence; the occurrences done show by their day.
        let occurrences = try await tasks.completedOccurrences(identity, limit: shown)
        let rows = try await data.rows(context, for: shownTasks)
        let view = CompletedPage(
            time: data.time, tasks: shownTasks, occurrences: occurrences, total: all.count, shown: shown, rows: rows)
        return try await page(view.page, context, data: data)
    }

    private func trash(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let trash = try await tasks.trash(identity)
        let view = TrashPage(lists: trash.lists, tasks: trash.tasks, csrf: csrfField(context))
        return try await page(view.page, context)
    }

    /// VIEW-4 and COLLAB-2: "Assigned to me": the open tasks assigned to the member in their own lists and in lists
    /// shared with them, grouped by due day (overdue first, no date last).
    private func assigned(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        var query = TaskQuery(ownerID: identity.account.id)
        query.assigneeID = identity.account.id
        query.statuses = [.pending, .inProgress]
        query.sort = .due
        query.limit = 5000
        let tasks = try await self.tasks.tasks(identity, matching: query)
        let rows = try await data.rows(context, for: tasks)
        let view = AssignedPage(data: data, tasks: tasks, rows: rows, selectionBar: selectionBar(data, context))
        return try await page(view.page, context, data: data)
    }
}
