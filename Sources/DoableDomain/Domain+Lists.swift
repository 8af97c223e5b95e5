import DoableCore
@_spi(StoreWriting) import DoableStore

/// LIST-1 and LIST-2: the fields of a new list or a list edit (nil leaves a field as it is).
public struct ListInput: Sendable {
    public var name: String?
    public var description: String?
    public var color: String?
    public var icon: String??
    public var isArchived: Bool?
    public init() {}
}

extension Domain {
    /// A live (not trashed) list the caller may see, or 404.
    func visibleList(_ id: ListID, for identity: Identity, field: String? = nil) async throws -> TaskList {
        guard let list = try await store.list(id: id), list.ownerID == identity.account.id, list.deletedAt == nil
        else { throw DoableError.notFound("List not found.", field: field) }
        return list
    }

    public func lists(_ identity: Identity) async throws -> [(TaskList, Int)] {
        let lists = try await store.lists(ownerID: identity.account.id)
        let counts = try await store.openTaskCounts(listIDs: lists.map(\.id))
        return lists.map { ($0, counts[$0.id] ?? 0) }
    }

    public func list(_ identity: Identity, id: ListID) async throws -> (TaskList, Int) {
        let list = try await visibleList(id, for: identity)
        return (list, try await store.openTaskCounts(listIDs: [id])[id] ?? 0)
    }

    /// LIST-1: a new list goes after the member's other lists.
    public func createList(_ identity: Identity, _ input: ListInput) async throws -> TaskList {
        let now = clock()
        let name = try Rules.listName(input.name ?? "")
        let description = try Rules.listDescription(input.description ?? "")
        let color = try Rules.color(input.color ?? "blue")
        let icon = try input.icon?.map(Rules.icon) ?? nil
        return try await perform(by: identity.account.id) {
            let last = try await store.lists(ownerID: identity.account.id).last?.rank
            let list = TaskList(id: .make(at: now), ownerID: identity.account.id, name: name, description: description,
                                color: color, icon: icon, isArchived: input.isArchived ?? false,
                                rank: RankKey.between(last, nil), createdAt: now, updatedAt: now)
            return (WriteBatch([.putList(list)], now: now), list)
        }
    }

    /// LIST-2: edits name, description, colour, icon or archived state.
    public func updateList(_ identity: Identity, id: ListID, _ input: ListInput,
                           ifVersion expected: Int64? = nil) async throws -> TaskList {
        try await perform(by: identity.account.id) {
            var list = try await visibleList(id, for: identity)
            try require(version: list.version, expected: expected, of: "list")
            if let name = input.name {
                let name = try Rules.listName(name)
                if list.isInbox && name != list.name {
                    throw DoableError.conflict(code: "inbox_protected", field: "name", message: "The Inbox cannot be renamed.")
                }
                list.name = name
            }
            if let description = input.description { list.description = try Rules.listDescription(description) }
            if let color = input.color { list.color = try Rules.color(color) }
            if let icon = input.icon { list.icon = try icon.map(Rules.icon) }
            if let isArchived = input.isArchived {
                if list.isInbox && isArchived {
                    throw DoableError.conflict(code: "inbox_protected", field: "isArchived",
                                               message: "The Inbox cannot be archived.")
                }
                list.isArchived = isArchived
            }
            list.updatedAt = clock()
            list.version += 1
            return (WriteBatch([.putList(list)], now: clock()), list)
        }
    }

    /// LIST-2: puts a list before or after another of the member's lists.
    public func moveList(_ identity: Identity, id: ListID, beforeID: ListID?, afterID: ListID?,
                         ifVersion expected: Int64? = nil) async throws -> TaskList {
        try await perform(by: identity.account.id) {
            var list = try await visibleList(id, for: identity)
            try require(version: list.version, expected: expected, of: "list")
            if beforeID == id || afterID == id {
                throw DoableError.invalid(beforeID == id ? "beforeId" : "afterId",
                                          "A list cannot be placed next to itself.")
            }
            let others = try await store.lists(ownerID: identity.account.id).filter { $0.id != id }
            let index: Int
            if let beforeID {
                guard let position = others.firstIndex(where: { $0.id == beforeID }) else {
                    throw DoableError.notFound("List not found.", field: "beforeId")
                }
                index = position
            } else if let afterID {
                guard let position = others.firstIndex(where: { $0.id == afterID }) else {
                    throw DoableError.notFound("List not found.", field: "afterId")
                }
                index = position + 1
            } else {
                throw DoableError.invalid("beforeId", "Give 'beforeId' or 'afterId'.")
            }
            let lower = index > 0 ? others[index - 1].rank : nil
            let upper = index < others.count ? others[index].rank : nil
            list.rank = RankKey.between(lower, upper)
            list.updatedAt = clock()
            list.version += 1
            return (WriteBatch([.putList(list)], now: clock()), list)
        }
    }

    /// LIST-3: the list and its tasks go to the trash together.
    public func deleteList(_ identity: Identity, id: ListID, ifVersion expected: Int64? = nil) async throws {
        try await perform(by: identity.account.id) {
            var list = try await visibleList(id, for: identity)
            try require(version: list.version, expected: expected, of: "list")
            guard !list.isInbox else {
                throw DoableError.conflict(code: "inbox_protected", field: nil, message: "The Inbox cannot be deleted.")
            }
            let now = clock()
            var batch = WriteBatch(now: now)
            for var task in try await store.tasks(listID: id, includingTrashed: false) {
                task.deletedAt = now
                task.trashedWith = Self.trashKey(list: id)
                task.updatedAt = now
                task.version += 1
                batch.append(.putTask(task))
            }
            list.deletedAt = now
            list.updatedAt = now
            list.version += 1
            batch.append(.putList(list))
            return (batch, ())
        }
    }

    static func trashKey(list id: ListID) -> String { "list:\(id)" }
}
