public import DoableCore

/// Accounts, their credentials (ACC). One part of `Store`, which every engine implements.
public protocol AccountStore: Sendable {
    func account(id: AccountID) async throws -> Account?
    /// By email or username, case-insensitively.
    func account(login: String) async throws -> Account?
    func credential(secretHash: String) async throws -> Credential?
    func credentials(of accountID: AccountID) async throws -> [Credential]
    /// The credential with this secret hash and its account, in one read: every authenticated request asks.
    func identity(secretHash: String) async throws -> (Credential, Account)?
    func accounts(ids: [AccountID]) async throws -> [Account]
}
