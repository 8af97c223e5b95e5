public import DoableAPI
public import DoableCore

/// TASK-6 on this device: labels with unique (case-insensitive) names, checked here, queued, and shown at once.
extension Replica {
    /// Makes a label (with a new UUIDv7 id). `color` is a palette name or `#RRGGBB` (default gray).
    @discardableResult
    public func createLabel(name: String, color: String? = nil) throws -> LabelRecord {
        let name = try ClientError.checking { try Rules.labelName(name) }
        let color = try ClientError.checking { try Rules.color(color ?? "gray") }
        let id = LabelID.make(at: now())
        let state = try queue { state in
            try state.requireUniqueLabel(name, except: nil)
            return ("label.create", ["id": .text(id), "name": .string(name), "color": .string(color)])
        }
        return try Self.shown(state.labels[id], "label")
    }

    /// Renames or recolours a label.
    @discardableResult
    public func updateLabel(_ id: LabelID, _ fields: LabelFields) throws -> LabelRecord {
        guard !fields.isEmpty else {
            throw ClientError.invalid(field: "fields", message: "Nothing to change: give a name or a colour.")
        }
        let name = try fields.name.map { name in try ClientError.checking { try Rules.labelName(name) } }
        let color = try fields.color.map { color in try ClientError.checking { try Rules.color(color) } }
        let state = try queue { state in
            guard state.labels[id] != nil else { throw ClientError.notFound("No label \(id) on this device.") }
            if let name { try state.requireUniqueLabel(name, except: id) }
            var changes: [String: JSONValue] = [:]
            if let name { changes["name"] = .string(name) }
            if let color { changes["color"] = .string(color) }
            return ("label.update", ["id": .text(id), "fields": .object(changes)])
        }
        return try Self.shown(state.labels[id], "label")
    }

    /// Deletes a label for good and takes it off every task.
    public func deleteLabel(_ id: LabelID) throws {
        _ = try queue { state in
            guard state.labels[id] != nil else { throw ClientError.notFound("No label \(id) on this device.") }
            return ("label.delete", ["id": .text(id)])
        }
    }
}

extension ReplicaState {
    func requireUniqueLabel(_ name: String, except id: LabelID?) throws {
        let key = Rules.matchKey(name)
        if let other = labels.values.first(where: { $0.id != id && Rules.matchKey($0.name) == key }) {
            throw ClientError.invalid(field: "name", message: "You already have a label named “\(other.name)”.")
        }
    }
}
