import DoableCore
import DoableDomain
import Foundation
import DoableHTTP

/// Reads `POST /api/v1/sync/push` mutations (docs/sync.md "Mutations"). A mutation whose envelope is broken fails the
/// request (400); one whose arguments break a rule is parsed into a rejection, so that the rest of the queue goes on.
enum SyncMutationParser {
    static let envelope: Set<String> = ["id", "name", "hlc", "args"]

    static func mutation(_ value: ParsedJSON, at index: Int) throws -> SyncMutation {
        let path = "mutations[\(index)]"
        let body = try JSONObjectReader(value, allowed: envelope, path: path)
        guard let id = try body.integer("id"), id >= 1 else {
            throw DoableError.invalid("\(path).id", "'\(path).id' is required: the device's mutation number, 1 or more.")
        }
        let name = try body.required("name", body.string)
        let hlcText = try body.required("hlc", body.string)
        guard let clock = HybridTimestamp(hlcText) else {
            throw DoableError.invalid(
                "\(path).hlc",
                "'\(path).hlc' must be a hybrid clock reading: 18 digits of "
                    + "milliseconds, '-', 5 digits of counter, '-', and the node (1 to 64 characters).")
        }
        let args = body.fields["args"] ?? .object([:])
        let entityID: String? = if case .object(let fields) = args, case .string(let id)? = fields["id"] { id } else { nil }
        let operation: Result<SyncOperation, DoableError>
        do {
            operation = .success(try self.operation(name, args: args))
        } catch let error as DoableError {
            operation = .failure(error)
        }
        return SyncMutation(id: Int64(id), name: name, clock: clock, entityID: entityID, operation: operation)
    }

    static func operation(_ name: String, args: ParsedJSON) throws -> SyncOperation {
        switch name {
        case "task.create":
            let body = try JSONObjectReader(args, allowed: RequestFields.task.union(["id", "rank"]), path: "args")
            guard body.has("title") else { throw DoableError.invalid("args.title", "'args.title' is required.") }
            var input = try TasksController.input(body)
            input.id = try body.required("id") { try body.id($0, TaskID.self) }
            input.rank = try body.string("rank")
            return .createTask(input)
        case "task.update":
            let (id, fields) = try update(args, TaskID.self, allowed: RequestFields.task.subtracting(["listId", "parentId"]))
            return .updateTask(id, try TasksController.input(fields))
        case "task.complete": return .completeTask(try target(args, TaskID.self))
        case "task.reopen": return .reopenTask(try target(args, TaskID.self))
        case "task.delete": return .deleteTask(try target(args, TaskID.self))
        case "task.restore": return .restoreTask(try target(args, TaskID.self))
        case "task.move":
            let body = try JSONObjectReader(args, allowed: ["id", "listId", "parentId", "rank"], path: "args")
            let id = try body.required("id") { try body.id($0, TaskID.self) }
            let placement = TaskPlacement(
                listID: try body.id("listId", ListID.self),
                parentID: try body.nullableID("parentId", TaskID.self),
                rank: try body.string("rank"))
            return .moveTask(id, placement)
        case "list.create":
            let body = try JSONObjectReader(args, allowed: RequestFields.list.union(["id"]), path: "args")
            guard body.has("name") else { throw DoableError.invalid("args.name", "'args.name' is required.") }
            var input = try ListsController.input(body)
            input.id = try body.required("id") { try body.id($0, ListID.self) }
            return .createList(input)
        case "list.update":
            let (id, fields) = try update(args, ListID.self, allowed: RequestFields.list)
            return .updateList(id, try ListsController.input(fields))
        case "list.delete": return .deleteList(try target(args, ListID.self))
        case "list.restore": return .restoreList(try target(args, ListID.self))
        case "label.create":
            let body = try JSONObjectReader(args, allowed: RequestFields.label.union(["id"]), path: "args")
            return .createLabel(
                try body.required("id") { try body.id($0, LabelID.self) },
                name: try body.required("name", body.string), color: try body.string("color"))
        case "label.update":
            let (id, fields) = try update(args, LabelID.self, allowed: RequestFields.label)
            return .updateLabel(id, name: try fields.string("name"), color: try fields.string("color"))
        case "label.delete": return .deleteLabel(try target(args, LabelID.self))
        case "reminder.create":
            let body = try JSONObjectReader(args, allowed: RequestFields.reminder.union(["id", "taskId"]), path: "args")
            guard let trigger = try RemindersController.trigger(body) else {
                throw DoableError.invalid("args.at", "Give 'at' (a moment) or 'relativeTo' (due or start) with 'offsetMinutes'.")
            }
            return .createReminder(
                try body.required("id") { try body.id($0, ReminderID.self) },
                taskID: try body.required("taskId") { try body.id($0, TaskID.self) }, trigger: trigger)
        case "reminder.update":
            let body = try JSONObjectReader(args, allowed: RequestFields.reminderUpdate.union(["id"]), path: "args")
            let id = try body.required("id") { try body.id($0, ReminderID.self) }
            let trigger = try RemindersController.trigger(body)
            let silenced = try body.bool("silenced")
            guard trigger != nil || silenced != nil else {
                throw DoableError.invalid(
                    "args",
                    "Give a new 'at', or 'relativeTo' with 'offsetMinutes', or "
                        + "'silenced'.")
            }
            return .updateReminder(id, trigger: trigger, silenced: silenced)
        case "reminder.delete": return .deleteReminder(try target(args, ReminderID.self))
        default:
            throw DoableError.conflict(
                code: "unknown_mutation", field: "name",
                message: "This server does not know the mutation '\(name)'.")
        }
    }

    static func target<T>(_ args: ParsedJSON, _ type: EntityID<T>.Type) throws -> EntityID<T> {
        let body = try JSONObjectReader(args, allowed: ["id"], path: "args")
        return try body.required("id") { try body.id($0, type) }
    }

    static func update<T>(_ args: ParsedJSON, _ type: EntityID<T>.Type, allowed: Set<String>) throws
        -> (EntityID<T>, JSONObjectReader)
    {
        let body = try JSONObjectReader(args, allowed: ["id", "fields"], path: "args")
        let id = try body.required("id") { try body.id($0, type) }
        let fields = try body.object("fields", allowed: allowed) ?? JSONObjectReader(.object([:]), allowed: [])
        return (id, fields)
    }
}
