public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// An account as the admin area lists it.
public struct AccountPage: Sendable {
    public var accounts: [Account]
    public var total: Int
}

/// ADMIN-1 and ADMIN-2: admins search and list accounts, disable and enable them, delete them, grant and revoke
/// admin — never leaving the server without an enabled admin — and every such action is in the audit log, written
/// in the same transaction as the action. `actor` is nil for the server's own command line (`doable admin …`).
extension AccountService {
    func auditEntry(
        by actor: Account?, _ action: AuditEntry.Action, target: Account?, detail: String = "", now: Timestamp
    ) -> AuditEntry {
        AuditEntry(
            id: .make(at: now), at: now, actorID: actor?.id, actorName: actor?.username ?? "command line",
            action: action, targetID: target?.id, targetName: target?.username ?? "", detail: detail)
    }

    public func listAccounts(_ identity: Identity?, search: String?, limit: Int, offset: Int) async throws
        -> AccountPage
    {
        try requireAdmin(identity)
        guard (1...500).contains(limit) else { throw DoableError.invalid("limit", "limit is from 1 to 500.") }
        guard offset >= 0 else { throw DoableError.invalid("offset", "offset is 0 or more.") }
        if let search, search.count > 254 { throw DoableError.invalid("q", "The search is at most 254 characters.") }
        return AccountPage(
            accounts: try await store.accounts(matching: search, limit: limit, offset: offset),
            total: try await store.accountCount(matching: search))
    }

    /// The account an admin names: by id (the API) or by username or email (the command line).
    public func adminTarget(_ reference: String) async throws -> Account {
        let reference = reference.trimmingCharacters(in: .whitespaces)
        if let id = AccountID(reference), let account = try await store.account(id: id) { return account }
        guard let account = try await store.account(login: reference) else {
            throw DoableError.notFound("No account “\(reference.prefix(254))”.", field: "account")
        }
        return account
    }

    /// ADMIN-1: disables the account with a reason shown to its member at sign-in; every session, token and app
    /// password of theirs ends in the same transaction, so every process refuses them from the next request on, and
    /// their live streams end at their next check.
    public func disable(_ identity: Identity?, account reference: String, reason: String) async throws -> Account {
        try requireAdmin(identity)
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty, reason.count <= 500 else {
            throw DoableError.invalid("reason", "Give the reason the member will be shown (1 to 500 characters).")
        }
        return try await administer(identity, reference, .disable, detail: reason) { account in
            if account.id == identity?.account.id {
                throw DoableError.conflict(
                    code: "self_disable", field: nil, message: "You cannot disable your own account.")
            }
            if account.isAdmin && !account.isDisabled { try await requireAnotherAdmin(besides: account) }
            account.isDisabled = true
            account.disabledReason = reason
            return [.deleteCredentials(account.id, kinds: Credential.Kind.allCases, except: nil)]
        }
    }

    public func enable(_ identity: Identity?, account reference: String) async throws -> Account {
        try requireAdmin(identity)
        return try await administer(identity, reference, .enable) { account in
            account.isDisabled = false
            account.disabledReason = nil
            return []
        }
    }

    /// ADMIN-1: grants or revokes admin; the last enabled admin keeps it.
    public func setAdmin(_ identity: Identity?, account reference: String, isAdmin: Bool) async throws -> Account {
        try requireAdmin(identity)
        return try await administer(identity, reference, isAdmin ? .grantAdmin : .revokeAdmin) { account in
            if !isAdmin && account.isAdmin && !account.isDisabled { try await requireAnotherAdmin(besides: account) }
            account.isAdmin = isAdmin
            return []
        }
    }

    /// ADMIN-1: deletes the account and everything of its own, as ACC-6 does (no password: the admin's word).
    public func deleteAccount(_ identity: Identity?, account reference: String) async throws {
        try requireAdmin(identity)
        let target = try await adminTarget(reference)
        if target.id == identity?.account.id {
            throw DoableError.conflict(
                code: "self_delete", field: nil,
                message: "Delete your own account in Settings › Account, with your password.")
        }
        if target.isAdmin && !target.isDisabled { try await requireAnotherAdmin(besides: target) }
        try await removeAccount(target.id) { account, now in
            [.appendAudit(auditEntry(by: identity?.account, .delete, target: account, now: now))]
        }
    }

    /// ADMIN-2: the audit log, newest first.
    public func auditLog(_ identity: Identity?, limit: Int, before: AuditEntryID?) async throws -> [AuditEntry] {
        try requireAdmin(identity)
        guard (1...500).contains(limit) else { throw DoableError.invalid("limit", "limit is from 1 to 500.") }
        return try await store.auditLog(limit: limit, before: before)
    }

    func requireAnotherAdmin(besides account: Account) async throws {
        guard try await store.enabledAdminCount() > 1 else {
            throw DoableError.conflict(
                code: "last_admin", field: nil,
                message: "\(account.username) is the last admin: make another account an admin first.")
        }
    }

    /// One admin action on one account: `change` edits it (and may add operations); the account, those and the
    /// audit entry commit together. An action that changes nothing is still logged: the admin did it.
    func administer(
        _ identity: Identity?, _ reference: String, _ action: AuditEntry.Action, detail: String = "",
        _ change: @escaping @Sendable (inout Account) async throws -> [WriteBatch.Operation]
    ) async throws -> Account {
        try await perform(by: identity?.account.id) {
            var account = try await adminTarget(reference)
            let before = account
            let operations = try await change(&account)
            let now = clock()
            var batch = WriteBatch(now: now)
            if account != before {
                account.updatedAt = now
                account.version += 1
                batch.append(.putAccount(account))
            }
            batch.operations += operations
            batch.append(.appendAudit(auditEntry(by: identity?.account, action, target: account, detail: detail, now: now)))
            return (batch, account)
        }
    }
}

/// `doable admin create`: accounts made by the server's own command line, whatever the registration mode.
extension AccountService {
    /// ACC-12, ADMIN-1: makes the account (an admin when `isAdmin`, or when the server has no enabled admin yet),
    /// and logs it.
    public func adminCreateAccount(_ input: Registration, isAdmin: Bool) async throws -> Account {
        let hasAdmin = try await store.enabledAdminCount() > 0
        let makeAdmin = isAdmin || !hasAdmin
        let (account, session) = try await createAccount(input, device: .commandLine, invitation: nil, isAdmin: makeAdmin)
        // The command line hands out no session: the member signs in themselves.
        let now = clock()
        try await domain.commit(
            WriteBatch(
                [
                    .deleteCredential(session.credential),
                    .appendAudit(auditEntry(by: nil, .create, target: account, detail: makeAdmin ? "admin" : "", now: now)),
                ], now: now), by: account.id)
        return account
    }
}
