import DoableCore
import Foundation
import Synchronization

/// The bodies clients stored, parsed and decoded, by task: a calendar is read again and again (every sync lists it,
/// multigets fetch it in chunks), and parsing each body on each read was most of the CPU a read took. An entry holds
/// while the object's body version, the body's fingerprint and the member's zone are the ones it was made from.
final class DAVBodyCache: Sendable {
    struct Parsed: Sendable {
        var calendar: ICalComponent
        /// nil when the body no longer decodes (it was stored before a rule changed).
        var record: TodoRecord?
    }

    private struct Entry {
        var bodyVersion: Int64
        var fingerprint: UInt64
        var zone: String
        var parsed: Parsed
    }

    static let capacity = 50_000
    private let entries = Mutex<[TaskID: Entry]>([:])

    func parsed(_ object: CalendarObject, zone: TimeZone) -> Parsed? {
        var hash = FNV1a()
        hash.add(object.body)
        let fingerprint = hash.value
        if let entry = entries.withLock({ $0[object.taskID] }), entry.bodyVersion == object.bodyVersion,
            entry.fingerprint == fingerprint, entry.zone == zone.identifier
        {
            return entry.parsed
        }
        guard let calendar = try? ICalendarParser.parse(object.body) else { return nil }
        let parsed = Parsed(calendar: calendar, record: try? VTodoMapping.decode(calendar, floatingZone: zone))
        let entry = Entry(bodyVersion: object.bodyVersion, fingerprint: fingerprint, zone: zone.identifier, parsed: parsed)
        entries.withLock { entries in
            // Simpler than an LRU and enough: a server holding more objects than this refills as calendars are read.
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[object.taskID] = entry
        }
        return parsed
    }
}
