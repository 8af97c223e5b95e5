import PublicInit

/// A secret that proves who is calling: a sign-in session, a personal access token or an app password (ACC-5).
/// Only the SHA-256 of the secret is kept.
@PublicInit
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
}
