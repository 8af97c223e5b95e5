import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// TASK-7 in the browser: words in titles and notes, with every filter in the URL.
extension ViewsWebController {
    func search(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let data = try await TaskPageData.load(domain, identity)
        let query = context.web.query
        var errors = FormErrors()
        var taskQuery = TaskQuery(ownerID: identity.account.id)
        taskQuery.text = query.text("q")
        if let list = query.text("list") {
            if let id = ListID(list), data.listsByID[id] != nil {
                taskQuery.listID = id
            } else {
                errors.byField["list"] = "Choose one of your lists."
            }
        }
        taskQuery.labelIDs = query.all("label").compactMap { LabelID($0) }.filter { data.labelsByID[$0] != nil }
        switch query.text("status") ?? "open" {
        case "open": taskQuery.statuses = [.pending, .inProgress]
        case "completed": taskQuery.statuses = [.completed]
        case "inProgress": taskQuery.statuses = [.inProgress]
        case "pending": taskQuery.statuses = [.pending]
        default: break
        }
        if let priority = query.text("priority") {
            if let value = TaskPriority(rawValue: priority) {
                taskQuery.priorities = [value]
            } else {
                errors.byField["priority"] = "Choose a listed priority."
            }
        }
        for (field, isEnd) in [("dueFrom", false), ("dueTo", true)] {
            guard let text = query.text(field) else { continue }
            guard let day = CivilDate(text) else {
                errors.byField[field] = "Enter a date as YYYY-MM-DD."
                continue
            }
            let edge = isEnd ? day.adding(days: 1) : day
            let moment = data.time.moment(on: edge, at: "00:00") ?? edge.startTimestamp
            if isEnd {
                taskQuery.dueTo = max(moment, edge.startTimestamp)
            } else {
                taskQuery.dueFrom = min(moment, edge.startTimestamp)
            }
        }
        // COLLAB-2 (issue 34): whose tasks, as the API's `assignee`: me, or one of the people I share lists with.
        let people = try await sharingPeople(identity, data)
        if let assignee = query.text("assignee") {
            if assignee == "me" {
                taskQuery.assigneeID = identity.account.id
            } else if let id = AccountID(assignee),
                people.contains(where: { $0.accountID == id })
            {
                taskQuery.assigneeID = id
            } else {
                errors.byField["assignee"] = "Choose yourself or someone you share a list with."
            }
        }
        if let from = taskQuery.dueFrom, let to = taskQuery.dueTo, from > to {
            errors.byField["dueTo"] = "The end must not be before the start."
        }
        taskQuery.sort = TaskSort(rawValue: query["sort"] ?? "") ?? (taskQuery.text == nil ? .due : .manual)
        taskQuery.limit = 500
        let isSearching = query.pairs.contains {
            ["q", "list", "label", "status", "priority", "dueFrom", "dueTo", "assignee"].contains($0.name)
                && !$0.value.isEmpty
        }
        var results: [TaskView] = []
        if isSearching, errors.isEmpty { results = try await tasks.tasks(identity, matching: taskQuery) }
        let rows = try await data.rows(context, for: results)
        let view = SearchPage(
            data: data, query: query, errors: errors, people: people, isSearching: isSearching, results: results,
            rows: rows, selectionBar: selectionBar(data, context))
        return try await page(view.page, context, data: data)
    }

    /// The people the member shares lists with (owners and members of its shared lists), each once, by name.
    private func sharingPeople(_ identity: Identity, _ data: TaskPageData) async throws -> [MemberView] {
        var people: [AccountID: MemberView] = [:]
        for view in data.lists where view.memberCount > 1 {
            for person in try await sharing.members(identity, listID: view.list.id)
            where person.accountID != identity.account.id {
                people[person.accountID] = person
            }
        }
        return people.values.sorted { ($0.displayName, $0.username) < ($1.displayName, $1.username) }
    }
}
