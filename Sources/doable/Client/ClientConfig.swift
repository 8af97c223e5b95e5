import Foundation

/// `config.json` in the client's home folder: where to sync and as whom. The token is kept apart, in a file
/// only the user can read, so the config can be shown or copied without leaking it.
struct ClientConfig: Codable, Sendable, Equatable {
    /// The server's base address, e.g. `https://doable.example.com`.
    var server: String
    /// The login typed at sign-in (a username or an email address).
    var login: String
    /// The account signed in, to notice a sign-in as someone else (whose replica must not mix with this one).
    var accountId: String?
}
