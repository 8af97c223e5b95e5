public import Foundation

/// VTODO ⇄ `TodoRecord` (INTEROP-1, INTEROP-5). Decoding takes one calendar object resource; encoding writes one,
/// starting from the component last stored for the task so that everything Doable does not model — X- properties,
/// unknown properties and parameters, extra RELATED-TO lines, VTIMEZONEs, alarms it cannot map — stays exactly as
/// the client sent it, and a modelled property whose value did not change keeps its original line too.
public enum VTodoMapping {
    /// Components a Doable calendar does not store; a resource holding one is refused.
    static let unsupportedComponents: Set<String> = ["VEVENT", "VJOURNAL", "VFREEBUSY", "VAVAILABILITY"]

    /// The one VTODO of a resource (every component with its UID, recurrence overrides included, must share one UID);
    /// VEVENT/VJOURNAL answer `unsupportedComponent`. DATE-TIME values with a TZID are read in that zone (an IANA name,
    /// or the resource's VTIMEZONE), floating ones in `floatingZone`.
    public static func decode(_ calendar: ICalComponent, floatingZone: TimeZone) throws(CalendarObjectError) -> TodoRecord {
        guard calendar.name == "VCALENDAR" else {
            throw .invalidData("The resource is a \(calendar.name), not a VCALENDAR.", line: nil)
        }
        if let other = calendar.components.first(where: { unsupportedComponents.contains($0.name) }) {
            throw .unsupportedComponent(other.name)
        }
        let todos = calendar.components(named: "VTODO")
        guard !todos.isEmpty else { throw .notOneObject("The resource holds no VTODO.") }
        var uid: String?
        for todo in todos {
            guard let value = todo.property("UID")?.value, !value.isEmpty else {
                throw .notOneObject("A VTODO has no UID.")
            }
            if let uid, uid != value {
                throw .notOneObject("The resource holds more than one UID (\(uid), \(value)): one task per resource.")
            }
            uid = value
        }
        let reader = ICalDateReader(calendar: calendar, floatingZone: floatingZone)
        return try VTodoDecoder(reader: reader).record(of: todos)
    }

    /// Every VTODO of a file (an import or an export of several tasks), each decoded as `decode` would; the ones that
    /// cannot be read come back as failures with their UID (or position) and reason. VTODOs sharing a UID (recurrence
    /// overrides) are one task; each VEVENT, VJOURNAL or VFREEBUSY (by UID) is one failure.
    public static func decodeAll(_ calendar: ICalComponent, floatingZone: TimeZone)
        -> [Result<TodoRecord, CalendarObjectError>]
    {
        let reader = ICalDateReader(calendar: calendar, floatingZone: floatingZone)
        var order: [String] = []
        var groups: [String: [ICalComponent]] = [:]
        var results: [String: Result<TodoRecord, CalendarObjectError>] = [:]
        for (position, component) in calendar.components.enumerated() {
            let isTodo = component.name == "VTODO"
            guard isTodo || unsupportedComponents.contains(component.name) else { continue }
            let uid = component.property("UID")?.value ?? ""
            let key = "\(component.name)\u{0}\(uid.isEmpty ? "#\(position)" : uid)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(component)
            if !isTodo {
                results[key] = .failure(.unsupportedComponent(component.name))
            } else if uid.isEmpty {
                results[key] = .failure(.notOneObject("The VTODO at position \(position + 1) has no UID."))
            }
        }
        return order.map { key in
            if let result = results[key] { return result }
            do throws(CalendarObjectError) {
                return .success(try VTodoDecoder(reader: reader).record(of: groups[key] ?? []))
            } catch {
                let uid = groups[key]?.first?.property("UID")?.value ?? ""
                return .failure(error.naming(uid: uid))
            }
        }
    }

    /// PRIORITY 1–4 → high, 5 → medium, 6–9 → low, 0 or absent → none (RFC 5545 §3.8.1.9).
    public static func priority(fromICal value: Int) -> TaskPriority {
        switch value {
        case 1...4: .high
        case 5: .medium
        case 6...9: .low
        default: .none
        }
    }

    /// high → 1, medium → 5, low → 9, none → nil (no PRIORITY line).
    public static func icalPriority(_ priority: TaskPriority) -> Int? {
        switch priority {
        case .high: 1
        case .medium: 5
        case .low: 9
        case .none: nil
        }
    }

    /// RFC 5545 STATUS for a task status.
    static func icalStatus(_ status: TaskStatus) -> String {
        switch status {
        case .pending: "NEEDS-ACTION"
        case .inProgress: "IN-PROCESS"
        case .completed: "COMPLETED"
        }
    }
}

extension CalendarObjectError {
    /// The same error, saying which task of a file it is about.
    func naming(uid: String) -> CalendarObjectError {
        switch self {
        case .invalidProperty(let name, let text): .invalidProperty(name, "\(text) (task \(uid))")
        case .notOneObject(let text): .notOneObject("\(text) (task \(uid))")
        case .invalidData(let text, let line): .invalidData("\(text) (task \(uid))", line: line)
        case .unsupportedComponent: self
        }
    }
}
