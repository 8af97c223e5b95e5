import ArgumentParser
import DoableClient
import DoableCore

/// `doable sync`: sends this device's changes and fetches everyone else's, with a progress bar on long syncs.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send this device's changes and fetch the server's. (Every command also tries a quick sync.)"
    )

    @OptionGroup var options: ClientOptions

    @Flag(help: "Keep running: sync again as soon as the server announces a change (SYNC-5), until Ctrl-C.")
    var watch = false

    func run() async throws {
        let session = try options.openSession()
        if watch {
            guard !options.offline else { throw CLIError.user("--watch needs the server; leave out --offline.") }
            await session.watch()
            return
        }
        switch await session.sync(timeout: nil, showProgress: true) {
        case .synced(let report):
            print(Self.summary(report))
            session.tell(rejected: report.rejected)
        case .skipped:
            throw CLIError.user("--offline: nothing was sent. " + session.offlineMessage)
        case .offline(let detail):
            throw CLIError.user("Could not reach \(session.config.server): \(detail). " + session.offlineMessage)
        case .timedOut:
            throw CLIError.user("The server did not answer in time. " + session.offlineMessage)
        case .sessionEnded:
            throw CLIError.sessionEnded(server: session.config.server)
        case .failed(let message):
            throw CLIError.user("Sync failed: \(message) " + session.offlineMessage)
        }
    }

    /// "Up to date: sent 3 changes, received 12 updates."
    static func summary(_ report: SyncReport) -> String {
        var parts: [String] = []
        if report.pushed > 0 { parts.append("sent \(count(report.pushed, "change"))") }
        if report.pulled > 0 { parts.append("received \(count(report.pulled, "update"))") }
        var text = parts.isEmpty ? "Up to date." : "Up to date: " + parts.joined(separator: ", ") + "."
        if report.reset { text += " (The server sent everything again: this device's copy was rebuilt.)" }
        if report.pending > 0 { text += " \(count(report.pending, "change")) still waiting." }
        if let refused = report.pushRefused {
            text +=
                " The server took none of this device's changes (\(refused)): they stay here; sign in with a token "
                + "that may write (doable login) to send them."
        }
        return text
    }

    static func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(noun)s" }
}
