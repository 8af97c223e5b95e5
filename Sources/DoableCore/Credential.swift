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
    /// ACC-11: the device it was made on, from its user agent ("Firefox on Android", "doable CLI").
    public var deviceName: String?
    /// ACC-11: the client address it was made from, then last used from.
    public var address: String?
    /// ACC-11: when it was last used (at most a few minutes behind: a use is written once per few minutes).
    public var lastUsedAt: Timestamp?

    public enum Kind: String, Sendable, Codable, CaseIterable { case session, accessToken, appPassword }
    public enum Scope: String, Sendable, Codable, CaseIterable { case read, readWrite }
}
