import DoableCore
import Foundation

/// What turns tasks into calendar objects for one caller: their own labels' names (CATEGORIES), their reminders
/// (VALARM), the objects clients stored (with bodies when bodies are asked for, else their headers), and the UIDs of
/// parents (RELATED-TO). Built once per request.
struct DAVRendering {
    var zone: TimeZone
    var labelNames: [LabelID: String]
    var reminders: [TaskID: [Reminder]]
    var objects: [TaskID: CalendarObject]
    var headers: [TaskID: CalendarObjectHeader] = [:]
    /// UIDs of tasks outside `objects` that are parents of rendered tasks.
    var parentUIDs: [TaskID: String]
    var bodies: DAVBodyCache

    func uid(of taskID: TaskID) -> String {
        objects[taskID]?.uid ?? headers[taskID]?.uid ?? parentUIDs[taskID] ?? taskID.description
    }

    /// The resource name: the one a client chose, else `<task id>.ics`.
    func name(of taskID: TaskID) -> String {
        objects[taskID]?.name ?? headers[taskID]?.name ?? DAVRendering.defaultName(taskID)
    }

    static func defaultName(_ taskID: TaskID) -> String { "\(taskID).ics" }

    func pendingParentUID(of taskID: TaskID) -> String? {
        objects[taskID]?.pendingParentUID ?? headers[taskID]?.pendingParentUID
    }

    func categories(of task: TaskItem) -> [String] {
        task.labelIDs.compactMap { labelNames[$0] }
    }

    /// Strong and cheap: the task's version plus what else the body shows (label names, reminders, the parent's UID).
    func etag(of task: TaskItem) -> String {
        var hash = FNV1a()
        for name in categories(of: task) { hash.add(name) }
        for reminder in reminders[task.id] ?? [] { hash.add("\(reminder.id)/\(reminder.version)") }
        if let parent = task.parentID { hash.add(uid(of: parent)) }
        return "\"\(task.version)-\(String(hash.value, radix: 16))\""
    }

    func record(of task: TaskItem) -> TodoRecord {
        // A parent a client named that has not arrived yet is still named, so the client's RELATED-TO stays.
        var record = ICalendarWriter.record(
            for: task, labelNames: labelNames, parentUID: task.parentID.map(uid(of:)) ?? pendingParentUID(of: task.id),
            listName: nil, reminders: reminders[task.id] ?? [])
        record.uid = uid(of: task.id)
        return record
    }

    /// The object as a client reads it: the body it last PUT while nothing changed since, else Doable's rendering of
    /// the task over that body, which keeps every property Doable does not model. Needs `objects` (bodies).
    func component(of task: TaskItem) -> (calendar: ICalComponent, text: String?, storedAsSent: Bool) {
        var record = record(of: task)
        let object = objects[task.id]
        let stored = object.flatMap { bodies.parsed($0, zone: zone) }
        if let object, let stored, object.bodyVersion == task.version, let sent = stored.record,
            Self.agrees(sent, with: record)
        {
            return (stored.calendar, object.body, true)
        }
        if let sent = stored?.record {
            record.sequence = (sent.sequence ?? 0) + 1
            // EXDATE is not a task field: the client's exceptions stay with the series (the domain skips them).
            record.exceptionDates = sent.exceptionDates
        }
        return (VTodoMapping.encode(record, preserving: stored?.calendar, floatingZone: zone), nil, false)
    }

    func object(of task: TaskItem, withBody: Bool) -> DAVObject {
        var body: String?
        var storedAsSent = false
        if withBody {
            let rendered = component(of: task)
            body = rendered.text ?? rendered.calendar.serialized()
            storedAsSent = rendered.storedAsSent
        }
        return DAVObject(
            taskID: task.id, name: name(of: task.id), etag: etag(of: task), lastModified: task.updatedAt,
            body: body, storedAsSent: storedAsSent)
    }

    /// Whether a body a client sent still says what the task is: every field Doable models, compared as Doable
    /// reads it (PRIORITY 3 and 1 are both high; CATEGORIES in any case and order).
    static func agrees(_ sent: TodoRecord, with task: TodoRecord) -> Bool {
        sent.summary == task.summary && sent.description == task.description && sent.due == task.due
            && sent.start == task.start && sent.priority == task.priority && sent.status == task.status
            && Set(sent.categories.map { $0.lowercased() }) == Set(task.categories.map { $0.lowercased() })
            && sent.parentUID == task.parentUID
            && sent.recurrence.map(canonicalRule) == task.recurrence.map(canonicalRule)
            && sent.alarms.count == task.alarms.count && sent.alarms.allSatisfy(task.alarms.contains)
            && (sent.estimatedMinutes == nil || sent.estimatedMinutes == task.estimatedMinutes)
    }

    static func canonicalRule(_ text: String) -> String {
        (try? RecurrenceRule(rrule: text).description) ?? text
    }

    /// Whether RFC 4791 §9.9 can be judged on the task's own dates: they are what its object says, unless the object
    /// has a DURATION (not a task field) or the task repeats (occurrences count).
    func timesAreTheTasks(_ task: TaskItem) -> Bool {
        task.recurrence == nil && headers[task.id]?.mentionsDuration != true
            && objects[task.id].map { !$0.body.contains("DURATION") } != false
    }

    /// RFC 4791 §9.9's inputs for the task; whole days are read in the member's zone.
    func times(of task: TaskItem) -> TodoTimes {
        let calendar = ZonedCalendar(zone: zone, weekStart: .monday)
        func moment(_ date: TaskDate?) -> Timestamp? {
            switch date {
            case .moment(let moment): moment
            case .day(let day): calendar.moment(on: day, hour: 0, minute: 0)
            case nil: nil
            }
        }
        return TodoTimes(
            start: moment(task.start), due: moment(task.due), completed: task.completedAt,
            created: task.createdAt)
    }
}

/// 64-bit FNV-1a: a stable, cheap fingerprint (ETags must not change between processes, unlike `hashValue`).
struct FNV1a {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        value ^= 0xff
        value = value &* 0x100_0000_01b3
    }
}
