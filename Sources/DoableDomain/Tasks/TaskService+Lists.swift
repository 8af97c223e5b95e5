public import DoableCore
@_spi(StoreWriting) import DoableStore

/// LIST-1 and LIST-2: the fields of a new list or a list edit (nil leaves a field as it is).
public struct ListInput: Sendable {
    /// SYNC-1: the id a device made for a new list; nil to have one made here.
    public var id: ListID?
    public var name: String?
    public var description: String?
    public var color: String?
    public var icon: String??
    public var isArchived: Bool?
    /// INTEROP-1: the URL segment a CalDAV client chose for the new list, kept with it.
    public var calendarSegment: String?
    public init() {}
}

extension TaskService {
    /// LIST-4 and COLLAB-1: the caller's own lists in its order, then the lists shared with it in its order of them.
    public func lists(_ identity: Identity) async throws -> [ListView] {
        try await counted(listsSeen(identity))
    }

    /// Every live list the caller sees, with its role but without its counts: counting reads every task of every list
    /// (111 ms at 100,000 tasks), and a pull only needs to know what the caller may see.
    func listsSeen(_ identity: Identity) async throws -> [ListView] {
        let own = try await store.lists(ownerID: identity.account.id)
        let shared = try await domain.sharedLists(identity)
        return own.map { ListView(list: $0, openTaskCount: 0, role: .owner, memberCount: 1) }
            + shared.map { ListView(list: $1, openTaskCount: 0, role: $0.role, memberCount: 1) }
    }

    /// The lists with their open-task and member counts (a sync page counts only the lists it carries).
    func counted(_ views: [ListView]) async throws -> [ListView] {
        guard !views.isEmpty else { return [] }
        let ids = views.map(\.list.id)
        let counts = try await store.openTaskCounts(listIDs: ids)
        let members = try await store.memberCounts(listIDs: ids)
        return views.map { view in
            var view = view
            view.openTaskCount = counts[view.list.id] ?? 0
            view.memberCount = 1 + (members[view.list.id] ?? 0)
            return view
        }
    }

    public func list(_ identity: Identity, id: ListID) async throws -> ListView {
        let access = try await domain.access(id, for: identity, .read)
        async let count = store.openTaskCounts(listIDs: [id])
        async let members = store.memberCounts(listIDs: [id])
        return ListView(
            list: access.list, openTaskCount: try await count[id] ?? 0, role: access.role,
            memberCount: 1 + (try await members[id] ?? 0))
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
            let id = try await domain.newID(input.id, exists: { try await store.list(id: $0) != nil }) ?? .make(at: now)
            let list = TaskList(
                id: id, ownerID: identity.account.id, name: name, description: description,
                color: color, icon: icon, isArchived: input.isArchived ?? false,
                rank: RankKey.between(last, nil), createdAt: now, updatedAt: now)
            var batch = WriteBatch([.putList(list)], now: now)
            if let segment = input.calendarSegment { batch.append(.putCalendarCollection(list.id, name: segment)) }
            return (batch, list)
        }
    }

    /// LIST-2: edits name, description, colour, icon or archived state.
    public func updateList(
        _ identity: Identity, id: ListID, _ input: ListInput,
        ifVersion expected: Int64? = nil
    ) async throws -> TaskList {
        try await perform(by: identity.account.id) {
            var list = try await domain.access(id, for: identity, .manage).list
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
                    throw DoableError.conflict(
                        code: "inbox_protected", field: "isArchived",
                        message: "The Inbox cannot be archived.")
                }
                list.isArchived = isArchived
            }
            list.updatedAt = clock()
            list.version += 1
            return (WriteBatch([.putList(list)], now: clock()), list)
        }
    }

    /// LIST-2: puts a list before or after another of the member's lists. The owner orders its own lists; a member
    /// orders the lists shared with it among themselves (its own order, kept in its membership).
    public func moveList(
        _ identity: Identity, id: ListID, beforeID: ListID?, afterID: ListID?,
        ifVersion expected: Int64? = nil
    ) async throws -> TaskList {
        try await perform(by: identity.account.id) {
            let access = try await domain.access(id, for: identity, .read)
            var list = access.list
            try require(version: list.version, expected: expected, of: "list")
            if beforeID == id || afterID == id {
                throw DoableError.invalid(
                    beforeID == id ? "beforeId" : "afterId",
                    "A list cannot be placed next to itself.")
            }
            if access.role != .owner {
                let shared = try await domain.sharedLists(identity)
                guard var membership = shared.first(where: { $0.1.id == id })?.0 else {
                    throw DoableError.notFound("List not found.")
                }
                let others = shared.filter { $0.1.id != id }.map { (id: $0.1.id, rank: $0.0.rank) }
                membership.rank = try Self.rank(placing: beforeID, afterID, among: others)
                membership.updatedAt = clock()
                membership.version += 1
                return (WriteBatch([.putMembership(membership)], now: clock()), list)
            }
            let others = try await store.lists(ownerID: identity.account.id).filter { $0.id != id }
            list.rank = try Self.rank(placing: beforeID, afterID, among: others.map { (id: $0.id, rank: $0.rank) })
            list.updatedAt = clock()
            list.version += 1
            return (WriteBatch([.putList(list)], now: clock()), list)
        }
    }

    /// The rank for an item placed before `beforeID` or after `afterID` among `others` (in rank order).
    static func rank(placing beforeID: ListID?, _ afterID: ListID?, among others: [(id: ListID, rank: String)])
        throws -> String
    {
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
        return RankKey.between(lower, upper)
    }

    /// LIST-3: the list and its tasks go to the trash together.
    public func deleteList(_ identity: Identity, id: ListID, ifVersion expected: Int64? = nil) async throws {
        try await perform(by: identity.account.id) {
            var list = try await domain.access(id, for: identity, .own).list
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
