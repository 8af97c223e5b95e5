import DoableCore
import DoableDomain

/// TASK-12: a history line in words: "ann completed this", "ben changed title, due", "ann moved this to Work",
/// "ben assigned ann".
enum ActivityWords {
    static func sentence(_ view: ActivityView) -> String {
        let entry = view.entry
        let who = view.actor ?? "Someone"
        switch entry.action {
        case .created:
            // INTEROP-5: an import marks its creations with the field "import" and names the format.
            return entry.fields == ["import"] ? "\(who) imported this from \(entry.detail)" : "\(who) created this"
        case .edited:
            let fields = entry.fields.map { fieldNames[$0] ?? $0 }
            return fields.isEmpty ? "\(who) edited this" : "\(who) changed \(fields.joined(separator: ", "))"
        case .completed: return "\(who) completed this"
        case .reopened: return "\(who) reopened this"
        case .moved: return entry.detail.isEmpty ? "\(who) moved this" : "\(who) moved this to \(entry.detail)"
        case .deleted: return "\(who) deleted this"
        case .restored: return "\(who) restored this"
        case .assigned:
            if entry.detail.isEmpty { return "\(who) assigned this" }
            return entry.detail == view.actor ? "\(who) took this on" : "\(who) assigned \(entry.detail)"
        case .unassigned:
            guard let first = entry.detail.first else { return "\(who) unassigned this" }
            return "\(who) unassigned this (\(first.lowercased() + entry.detail.dropFirst()))"
        case .commented: return "\(who) commented"
        }
    }

    /// The API's field names as people say them.
    static let fieldNames: [String: String] = [
        "title": "title", "notes": "notes", "priority": "priority", "due": "due", "start": "start",
        "estimatedMinutes": "estimate", "category": "category", "labelIds": "labels", "parentId": "parent task",
        "status": "status", "listId": "list", "assigneeId": "assignee", "recurrence": "repeat",
    ]
}
