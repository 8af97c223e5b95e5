public import DoableCore
import PublicInit

@_spi(StoreWriting) import DoableStore

/// What a caller wants to do to a list or its tasks (COLLAB-1, COLLAB-3), and the least role that may.
public enum ListAction: Sendable {
    /// See the list, its tasks, comments, history and members.
    case read
    /// Add, edit, complete, move and delete tasks; comment.
    case editTasks
    /// Change the list's name, colour, description, archive it; manage members.
    case manage
    /// Delete the list, restore it, hand it over.
    case own

    public var leastRole: ListRole {
        switch self {
        case .read: .viewer
        case .editTasks: .editor
        case .manage: .admin
        case .own: .owner
        }
    }

    /// What the refused caller is told the role is needed for.
    var purpose: String {
        switch self {
        case .read: "seeing this list"
        case .editTasks: "adding, editing, completing, moving and deleting tasks and writing comments"
        case .manage: "changing the list's settings and its members"
        case .own: "deleting the list or handing it over"
        }
    }
}

/// A list together with the caller's role in it.
public struct ListAccess: Sendable {
    public var list: TaskList
    public var role: ListRole

    public func allows(_ action: ListAction) -> Bool { role >= action.leastRole }
}

/// A list as a member sees it: the caller's role, how many people share it, its open tasks.
@PublicInit
public struct ListView: Sendable {
    public var list: TaskList
    public var openTaskCount: Int
    public var role: ListRole
    /// The owner and every member.
    public var memberCount: Int
}

/// COLLAB-3: the one rule for "may this account do this to this list or task", asked by every read and write
/// here, and through `authorize` by the web pages and, later, sync and CalDAV. A list the caller has no role in (or
/// that is in its owner's trash, for anyone but the owner) answers 404; a role too small answers 403 naming the
/// role needed.
extension Domain {
    /// The caller's role in `list`, or nil when it has none.
    func role(of accountID: AccountID, in list: TaskList) async throws -> ListRole? {
        if list.ownerID == accountID { return .owner }
        return Self.role(
            of: accountID, in: list,
            membership: try await store.membership(listID: list.id, accountID: accountID)?.role)
    }

    /// The owner owns; a member has its membership's role while the list is not in its owner's trash.
    static func role(of accountID: AccountID, in list: TaskList, membership: ListRole?) -> ListRole? {
        list.ownerID == accountID ? .owner : list.deletedAt == nil ? membership : nil
    }

    /// The list and the caller's role, when the caller may do `action`; trashed lists only with `includingTrashed`.
    func access(
        _ id: ListID, for identity: Identity, _ action: ListAction, field: String? = nil,
        includingTrashed: Bool = false
    ) async throws -> ListAccess {
        // One read for the list and the caller's membership: every request on a list asks.
        guard let (list, memberRole) = try await store.list(id: id, roleOf: identity.account.id),
            includingTrashed || list.deletedAt == nil,
            let role = Self.role(of: identity.account.id, in: list, membership: memberRole)
        else { throw DoableError.notFound("List not found.", field: field) }
        let access = ListAccess(list: list, role: role)
        try require(action, access)
        return access
    }

    /// Refuses with 403 when the role is too small for the action.
    func require(_ action: ListAction, _ access: ListAccess) throws {
        guard !access.allows(action) else { return }
        let needed = action.leastRole
        let article = needed == .admin || needed == .editor || needed == .owner ? "an" : "a"
        let yourArticle = access.role == .admin || access.role == .editor ? "an" : "a"
        throw DoableError.forbidden(
            "You are \(yourArticle) \(access.role.rawValue) of “\(access.list.name)”; \(action.purpose) needs "
                + (needed == .owner ? "the owner." : "\(article) \(needed.rawValue) role or higher."))
    }

    /// For other modules (web pages, later sync and CalDAV): the caller's access to a list, checked for `action`.
    public func authorize(_ identity: Identity, _ action: ListAction, listID: ListID) async throws -> ListAccess {
        try await access(listID, for: identity, action)
    }

    /// The caller's access to a task's list and the task, checked for `action`. Trashed tasks are readable (the
    /// trash shows them) but not editable.
    func taskAccess(_ id: TaskID, for identity: Identity, _ action: ListAction, field: String? = nil)
        async throws -> (TaskItem, ListAccess)
    {
        guard let task = try await storedTask(id),
            let (list, memberRole) = try await storedList(task.listID, roleOf: identity.account.id),
            let role = Self.role(of: identity.account.id, in: list, membership: memberRole)
        else { throw DoableError.notFound("Task not found.", field: field) }
        let access = ListAccess(list: list, role: role)
        try require(action, access)
        return (task, access)
    }

    /// A task as stored, from the push run's reads when it made them ahead (`PushRun`).
    private func storedTask(_ id: TaskID) async throws -> TaskItem? {
        if let known = PushRun.current?.task(id) { return known }
        return try await store.task(id: id)
    }

    private func storedList(_ id: ListID, roleOf account: AccountID) async throws -> (TaskList, ListRole?)? {
        if let run = PushRun.current { return try await run.list(id, roleOf: account, from: store) }
        return try await store.list(id: id, roleOf: account)
    }

    /// A live (not trashed) list the caller may see, or 404.
    func visibleList(_ id: ListID, for identity: Identity, field: String? = nil) async throws -> TaskList {
        try await access(id, for: identity, .read, field: field).list
    }

    /// A live list the caller may add tasks to: 404 when it cannot see it, 403 when it may only read it.
    func editableList(_ id: ListID, for identity: Identity, field: String? = nil) async throws -> TaskList {
        try await access(id, for: identity, .editTasks, field: field).list
    }

    /// The lists shared with the caller that are live, with its memberships, in its own order.
    func sharedLists(_ identity: Identity) async throws -> [(ListMembership, TaskList)] {
        try await sharedLists(of: identity.account.id)
    }

    /// The same for an account without a credential at hand (a feed URL names only its key).
    func sharedLists(of accountID: AccountID) async throws -> [(ListMembership, TaskList)] {
        let memberships = try await store.memberships(accountID: accountID)
        guard !memberships.isEmpty else { return [] }
        let lists = Dictionary(
            try await store.lists(ids: memberships.map(\.listID)).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        return memberships.compactMap { membership in
            guard let list = lists[membership.listID], list.deletedAt == nil else { return nil }
            return (membership, list)
        }
    }

    /// A query over every task the caller may see: its own and those of the lists shared with it.
    func scoped(_ query: TaskQuery, for identity: Identity) async throws -> TaskQuery {
        var query = query
        query.ownerID = identity.account.id
        if let listID = query.listID {
            query.ownerID = try await visibleList(listID, for: identity, field: "list").ownerID
            query.sharedListIDs = []
            query.sharedOwnerIDs = []
            return query
        }
        let shared = try await sharedLists(identity)
        query.sharedListIDs = shared.map(\.1.id)
        query.sharedOwnerIDs = Array(Set(shared.map(\.1.ownerID)))
        return query
    }
}
