import DoableCore
import DoableDomain
import DoableStore

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
        async let lists = domain.lists(identity)
        async let labels = domain.labels(identity)
        let (allLists, allLabels) = try await (lists, labels)
        return TaskPageData(
            domain: domain, identity: identity, lists: allLists,
            listsByID: Dictionary(allLists.map { ($0.list.id, $0.list) }, uniquingKeysWith: { first, _ in first }),
            labels: allLabels,
            labelsByID: Dictionary(allLabels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            time: MemberTime(preferences: identity.account.preferences))
    }

    /// Rows that are read-only in the lists where the member is a viewer (COLLAB-3).
    func rows(_ context: AppRequestContext, showsList: Bool = true) -> TaskRows {
        var rows = TaskRows(time: time, labels: labelsByID, lists: listsByID, csrf: csrfField(context),
                            isSelecting: context.web.query["select"] == "1", showsList: showsList)
        rows.editableListIDs = Set(lists.filter { $0.role >= .editor }.map(\.list.id))
        return rows
    }

    /// Rows for `tasks` (every level shown) that also name their assignees (COLLAB-2) and count their comments
    /// (TASK-12): one query for the counts, and one for the members of each list with a task assigned to another.
    func rows(_ context: AppRequestContext, for tasks: [TaskView], showsList: Bool = true) async throws -> TaskRows {
        var rows = rows(context, showsList: showsList)
        let (domain, ids) = (domain, tasks.map(\.task.id))
        async let counts = domain.commentCounts(ids)
        var names = [identity.account.id: identity.account.username]
        let me = identity.account.id
        let others = tasks.filter { $0.task.assigneeID != nil && $0.task.assigneeID != me }
        for listID in Set(others.map(\.task.listID)) {
            for member in (try? await domain.members(identity, listID: listID)) ?? [] {
                names[member.accountID] = member.username
            }
        }
        rows.assignees = names
        rows.commentCounts = try await counts
        return rows
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
        return try await domain.tasks(identity, matching: query).filter { view in
            guard let due = view.task.due else { return false }
            let local = time.day(of: due)
            return local <= day && (first.map { local >= $0 } ?? true)
        }
    }
}
