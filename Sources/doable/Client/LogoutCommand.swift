import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore
import Foundation

/// `doable logout`: sends what is pending, ends the session on the server, and removes the token and replica.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: end the session on the server and remove this device's copy."
    )

    @Flag(name: .long, help: "Sign out even if changes have not reached the server yet (they are lost).")
    var force = false
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let session = try options.openSession()
        if session.pendingCount > 0 && !options.offline {
            if case .synced(let report) = await session.sync(timeout: Session.quickTimeout) {
                session.tell(rejected: report.rejected)
            }
        }
        let pending = session.pendingCount
        if pending > 0 && !force {
            throw CLIError.user(
                """
                \(pending) \(pending == 1 ? "change has" : "changes have") not reached the server yet. Run \
                `doable sync` when it is reachable, or `doable logout --force` to discard \
                \(pending == 1 ? "it" : "them").
                """)
        }
        var endedOnServer = false
        if !options.offline {
            let api = APIClient(server: session.server, token: session.token)
            endedOnServer = (try? await withDeadline(Session.quickTimeout) { try await api.signOut() }) != nil
        }
        try session.home.removeSession()
        print("Signed out of \(session.config.server); this device's copy is removed.")
        if !endedOnServer {
            Terminal.warn(
                session.errorStyle.yellow(
                    """
                    The server could not be told; the session ends there when it expires, or under Settings → Security.
                    """))
        }
    }
}
