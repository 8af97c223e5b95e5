public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// An invitation as its maker gets it back: the secret of its link is here only, once.
public struct IssuedInvitation: Sendable {
    public var invitation: Invitation
    public var secret: String
    /// The name of the list waiting in it, if any.
    public var listName: String?
}

/// ACC-12: who may join. Registration is open, by invitation or closed (`AccountPolicy.registration`); admins —
/// and members, when the installation allows — make single-use, expiring invitation links, optionally for one
/// email; sharing a list with an email that has no account makes one with a place in that list.
extension AccountService {
    /// Whether this person may register now, and with which invitation.
    func admission(email: String, invitation secret: String?) async throws -> Invitation? {
        let policy = domain.accountPolicy
        if policy.registration == .closed {
            throw DoableError.refused(
                code: "registration_closed", field: nil,
                message: "Registration is closed on this server: an admin creates accounts.")
        }
        guard let secret, !secret.isEmpty else {
            guard policy.registration == .open else {
                throw DoableError.refused(
                    code: "invitation_required", field: "invitation",
                    message: "Registration on this server is by invitation: open the invitation link you were sent.")
            }
            return nil
        }
        let invitation = try await liveInvitation(secret)
        if let invited = invitation.email, Rules.matchKey(invited) != Rules.matchKey(email) {
            throw DoableError.invalid(
                "email", "This invitation is for \(invited); register with that address or ask for another invitation.")
        }
        return invitation
    }

    /// The invitation a link's secret names, while it can be used; else a 404 naming `invitation`.
    public func liveInvitation(_ secret: String) async throws -> Invitation {
        guard let invitation = try await store.invitation(tokenHash: SecretToken.hashOf(secret)),
            invitation.isLive(at: clock())
        else {
            throw DoableError.notFound(
                "This invitation does not exist, has expired or was used already; ask for a new one.",
                field: "invitation")
        }
        return invitation
    }

    /// Uses up the invitation for the new account, and gives it the list place it held.
    func accepting(_ invitation: Invitation, by account: Account, now: Timestamp) async throws
        -> [WriteBatch.Operation]
    {
        var used = invitation
        used.usedAt = now
        used.usedBy = account.id
        used.version += 1
        var operations: [WriteBatch.Operation] = [.putInvitation(used)]
        guard let listID = invitation.listID, let role = invitation.role, var list = try await store.list(id: listID),
            list.deletedAt == nil
        else { return operations }
        // The place waits only while its maker may still give it.
        let makerRole = try await store.membership(listID: listID, accountID: invitation.createdBy)?.role
        if list.ownerID == invitation.createdBy || makerRole == .admin {
            list.updatedAt = now
            list.version += 1
            operations.append(.putList(list))
            operations.append(
                .putMembership(
                    ListMembership(
                        listID: listID, accountID: account.id, role: role, rank: RankKey.between(nil, nil),
                        addedBy: invitation.createdBy, createdAt: now, updatedAt: now)))
        }
        return operations
    }

    /// Whether the caller may make invitation links.
    public func mayInvite(_ identity: Identity) -> Bool {
        domain.accountPolicy.registration != .closed
            && (identity.account.isAdmin || domain.accountPolicy.membersMayInvite)
    }

    /// ACC-12: a new invitation link, for anyone or for one email, lasting `days` (the policy's default when nil).
    public func invite(_ identity: Identity, email: String?, days: Int?) async throws -> IssuedInvitation {
        guard domain.accountPolicy.registration != .closed else {
            throw DoableError.refused(
                code: "registration_closed", field: nil,
                message: "Registration is closed on this server: invitations cannot be used.")
        }
        guard mayInvite(identity) else {
            throw DoableError.forbidden("Only admins may invite people to this server.")
        }
        let email = try email.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try Rules.email($0) }
        let days = days ?? domain.accountPolicy.invitationDays
        guard (1...90).contains(days) else {
            throw DoableError.invalid("expiresInDays", "An invitation lasts from 1 to 90 days.")
        }
        return try await issueInvitation(
            by: identity.account, email: email, listID: nil, role: nil, days: days, audit: identity.account.isAdmin)
    }

    /// ACC-12: sharing a list with an email that has no account invites the address, with the list waiting.
    func inviteToList(_ identity: Identity, list: TaskList, email: String, role: ListRole) async throws
        -> IssuedInvitation
    {
        guard domain.accountPolicy.registration != .closed else {
            throw DoableError.invalid(
                "login", "No member has this username or email, and registration is closed on this server.")
        }
        var issued = try await issueInvitation(
            by: identity.account, email: email, listID: list.id, role: role,
            days: domain.accountPolicy.invitationDays, audit: false)
        issued.listName = list.name
        return issued
    }

    func issueInvitation(
        by maker: Account, email: String?, listID: ListID?, role: ListRole?, days: Int, audit: Bool
    ) async throws -> IssuedInvitation {
        let now = clock()
        let token = SecretToken.make(prefix: "dinv_")
        let invitation = Invitation(
            id: .make(at: now), createdBy: maker.id, email: email, tokenHash: token.hash, listID: listID,
            role: role, createdAt: now, expiresAt: now.adding(seconds: Int64(days) * 86_400))
        var batch = WriteBatch([.putInvitation(invitation)], now: now)
        if audit {
            batch.append(
                .appendAudit(
                    auditEntry(
                        by: maker, .invite, target: nil, detail: email ?? "anyone", now: now)))
        }
        try await domain.commit(batch, by: maker.id)
        return IssuedInvitation(invitation: invitation, secret: token.secret)
    }

    /// The invitations not yet used that the caller may see: an admin sees everyone's, a member their own.
    public func openInvitations(_ identity: Identity) async throws -> [Invitation] {
        try await store.openInvitations(createdBy: identity.account.isAdmin ? nil : identity.account.id)
            .filter { $0.expiresAt > clock() }
    }

    /// Withdraws an invitation not yet used: its maker, or an admin.
    public func revokeInvitation(_ identity: Identity, id: InvitationID) async throws {
        guard let invitation = try await store.invitation(id: id), invitation.usedAt == nil,
            invitation.createdBy == identity.account.id || identity.account.isAdmin
        else { throw DoableError.notFound("No such invitation.") }
        let now = clock()
        var batch = WriteBatch([.deleteInvitation(invitation)], now: now)
        if identity.account.isAdmin {
            batch.append(
                .appendAudit(
                    auditEntry(by: identity.account, .revokeInvitation, target: nil, detail: invitation.email ?? "anyone", now: now)))
        }
        try await domain.commit(batch, by: identity.account.id)
    }
}
