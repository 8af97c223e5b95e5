/// A refusal of the command-line client, with the message the user reads and the exit code scripts see.
///
/// Exit codes: 0 ok, 1 a user error (bad input, unknown id, server unreachable for `sync`), 2 usage (mapped
/// from ArgumentParser's validation failures in `Doable.main`), 3 not signed in.
enum CLIError: Error, CustomStringConvertible {
    case notSignedIn
    /// The server refused the stored token (signed out elsewhere, or expired).
    case sessionEnded(server: String)
    case user(String)

    static let notSignedInMessage = "Not signed in: run `doable login --server URL`."

    var description: String {
        switch self {
        case .notSignedIn: Self.notSignedInMessage
        case .sessionEnded(let server):
            "The server \(server) no longer accepts this session: run `doable login` to sign in again."
        case .user(let message): message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .notSignedIn, .sessionEnded: 3
        case .user: 1
        }
    }
}
