public import DoableCore
@_spi(StoreWriting) import DoableStore

extension TaskService {
    func visibleLabel(_ id: LabelID, for identity: Identity) async throws -> Label {
        guard let label = try await store.label(id: id), label.ownerID == identity.account.id else {
            throw DoableError.notFound("Label not found.")
        }
        return label
    }

    public func labels(_ identity: Identity) async throws -> [Label] {
        try await store.labels(ownerID: identity.account.id)
    }

    /// TASK-6: a new label with a unique (case-insensitive) name.
    public func createLabel(_ identity: Identity, name: String?, color: String?, id: LabelID? = nil) async throws
        -> Label
    {
        let now = clock()
        let id = try await domain.newID(id, exists: { try await store.label(id: $0) != nil }) ?? .make(at: now)
        let label = Label(
            id: id, ownerID: identity.account.id, name: try Rules.labelName(name ?? ""),
            color: try Rules.color(color ?? "gray"), createdAt: now, updatedAt: now)
        try await domain.commit(WriteBatch([.putLabel(label)], now: now), by: identity.account.id)
        return label
    }

    /// TASK-6: rename or recolour.
    public func updateLabel(
        _ identity: Identity, id: LabelID, name: String?, color: String?,
        ifVersion expected: Int64? = nil
    ) async throws -> Label {
        try await perform(by: identity.account.id) {
            var label = try await visibleLabel(id, for: identity)
            try require(version: label.version, expected: expected, of: "label")
            let oldName = label.name
            if let name { label.name = try Rules.labelName(name) }
            if let color { label.color = try Rules.color(color) }
            label.updatedAt = clock()
            label.version += 1
            var batch = WriteBatch([.putLabel(label)], now: clock())
            if label.name != oldName {
                // INTEROP-1 (issue 34): the owner's calendar app shows the label's name (CATEGORIES) on each task
                // that carries it: those calendars' ctag and sync-collection must move for the owner.
                for task in try await store.tasks(labelID: id) {
                    batch.append(
                        .announceTask(
                            task.id, listID: task.listID, listOwner: task.ownerID,
                            onlyTo: label.ownerID))
                }
            }
            return (batch, label)
        }
    }

    /// TASK-6: deleting a label takes it off every task that carried it.
    public func deleteLabel(_ identity: Identity, id: LabelID, ifVersion expected: Int64? = nil) async throws {
        try await perform(by: identity.account.id) {
            let label = try await visibleLabel(id, for: identity)
            try require(version: label.version, expected: expected, of: "label")
            let now = clock()
            var batch = WriteBatch(now: now)
            for var task in try await store.tasks(labelID: id) {
                task.labelIDs.removeAll { $0 == id }
                task.updatedAt = now
                task.version += 1
                batch.append(.putTask(task))
            }
            batch.append(.deleteLabel(label))
            return (batch, ())
        }
    }
}
