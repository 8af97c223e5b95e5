public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// INTEROP-1: reading calendar object resources (PROPFIND listings, GET, multiget, calendar-query). A listing reads
/// the objects' headers only; bodies are read for the objects whose bodies are sent.
extension CalDAVService {
    /// Every live task of the list as an object; bodies only when asked.
    public func davObjects(_ identity: Identity, listID: ListID, withBodies: Bool) async throws -> [DAVObject] {
        _ = try await domain.access(listID, for: identity, .read)
        let tasks = try await store.tasks(listID: listID, includingTrashed: false)
        let rendering = try await davRendering(identity, tasks: tasks, listID: listID, withBodies: withBodies)
        return tasks.map { rendering.object(of: $0, withBody: withBodies) }
    }

    /// `calendar-multiget`: the named resources with bodies; a name that is not there is absent from the answer.
    public func davObjects(_ identity: Identity, listID: ListID, names: [String]) async throws -> [String: DAVObject] {
        _ = try await domain.access(listID, for: identity, .read)
        // Names clients chose come with their tasks, objects and parents' UIDs in one read; the rest (`<task id>.ics`
        // of tasks no client wrote) are looked up as `davTasks` does.
        let unique = Array(Set(names))
        let entries = try await store.calendarEntries(listID: listID, names: unique)
        var tasks = Dictionary(entries.map { ($0.object.name, $0.task) }, uniquingKeysWith: { first, _ in first })
        let rest = unique.filter { tasks[$0] == nil }
        if !rest.isEmpty {
            tasks.merge(try await davTasks(listID: listID, names: rest), uniquingKeysWith: { first, _ in first })
        }
        tasks = tasks.filter { $0.value.deletedAt == nil }
        let rendering = try await davRendering(
            identity, tasks: Array(tasks.values), listID: nil, withBodies: true,
            objects: entries.map(\.object),
            parentUIDs: entries.compactMap { entry in entry.task.parentID.map { ($0, entry.parentUID) } })
        return tasks.mapValues { rendering.object(of: $0, withBody: true) }
    }

    /// `GET`: one resource with its body; `DoableError.notFound` when it is not there.
    public func davObject(_ identity: Identity, listID: ListID, name: String) async throws -> DAVObject {
        _ = try await domain.access(listID, for: identity, .read)
        guard let task = try await davTask(listID: listID, name: name), task.deletedAt == nil else {
            throw DoableError.notFound("No such task in this calendar.")
        }
        return try await davRendering(identity, of: task).object(of: task, withBody: true)
    }

    /// `calendar-query`: the objects matching the filter (bodies when asked). A plain time range over VTODOs is
    /// judged on the tasks' dates where they are what the objects say; anything else is matched against each object
    /// as a client would read it.
    public func davQuery(_ identity: Identity, listID: ListID, filter: CompFilter, withBodies: Bool) async throws
        -> [DAVObject]
    {
        _ = try await domain.access(listID, for: identity, .read)
        let todos = filter.compFilters.first { $0.name.uppercased() == "VTODO" }
        let onDatesOnly =
            filter.name.uppercased() == "VCALENDAR" && filter.propFilters.isEmpty
            && filter.timeRange == nil && filter.compFilters.count == 1
            && todos.map {
                !$0.isNotDefined && $0.propFilters.isEmpty && $0.compFilters.isEmpty
            } == true
        let tasks: [TaskItem]
        var rendering: DAVRendering
        if onDatesOnly, let range = todos?.timeRange {
            // Only the tasks the range may hold are read, with their objects: a tenth of a calendar, not all of it.
            tasks = try await store.calendarTasks(
                listID: listID, datedFrom: Self.candidateDay(range.start, days: -2),
                before: Self.candidateDay(range.end, days: 2))
            rendering = try await davRendering(identity, tasks: tasks, listID: nil, withBodies: true)
        } else {
            tasks = try await store.tasks(listID: listID, includingTrashed: false)
            rendering = try await davRendering(identity, tasks: tasks, listID: listID, withBodies: false)
        }
        let byDates = onDatesOnly ? tasks.filter(rendering.timesAreTheTasks) : []
        let byDateIDs = Set(byDates.map(\.id))
        let byBody = tasks.filter { !byDateIDs.contains($0.id) }
        var matched = Set(
            byDates.filter { task in
                todos?.timeRange.map { $0.overlaps(rendering.times(of: task)) } ?? true
            }.map(\.id))
        if !byBody.isEmpty {
            try await loadBodies(of: byBody.map(\.id), into: &rendering)
            for task in byBody where filter.matches(rendering.component(of: task).calendar, floatingZone: rendering.zone) {
                matched.insert(task.id)
            }
        }
        let results = tasks.filter { matched.contains($0.id) }
        if withBodies { try await loadBodies(of: results.map(\.id), into: &rendering) }
        return results.map { rendering.object(of: $0, withBody: withBodies) }
    }

    /// A bound of a time range as a day for `calendarTasks(listID:datedFrom:before:)`, moved out by `days`: a whole-day
    /// date counts from midnight in the member's zone (at most 14 hours either side of UTC), so two days cover every
    /// zone. nil (no bound) for an open end or one beyond the years dates are stored in.
    static func candidateDay(_ moment: Timestamp?, days: Int) -> CivilDate? {
        guard let day = moment?.civilDate.adding(days: days), (1...9999).contains(day.year) else { return nil }
        return day
    }

    /// The task a resource name stands for in the list (trashed ones included).
    func davTask(listID: ListID, name: String) async throws -> TaskItem? {
        try await davTasks(listID: listID, names: [name])[name]
    }

    /// The tasks resource names stand for in the list (trashed ones included): names clients chose, or
    /// `<task id>.ics` for a task no client has written under another name. Three reads, however many names.
    func davTasks(listID: ListID, names: [String]) async throws -> [String: TaskItem] {
        var ids = try await store.calendarObjectTasks(listID: listID, names: names)
        var byDefaultName: [TaskID: String] = [:]
        for name in names where ids[name] == nil && name.hasSuffix(".ics") {
            if let id = TaskID(String(name.dropLast(4))) { byDefaultName[id] = name }
        }
        if !byDefaultName.isEmpty {
            let renamed = Set(
                try await store.calendarObjects(taskIDs: Array(byDefaultName.keys))
                    .filter { byDefaultName[$0.taskID] != $0.name }.map(\.taskID))
            for (id, name) in byDefaultName where !renamed.contains(id) { ids[name] = id }
        }
        guard !ids.isEmpty else { return [:] }
        let tasks = Dictionary(
            try await store.tasks(ids: Array(Set(ids.values))).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        return ids.compactMapValues { id in tasks[id].flatMap { $0.listID == listID ? $0 : nil } }
    }

    /// Everything needed to render `tasks` for the caller, read in a few queries: with `withBodies`, the objects
    /// with their bodies; otherwise the headers of the list's objects (`listID`) or of the tasks'. `objects` and
    /// `parentUIDs` (a parent's object UID, nil for a parent without one) are what the caller has read already.
    func davRendering(
        _ identity: Identity, tasks: [TaskItem], listID: ListID?, withBodies: Bool, objects: [CalendarObject] = [],
        parentUIDs: [(TaskID, String?)] = []
    ) async throws -> DAVRendering {
        let ids = tasks.map(\.id)
        let labels = try await store.labels(ownerID: identity.account.id)
        // The caller's own reminders are few; reading them by account beats a lookup of every task of a calendar.
        let wanted = Set(ids)
        let reminders = try await store.reminders(accountID: identity.account.id).filter { wanted.contains($0.taskID) }
        var rendering = DAVRendering(
            zone: domain.zone(of: identity.account),
            labelNames: Dictionary(labels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            reminders: Dictionary(grouping: reminders, by: \.taskID),
            objects: Dictionary(objects.map { ($0.taskID, $0) }, uniquingKeysWith: { first, _ in first }),
            parentUIDs: [:], bodies: domain.davBodies)
        for case (let parent, let uid?) in parentUIDs { rendering.parentUIDs[parent] = uid }
        if withBodies || listID == nil {
            try await loadBodies(of: ids, into: &rendering)
        } else if let listID {
            for header in try await store.calendarObjectHeaders(listID: listID) { rendering.headers[header.taskID] = header }
        }
        let known = Set(rendering.objects.keys).union(rendering.headers.keys).union(ids).union(parentUIDs.map(\.0))
        let outsideParents = Set(tasks.compactMap(\.parentID)).subtracting(known)
        if !outsideParents.isEmpty {
            for object in try await store.calendarObjects(taskIDs: Array(outsideParents)) {
                rendering.parentUIDs[object.taskID] = object.uid
            }
        }
        return rendering
    }

    /// Everything needed to render one task (its object with its body).
    func davRendering(_ identity: Identity, of task: TaskItem) async throws -> DAVRendering {
        try await davRendering(identity, tasks: [task], listID: nil, withBodies: true)
    }

    /// Reads the objects (bodies included) of these tasks that are not loaded yet.
    func loadBodies(of ids: [TaskID], into rendering: inout DAVRendering) async throws {
        // With the list's headers read, a task without one has no object to read.
        let missing = ids.filter { rendering.objects[$0] == nil && (rendering.headers.isEmpty || rendering.headers[$0] != nil) }
        guard !missing.isEmpty else { return }
        for object in try await store.calendarObjects(taskIDs: missing) { rendering.objects[object.taskID] = object }
    }
}
