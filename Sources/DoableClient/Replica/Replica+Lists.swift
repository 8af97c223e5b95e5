public import DoableAPI
public import DoableCore

/// LIST-1, LIST-2 and TASK-8 for lists on this device: checked here, queued, and shown at once.
extension Replica {
    /// Makes a list (with a new UUIDv7 id). `color` is a palette name or `#RRGGBB` (default blue).
    @discardableResult
    public func createList(name: String, color: String? = nil) throws -> ListRecord {
        let name = try ClientError.checking { try Rules.listName(name) }
        let color = try ClientError.checking { try Rules.color(color ?? "blue") }
        let id = ListID.make(at: now())
        let state = try queue { _ in
            ("list.create", ["id": .text(id), "name": .string(name), "color": .string(color)])
        }
        return try Self.shown(state.lists[id], "list")
    }

    /// Changes the fields set in `fields`. The Inbox cannot be renamed or archived.
    @discardableResult
    public func updateList(_ id: ListID, _ fields: ListFields) throws -> ListRecord {
        guard !fields.isEmpty else {
            throw ClientError.invalid(field: "fields", message: "Nothing to change: give at least one field.")
        }
        var changes: [String: JSONValue] = [:]
        if let name = fields.name { changes["name"] = .string(try ClientError.checking { try Rules.listName(name) }) }
        if let description = fields.description {
            changes["description"] = .string(try ClientError.checking { try Rules.listDescription(description) })
        }
        if let color = fields.color { changes["color"] = .string(try ClientError.checking { try Rules.color(color) }) }
        if let icon = fields.icon {
            changes["icon"] =
                try icon.map { value in .string(try ClientError.checking { try Rules.icon(value) }) }
                ?? .null
        }
        if let isArchived = fields.isArchived { changes["isArchived"] = .bool(isArchived) }
        let state = try queue { state in
            let list = try state.editableList(id, field: "id", role: .admin)
            if list.isInbox, let name = changes["name"]?.stringValue, name != list.name {
                throw ClientError.invalid(field: "name", message: "The Inbox cannot be renamed.")
            }
            if list.isInbox, fields.isArchived == true {
                throw ClientError.invalid(field: "isArchived", message: "The Inbox cannot be archived.")
            }
            return ("list.update", ["id": .text(id), "fields": .object(changes)])
        }
        return try Self.shown(state.lists[id], "list")
    }

    /// Puts the list and its tasks in the trash. The Inbox cannot be deleted.
    @discardableResult
    public func deleteList(_ id: ListID) throws -> ListRecord {
        let state = try queue { state in
            let list = try state.editableList(id, field: "id", role: .owner)
            if list.isInbox { throw ClientError.invalid(field: "id", message: "The Inbox cannot be deleted.") }
            return ("list.delete", ["id": .text(id)])
        }
        return try Self.shown(state.lists[id], "list")
    }

    /// Brings a list back from the trash with the tasks that went with it.
    @discardableResult
    public func restoreList(_ id: ListID) throws -> ListRecord {
        let state = try queue { state in
            let list = try state.existingList(id)
            guard list.deletedAt != nil else {
                throw ClientError.invalid(field: "id", message: "The list “\(list.name)” is not in the trash.")
            }
            try state.require(list, atLeast: .owner, field: "id")
            return ("list.restore", ["id": .text(id)])
        }
        return try Self.shown(state.lists[id], "list")
    }
}
