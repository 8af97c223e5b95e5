public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// INTEROP-1: PUT and DELETE of calendar object resources. A PUT is `createTask` or `updateTask` with the body as
/// the task's `calendarResource`, so it is validated, written with its feed entry, rewarded and announced exactly as
/// an API call; labels for CATEGORIES and reminders for VALARMs go through their own domain operations.
extension CalDAVService {
    /// `PUT`: creates or replaces the task stored under `name`. `ifMatch` is an ETag (quoted) or `*`;
    /// `ifNoneMatch` is `If-None-Match: *`. Returns the stored object (its ETag) and whether it was created.
    public func davPut(
        _ identity: Identity, listID: ListID, name: String, body: String, ifMatch: String?,
        ifNoneMatch: Bool
    ) async throws -> (object: DAVObject, created: Bool) {
        _ = try await domain.access(listID, for: identity, .editTasks)
        var record: TodoRecord
        let overrides: RecurrenceOverrides.Verdict
        do {
            let calendar = try ICalendarParser.parse(body)
            record = try VTodoMapping.decode(calendar, floatingZone: domain.zone(of: identity.account))
            overrides = try RecurrenceOverrides.verdict(of: calendar)
        } catch {
            throw DAVError.invalidObject(error)
        }
        if overrides == .completesCurrent {
            // The client ticked off the current occurrence with an override: the task is completed, so it moves to
            // its next occurrence like any completion.
            record.status = .completed
        }
        let holder = try await davTask(listID: listID, name: name)
        let live = holder?.deletedAt == nil ? holder : nil
        if ifNoneMatch, live != nil { throw DAVError.preconditionFailed }
        if let ifMatch {
            guard let live else { throw DAVError.preconditionFailed }
            if ifMatch != "*", try await davRendering(identity, of: live).etag(of: live) != ifMatch {
                throw DAVError.preconditionFailed
            }
        }
        if let other = try await davLiveTasks(listID: listID, uid: record.uid).first(where: { $0.id != live?.id }) {
            throw DAVError.uidConflict(existingName: try await davRendering(identity, of: other).name(of: other.id))
        }
        var input = try await davInput(identity, listID: listID, record: record, updating: live)
        input.calendarResource?.name = name
        input.calendarResource?.body = body
        input.calendarResource?.replacing = live == nil ? holder?.id : nil
        let task: TaskItem
        do {
            if let live {
                task = try await domain.tasks.updateTask(identity, id: live.id, input, ifVersion: ifMatch == nil ? nil : live.version).task
            } else {
                input.listID = listID
                task = try await domain.tasks.createTask(identity, input).task
            }
        } catch let error as DoableError {
            throw Self.davError(error, preconditioned: ifMatch != nil)
        }
        try await adoptAwaitingChildren(identity, listID: listID, parent: task, uid: record.uid)
        try await matchReminders(identity, task: task, to: record.alarms)
        guard let stored = try await store.task(id: task.id) else { throw DoableError.notFound("Task not found.") }
        return (try await davRendering(identity, of: stored).object(of: stored, withBody: true), live == nil)
    }

    /// `DELETE` of a resource: the task goes to the trash.
    public func davDelete(_ identity: Identity, listID: ListID, name: String, ifMatch: String?) async throws {
        _ = try await domain.access(listID, for: identity, .editTasks)
        guard let task = try await davTask(listID: listID, name: name), task.deletedAt == nil else {
            throw DoableError.notFound("No such task in this calendar.")
        }
        if let ifMatch, ifMatch != "*", try await davRendering(identity, of: task).etag(of: task) != ifMatch {
            throw DAVError.preconditionFailed
        }
        do {
            try await domain.tasks.deleteTask(identity, id: task.id, ifVersion: ifMatch == nil ? nil : task.version)
        } catch let error as DoableError {
            throw Self.davError(error, preconditioned: ifMatch != nil)
        }
    }

    /// The task fields a client's VTODO sets. Dates keep their values even when past (TASK-2: data from CalDAV keeps
    /// its dates); CATEGORIES become the caller's labels, made when missing.
    func davInput(_ identity: Identity, listID: ListID, record: TodoRecord, updating live: TaskItem?) async throws
        -> TaskInput
    {
        var input = TaskInput(title: record.summary)
        input.notes = record.description
        input.status = record.status
        input.priority = record.priority
        input.due = .some(record.due)
        input.start = .some(record.start)
        input.recurrence = .some(record.recurrence)
        input.recurrenceBasis = record.recurrenceBasis
        if record.estimatedMinutes != nil || live?.estimatedMinutes == nil {
            input.estimatedMinutes = .some(record.estimatedMinutes)
        }
        input.isRestoringPreviousValues = true
        input.createdAt = record.created
        input.completedAt = record.completedAt
        input.labelIDs = try await davLabels(identity, named: record.categories)
        var pendingParent: String?
        if let parentUID = record.parentUID {
            if let parent = try await davLiveTasks(listID: listID, uid: parentUID).first, parent.id != live?.id {
                input.parentID = .some(parent.id)
            } else {
                pendingParent = parentUID
                input.parentID = .some(nil)
            }
        } else {
            input.parentID = .some(nil)
        }
        if live?.parentID == input.parentID ?? nil { input.parentID = nil }
        input.calendarResource = CalendarResource(
            name: "", uid: record.uid, body: "", record: record,
            pendingParentUID: pendingParent)
        return input
    }

    /// The live tasks of the list that carry this UID: a client's object with it, or a Doable task whose id it is.
    func davLiveTasks(listID: ListID, uid: String) async throws -> [TaskItem] {
        var ids = try await store.calendarObjectTasks(listID: listID, uid: uid)
        if let id = TaskID(uid), !ids.contains(id), try await store.calendarObject(taskID: id) == nil { ids.append(id) }
        guard !ids.isEmpty else { return [] }
        return try await store.tasks(ids: ids).filter { $0.listID == listID && $0.deletedAt == nil }
    }

    /// The caller's labels for these names (any case), made when missing; a name no label may have is left out.
    func davLabels(_ identity: Identity, named names: [String]) async throws -> [LabelID] {
        guard !names.isEmpty else { return [] }
        var known = Dictionary(
            try await store.labels(ownerID: identity.account.id).map { ($0.name.lowercased(), $0.id) },
            uniquingKeysWith: { first, _ in first })
        var ids: [LabelID] = []
        for name in names {
            let key = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if known[key] == nil, (try? Rules.labelName(name)) != nil {
                do {
                    known[key] = try await domain.tasks.createLabel(
                        identity, name: name.trimmingCharacters(in: .whitespacesAndNewlines), color: nil
                    ).id
                } catch DoableError.conflict(code: "already_exists", _, _) {
                    // Another write (a client's parallel PUT) made the label meanwhile: use that one.
                    known[key] = try await store.labels(ownerID: identity.account.id)
                        .first { $0.name.lowercased() == key }?.id
                }
            }
            if let id = known[key], !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// A parent that arrives after its subtasks: each object waiting for its UID becomes its subtask.
    func adoptAwaitingChildren(_ identity: Identity, listID: ListID, parent: TaskItem, uid: String) async throws {
        for child in try await store.calendarObjectsAwaitingParent(listID: listID, uid: uid) where child.taskID != parent.id {
            guard let task = try await store.task(id: child.taskID), task.deletedAt == nil,
                let sent = try? VTodoMapping.decode(ICalendarParser.parse(child.body), floatingZone: domain.zone(of: identity.account))
            else { continue }
            var input = TaskInput()
            input.parentID = .some(parent.id)
            input.calendarResource = CalendarResource(name: child.name, uid: child.uid, body: child.body, record: sent)
            // A subtask the caller may not move (a depth rule, another list) stays where it is, still waiting.
            _ = try? await domain.tasks.updateTask(identity, id: task.id, input)
        }
    }

    /// The caller's reminders on the task become the VALARMs' triggers: new ones made, missing ones deleted.
    func matchReminders(_ identity: Identity, task: TaskItem, to triggers: [Reminder.Trigger]) async throws {
        let current = try await store.reminders(taskID: task.id, accountID: identity.account.id)
        for reminder in current where !triggers.contains(reminder.trigger) {
            try? await domain.reminders.deleteReminder(identity, id: reminder.id)
        }
        var seen = current.map(\.trigger)
        for trigger in triggers where !seen.contains(trigger) {
            seen.append(trigger)
            // A trigger Doable refuses (in the past, relative to a date the task lacks) stays in the body only.
            _ = try? await domain.reminders.createReminder(identity, taskID: task.id, trigger: trigger)
        }
    }

    /// What `calendarResource` adds to a task's write: its object row, marked as still saying what the task is
    /// (then GET serves it byte for byte) or not (then it is rendered from the task over it).
    func calendarObjectOperations(_ resource: CalendarResource?, for task: TaskItem, identity: Identity) async throws
        -> [WriteBatch.Operation]
    {
        guard let resource else { return [] }
        var operations: [WriteBatch.Operation] = []
        if let replaced = resource.replacing { operations.append(.deleteCalendarObject(replaced)) }
        var rendering = try await davRendering(identity, tasks: [], listID: nil, withBodies: false)
        rendering.labelNames = Dictionary(
            try await store.labels(ownerID: identity.account.id).map { ($0.id, $0.name) },
            uniquingKeysWith: { first, _ in first })
        if let parent = task.parentID, let object = try await store.calendarObject(taskID: parent) {
            rendering.parentUIDs[parent] = object.uid
        }
        rendering.objects[task.id] = CalendarObject(
            taskID: task.id, name: resource.name, uid: resource.uid,
            body: resource.body, bodyVersion: task.version)
        var doable = rendering.record(of: task)
        // Reminders are matched right after this write; the alarms are judged by that, not here.
        doable.alarms = resource.record.alarms
        let waiting = resource.pendingParentUID != nil && task.parentID == nil
        let says =
            waiting
            ? Self.agreesExceptParent(resource.record, doable)
            : DAVRendering.agrees(resource.record, with: doable)
        operations.append(
            .putCalendarObject(
                CalendarObject(
                    taskID: task.id, name: resource.name, uid: resource.uid, body: resource.body,
                    bodyVersion: says ? task.version : -1, pendingParentUID: waiting ? resource.pendingParentUID : nil)))
        return operations
    }

    static func agreesExceptParent(_ sent: TodoRecord, _ task: TodoRecord) -> Bool {
        var task = task
        task.parentUID = sent.parentUID
        return DAVRendering.agrees(sent, with: task)
    }

    /// A field rule's refusal in the client's words: the iCalendar property it is about.
    static func davError(_ error: DoableError, preconditioned: Bool) -> any Error {
        switch error {
        case .conflict(let code, _, _) where code == "version_mismatch" || code == "edit_conflict":
            return preconditioned ? DAVError.preconditionFailed : error
        case .invalid(let field, let message):
            return DAVError.refused(property: davProperty(field), message: message)
        default:
            return error
        }
    }

    static func davProperty(_ field: String?) -> String {
        switch field {
        case "title": "SUMMARY"
        case "notes": "DESCRIPTION"
        case "due": "DUE"
        case "start": "DTSTART"
        case "recurrence": "RRULE"
        case "labelIds": "CATEGORIES"
        case "parentId": "RELATED-TO"
        case "estimatedMinutes": "X-DOABLE-ESTIMATED-MINUTES"
        case "priority": "PRIORITY"
        case "status": "STATUS"
        default: field ?? "VTODO"
        }
    }
}
