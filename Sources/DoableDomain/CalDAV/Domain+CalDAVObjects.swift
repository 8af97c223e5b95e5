import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// INTEROP-1: reading calendar object resources (PROPFIND listings, GET, multiget, calendar-query).
extension Domain {
    /// Every live task of the list as an object; bodies only when asked.
    public func davObjects(_ identity: Identity, listID: ListID, withBodies: Bool) async throws -> [DAVObject] {
        _ = try await access(listID, for: identity, .read)
        let tasks = try await store.tasks(listID: listID, includingTrashed: false)
        let rendering = try await davRendering(identity, tasks: tasks)
        return tasks.map { rendering.object(of: $0, withBody: withBodies) }
    }

    /// `calendar-multiget`: the named resources with bodies; a name that is not there is absent from the answer.
    public func davObjects(_ identity: Identity, listID: ListID, names: [String]) async throws -> [String: DAVObject] {
        _ = try await access(listID, for: identity, .read)
        var tasks: [String: TaskItem] = [:]
        for name in Set(names) {
            if let task = try await davTask(listID: listID, name: name), task.deletedAt == nil { tasks[name] = task }
        }
        let rendering = try await davRendering(identity, tasks: Array(tasks.values))
        return tasks.mapValues { rendering.object(of: $0, withBody: true) }
    }

    /// `GET`: one resource with its body; `DoableError.notFound` when it is not there.
    public func davObject(_ identity: Identity, listID: ListID, name: String) async throws -> DAVObject {
        _ = try await access(listID, for: identity, .read)
        guard let task = try await davTask(listID: listID, name: name), task.deletedAt == nil else {
            throw DoableError.notFound("No such task in this calendar.")
        }
        return try await davRendering(identity, tasks: [task]).object(of: task, withBody: true)
    }

    /// `calendar-query`: the objects matching the filter (bodies when asked). A plain time range over VTODOs is
    /// answered from the tasks' dates; anything else is matched against each object as a client would see it.
    public func davQuery(_ identity: Identity, listID: ListID, filter: CompFilter, withBodies: Bool) async throws
        -> [DAVObject]
    {
        _ = try await access(listID, for: identity, .read)
        let tasks = try await store.tasks(listID: listID, includingTrashed: false)
        let rendering = try await davRendering(identity, tasks: tasks)
        let todos = filter.compFilters.first { $0.name.uppercased() == "VTODO" }
        let onDatesOnly = filter.name.uppercased() == "VCALENDAR" && filter.propFilters.isEmpty
            && filter.timeRange == nil && filter.compFilters.count == 1 && todos.map {
                !$0.isNotDefined && $0.propFilters.isEmpty && $0.compFilters.isEmpty
            } == true
        var matches: [DAVObject] = []
        for task in tasks {
            let matched: Bool
            // A client's DURATION is not a task field: such an object is matched as the client wrote it.
            if onDatesOnly, task.recurrence == nil, rendering.objects[task.id]?.body.contains("DURATION") != true {
                matched = todos?.timeRange.map { $0.overlaps(rendering.times(of: task)) } ?? true
            } else {
                matched = filter.matches(rendering.component(of: task).calendar, floatingZone: rendering.zone)
            }
            if matched { matches.append(rendering.object(of: task, withBody: withBodies)) }
        }
        return matches
    }

    /// The task a resource name stands for in the list (trashed ones included): the name a client chose, or
    /// `<task id>.ics` for a task no client has written under another name.
    func davTask(listID: ListID, name: String) async throws -> TaskItem? {
        if let id = try await store.calendarObjectTask(listID: listID, name: name) {
            return try await store.task(id: id).flatMap { $0.listID == listID ? $0 : nil }
        }
        guard name.hasSuffix(".ics"), let id = TaskID(String(name.dropLast(4))),
              let task = try await store.task(id: id), task.listID == listID
        else { return nil }
        if let object = try await store.calendarObject(taskID: id), object.name != name { return nil }
        return task
    }

    /// Everything needed to render `tasks` for the caller, read in a few queries.
    func davRendering(_ identity: Identity, tasks: [TaskItem]) async throws -> DAVRendering {
        let ids = tasks.map(\.id)
        let labels = try await store.labels(ownerID: identity.account.id)
        let reminders = try await store.reminders(taskIDs: ids).filter { $0.accountID == identity.account.id }
        var objects: [TaskID: CalendarObject] = [:]
        for object in try await store.calendarObjects(taskIDs: ids) { objects[object.taskID] = object }
        var rendering = DAVRendering(
            zone: zone(of: identity.account),
            labelNames: Dictionary(labels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            reminders: Dictionary(grouping: reminders, by: \.taskID), objects: objects, parentUIDs: [:])
        let outsideParents = Set(tasks.compactMap(\.parentID)).subtracting(ids)
        if !outsideParents.isEmpty {
            for object in try await store.calendarObjects(taskIDs: Array(outsideParents)) {
                rendering.parentUIDs[object.taskID] = object.uid
            }
        }
        return rendering
    }
}
