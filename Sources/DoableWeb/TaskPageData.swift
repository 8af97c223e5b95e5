import DoableCore
import DoableDomain

/// What every page of tasks needs besides the tasks: the member's lists and labels by id, and their clock.
struct TaskPageData {
    let domain: Domain
    let identity: Identity
    let lists: [ListView]
    let listsByID: [ListID: TaskList]
    let labels: [Label]
    let labelsByID: [LabelID: Label]
    let time: MemberTime

    static func load(_ domain: Domain, _ identity: Identity) async throws -> TaskPageData {
        async let lists = domain.tasks.lists(identity)
        async let labels = domain.tasks.labels(identity)
        let (allLists, allLabels) = try await (lists, labels)
        return TaskPageData(
            domain: domain, identity: identity, lists: allLists,
            listsByID: Dictionary(allLists.map { ($0.list.id, $0.list) }, uniquingKeysWith: { first, _ in first }),
            labels: allLabels,
            labelsByID: Dictionary(allLabels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            time: MemberTime(preferences: identity.account.preferences))
    }

    /// Rows that are read-only in the lists where the member is a viewer (COLLAB-3).
    func rows(_ context: WebRequestContext, showsList: Bool = true) -> TaskRows {
        var rows = TaskRows(
            time: time, labels: labelsByID, lists: listsByID, csrf: csrfField(context),
            isSelecting: context.web.query["select"] == "1", showsList: showsList)
        rows.editableListIDs = Set(lists.filter { $0.role >= .editor }.map(\.list.id))
        return rows
    }

    /// Rows for `tasks` (every level shown) that also name their assignees (COLLAB-2) and count their comments
    /// (TASK-12): one query for the counts, one for the names of assignees other than the member.
    func rows(_ context: WebRequestContext, for tasks: [TaskView], showsList: Bool = true) async throws -> TaskRows {
        var rows = rows(context, showsList: showsList)
        let (domain, ids) = (domain, tasks.map(\.task.id))
        async let counts = domain.tasks.commentCounts(ids)
        let me = identity.account.id
        let others = Set(tasks.compactMap(\.task.assigneeID)).subtracting([me])
        var names = others.isEmpty ? [:] : try await domain.usernames(Array(others))
        names[me] = identity.account.username
        rows.assignees = names
        rows.commentCounts = try await counts
        return rows
    }

    /// Tasks grouped by due day for the pages that show them so, soonest first: "Overdue" (as `isOverdue` says),
    /// then each day ("Tomorrow · Friday 3 May"), then "No due date".
    func dueGroups(_ tasks: [TaskView], isOverdue: (TaskView, CivilDate) -> Bool) -> [(title: String, tasks: [TaskView])] {
        let sorted = tasks.sorted {
            ($0.task.due?.sortKey.milliseconds ?? .max) < ($1.task.due?.sortKey.milliseconds ?? .max)
        }
        var groups: [(key: Int, title: String, tasks: [TaskView])] = []
        for view in sorted {
            var (key, title) = (Int.max, "No due date")
            if let due = view.task.due {
                let day = time.day(of: due)
                (key, title) =
                    isOverdue(view, day)
                    ? (Int.min, "Overdue")
                    : (day.daysSinceEpoch, time.heading(day))
            }
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].tasks.append(view)
            } else {
                groups.append((key, title, [view]))
            }
        }
        return groups.sorted { $0.key < $1.key }.map { ($0.title, $0.tasks) }
    }

    /// The member's open tasks due up to the end of `day` (their time zone), soonest first. Whole-day dates are
    /// stored at midnight UTC, so the query reaches to whichever end is later and the day is checked here.
    func openTasks(_ domain: Domain, dueThrough day: CivilDate, from first: CivilDate? = nil) async throws
        -> [TaskView]
    {
        var query = TaskQuery(ownerID: identity.account.id)
        query.statuses = [.pending, .inProgress]
        let localEnd = time.moment(on: day.adding(days: 1), at: "00:00") ?? day.adding(days: 1).startTimestamp
        query.dueTo = max(localEnd, day.adding(days: 1).startTimestamp)
        if let first {
            let localStart = time.moment(on: first, at: "00:00") ?? first.startTimestamp
            query.dueFrom = min(localStart, first.startTimestamp)
        }
        query.sort = .due
        query.limit = 5000
        return try await domain.tasks.tasks(identity, matching: query).filter { view in
            guard let due = view.task.due else { return false }
            let local = time.day(of: due)
            return local <= day && (first.map { local >= $0 } ?? true)
        }
    }
}
