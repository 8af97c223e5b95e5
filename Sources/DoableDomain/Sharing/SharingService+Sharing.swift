public import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation

/// A person with access to a list, as the members' page and API show them.
public struct MemberView: Sendable {
    public var accountID: AccountID
    public var username: String
    public var displayName: String
    public var role: ListRole
    /// When they were added; the list's creation for its owner.
    public var addedAt: Timestamp
    public var version: Int64

    init(_ account: Account, role: ListRole, addedAt: Timestamp, version: Int64) {
        accountID = account.id
        username = account.username
        displayName = account.displayName
        self.role = role
        self.addedAt = addedAt
        self.version = version
    }
}

/// What sharing a list did: a member added, or an email without an account invited (ACC-12).
public enum Shared: Sendable {
    case member(MemberView)
    case invited(IssuedInvitation)
}

/// COLLAB-1: sharing a list. Every membership change also puts the list (its `memberCount` changed, and on
/// PostgreSQL its row lock orders the change against concurrent task writes, see `PostgresWriter.audience`).
extension SharingService {
    /// The owner first, then the members in the order they were added.
    public func members(_ identity: Identity, listID: ListID) async throws -> [MemberView] {
        let list = try await domain.access(listID, for: identity, .read).list
        let memberships = try await store.memberships(listID: listID)
        let accounts = Dictionary(
            try await store.accounts(ids: [list.ownerID] + memberships.map(\.accountID)).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        var views: [MemberView] = []
        if let owner = accounts[list.ownerID] {
            views.append(MemberView(owner, role: .owner, addedAt: list.createdAt, version: list.version))
        }
        for membership in memberships {
            guard let account = accounts[membership.accountID] else { continue }
            views.append(
                MemberView(
                    account, role: membership.role, addedAt: membership.createdAt,
                    version: membership.version))
        }
        return views
    }

    static func grantableRole(_ text: String?) throws -> ListRole {
        guard let text, let role = ListRole(rawValue: text), ListRole.grantable.contains(role) else {
            throw DoableError.invalid("role", "Role must be viewer, editor or admin.")
        }
        return role
    }

    /// COLLAB-1: shares a list with another member by username or email.
    public func addMember(_ identity: Identity, listID: ListID, login: String?, role: String?) async throws
        -> MemberView
    {
        try domain.accounts.requireVerifiedEmail(identity, for: "sharing lists")
        let role = try Self.grantableRole(role)
        let login = (login ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !login.isEmpty, login.count <= 254 else {
            throw DoableError.invalid("login", "Give the username or email of the member to share with.")
        }
        let view = try await perform(by: identity.account.id) {
            var list = try await domain.access(listID, for: identity, .manage).list
            guard !list.isInbox else {
                throw DoableError.conflict(code: "inbox_protected", field: nil, message: "The Inbox cannot be shared.")
            }
            guard let account = try await store.account(login: login), !account.isDisabled else {
                throw DoableError.invalid("login", "No member has this username or email.")
            }
            guard account.id != identity.account.id else {
                throw DoableError.invalid("login", "You cannot share a list with yourself.")
            }
            let existing = try await store.membership(listID: listID, accountID: account.id)
            if account.id == list.ownerID || existing != nil {
                throw DoableError.conflict(
                    code: "already_member", field: "login",
                    message: "\(account.username) is already a member of “\(list.name)”.")
            }
            let now = clock()
            let last = try await store.memberships(accountID: account.id).last?.rank
            let membership = ListMembership(
                listID: listID, accountID: account.id, role: role,
                rank: RankKey.between(last, nil), addedBy: identity.account.id,
                createdAt: now, updatedAt: now)
            list.updatedAt = now
            list.version += 1
            var batch = WriteBatch([.putList(list), .putMembership(membership)], now: now)
            batch.operations += try await domain.reminders.notification(
                to: account.id, .listShared, title: "\(identity.account.username) shared “\(list.name)” with you",
                body: "You are \(role == .viewer ? "a viewer" : "an \(role.rawValue)") of it.", list: listID,
                by: identity)
            return (batch, MemberView(account, role: role, addedAt: now, version: 1))
        }
        return view
    }

    /// COLLAB-1 and ACC-12: shares a list by username or email; an email that has no account is invited, with the
    /// list waiting for it.
    public func share(_ identity: Identity, listID: ListID, login: String?, role: String?) async throws -> Shared {
        let trimmed = (login ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.contains("@"), let email = try? Rules.email(trimmed), try await store.account(login: email) == nil {
            try domain.accounts.requireVerifiedEmail(identity, for: "sharing lists")
            let role = try Self.grantableRole(role)
            let list = try await domain.access(listID, for: identity, .manage).list
            guard !list.isInbox else {
                throw DoableError.conflict(code: "inbox_protected", field: nil, message: "The Inbox cannot be shared.")
            }
            return .invited(try await domain.accounts.inviteToList(identity, list: list, email: email, role: role))
        }
        return .member(try await addMember(identity, listID: listID, login: login, role: role))
    }

    /// COLLAB-1: changes a member's role; `owner` hands the list over to an admin member (the owner only), who
    /// then owns it and its tasks, while the former owner stays on as an admin.
    public func updateMember(
        _ identity: Identity, listID: ListID, accountID: AccountID, role text: String?,
        ifVersion expected: Int64? = nil
    ) async throws -> MemberView {
        if text == ListRole.owner.rawValue {
            return try await handOver(identity, listID: listID, to: accountID, ifVersion: expected)
        }
        let role = try Self.grantableRole(text)
        return try await perform(by: identity.account.id) {
            var list = try await domain.access(listID, for: identity, .manage).list
            if accountID == list.ownerID {
                throw DoableError.conflict(
                    code: "owner_role", field: "role",
                    message: "The owner's role cannot change; the owner can hand the list to an admin first.")
            }
            guard var membership = try await store.membership(listID: listID, accountID: accountID),
                let account = try await store.account(id: accountID)
            else { throw DoableError.notFound("Member not found.") }
            try require(version: membership.version, expected: expected, of: "membership")
            let now = clock()
            var batch = WriteBatch(now: now)
            if membership.role != role {
                membership.role = role
                membership.updatedAt = now
                membership.version += 1
                list.updatedAt = now
                list.version += 1
                batch.operations = [.putList(list), .putMembership(membership)]
            }
            return (batch, MemberView(account, role: role, addedAt: membership.createdAt, version: membership.version))
        }
    }

    func handOver(_ identity: Identity, listID: ListID, to accountID: AccountID, ifVersion expected: Int64?)
        async throws -> MemberView
    {
        try await perform(by: identity.account.id) {
            var list = try await domain.access(listID, for: identity, .own).list
            // The caller owns the list (`.own`): handing it to itself changes nothing.
            guard accountID != list.ownerID else {
                return (
                    WriteBatch(),
                    MemberView(
                        identity.account, role: .owner, addedAt: list.createdAt,
                        version: list.version)
                )
            }
            guard let membership = try await store.membership(listID: listID, accountID: accountID),
                let account = try await store.account(id: accountID)
            else { throw DoableError.notFound("Member not found.") }
            try require(version: membership.version, expected: expected, of: "membership")
            guard membership.role == .admin else {
                throw DoableError.conflict(
                    code: "owner_needs_admin", field: "role",
                    message: "Only an admin can become the owner; make \(account.username) an admin first.")
            }
            let now = clock()
            let formerOwner = list.ownerID
            let last = try await store.memberships(accountID: formerOwner).last?.rank
            list.ownerID = accountID
            list.rank = RankKey.between(try await store.lists(ownerID: accountID).last?.rank, nil)
            list.updatedAt = now
            list.version += 1
            let batch = WriteBatch(
                [
                    .putList(list), .setTasksOwner(listID, accountID), .deleteMembership(membership),
                    .putMembership(
                        ListMembership(
                            listID: listID, accountID: formerOwner, role: .admin,
                            rank: RankKey.between(last, nil), addedBy: identity.account.id,
                            createdAt: now, updatedAt: now)),
                ], now: now)
            return (batch, MemberView(account, role: .owner, addedAt: list.createdAt, version: list.version))
        }
    }

    /// COLLAB-1: removes a member (owner or admin), or the caller leaves. Tasks of the list assigned to the one
    /// leaving lose their assignee; their devices drop the list (their feed gets its delete).
    public func removeMember(
        _ identity: Identity, listID: ListID, accountID: AccountID,
        ifVersion expected: Int64? = nil
    ) async throws {
        try await perform(by: identity.account.id) {
            let leaving = accountID == identity.account.id
            var list = try await domain.access(listID, for: identity, leaving ? .read : .manage).list
            if accountID == list.ownerID {
                throw DoableError.conflict(
                    code: "owner_cannot_leave", field: nil,
                    message: leaving
                        ? "The owner cannot leave; hand the list to an admin first, or delete it."
                        : "The owner cannot be removed from the list.")
            }
            guard let membership = try await store.membership(listID: listID, accountID: accountID) else {
                throw DoableError.notFound("Member not found.")
            }
            try require(version: membership.version, expected: expected, of: "membership")
            let now = clock()
            list.updatedAt = now
            list.version += 1
            var batch = WriteBatch([.putList(list), .deleteMembership(membership)], now: now)
            for var task in try await store.tasks(assignedTo: accountID) where task.listID == listID {
                task.assigneeID = nil
                task.updatedAt = now
                task.version += 1
                batch.append(.putTask(task))
                batch.append(
                    domain.tasks.activity(
                        task, .unassigned, fields: ["assigneeId"], detail: "Left the list",
                        by: identity, at: now))
            }
            return (batch, ())
        }
    }
}
