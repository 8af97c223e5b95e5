/// A secret that proves who is calling: a sign-in session, a personal access token or an app password (ACC-5).
/// Only the SHA-256 of the secret is kept.
public struct Credential: Sendable, Equatable, Codable {
    public var id: CredentialID
    public var accountID: AccountID
    public var kind: Kind
    public var name: String
    public var scope: Scope
    public var secretHash: String
    public var createdAt: Timestamp
    public var expiresAt: Timestamp?

    public enum Kind: String, Sendable, Codable, CaseIterable { case session, accessToken, appPassword }
    public enum Scope: String, Sendable, Codable, CaseIterable { case read, readWrite }

    public init(
        id: CredentialID, accountID: AccountID, kind: Kind, name: String, scope: Scope, secretHash: String,
        createdAt: Timestamp, expiresAt: Timestamp? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.kind = kind
        self.name = name
        self.scope = scope
        self.secretHash = secretHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
