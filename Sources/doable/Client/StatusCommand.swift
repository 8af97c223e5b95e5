import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore
import Foundation

/// `doable status`: where this device syncs, as whom, and what has not reached the server.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the server, the account, changes waiting, the last sync and refused changes."
    )

    @Flag(name: .customLong("clear-refused"), help: "Forget the refused changes once they are shown.")
    var clearRefused = false
    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    /// `--json`.
    struct Report: Encodable {
        let server: String
        let online: Bool
        let account: AccountRecord?
        let home: String
        let clientId: String
        let pendingChanges: Int
        let lastSyncAt: Timestamp?
        let rejections: [Rejection]
    }

    func run() async throws {
        let session = try options.openSession()
        let outcome = await session.sync(timeout: Session.quickTimeout, showProgress: false)
        let replica = session.replica
        let report = Report(
            server: session.config.server, online: outcome.reachedServer, account: session.account,
            home: session.home.path, clientId: replica.clientID.uuidString.lowercased(),
            pendingChanges: session.pendingCount, lastSyncAt: try replica.lastSyncAt(),
            rejections: try replica.rejections())
        if json.json {
            try JSONOutput.print(report)
        } else {
            lines(report, outcome: outcome, session: session).forEach { print($0) }
        }
        if clearRefused { try replica.clearRejections() }
    }

    func lines(_ report: Report, outcome: SyncOutcome, session: Session) -> [String] {
        let style = session.style
        let words = session.dueWords()
        let connection: String =
            switch outcome {
            case .synced: style.green("online")
            case .skipped: style.dim("not contacted (--offline)")
            case .offline(let detail): style.yellow("offline (\(detail))")
            case .timedOut: style.yellow("offline (no answer in time)")
            case .sessionEnded: style.red("session ended: run `doable login`")
            case .failed(let message): style.yellow("sync failed: \(message)")
            }
        var rows: [(String, String)] = []
        rows.append(("Server", "\(report.server)  \(connection)"))
        if let account = report.account {
            let zone = account.preferences.timeZone ?? "UTC"
            rows.append(("Account", "\(account.username) <\(account.email)>, time zone \(zone)"))
        } else {
            rows.append(("Account", "\(session.config.login) " + style.dim("(not synced yet)")))
        }
        rows.append(
            (
                "Waiting",
                report.pendingChanges == 0
                    ? "nothing: every change has reached the server"
                    : style.yellow(SyncCommand.count(report.pendingChanges, "change") + " to send")
            ))
        rows.append(("Last sync", report.lastSyncAt.map(words.ago) ?? "never"))
        rows.append(("Device", "\(report.home) " + style.dim("(client \(report.clientId))")))
        var table = Table(columns: [.init(), .init()])
        for (name, value) in rows { table.append([style.dim(name), value]) }
        var lines = table.render()
        if !report.rejections.isEmpty {
            lines.append("")
            lines.append(style.red("Refused by the server (\(report.rejections.count)):"))
            for rejection in report.rejections.suffix(10) {
                let line = RejectionWords.line(rejection, name: session.entityName)
                lines.append("  \(line)" + style.dim(" (\(words.ago(rejection.at)))"))
            }
            if report.rejections.count > 10 {
                lines.append(style.dim("  … and \(report.rejections.count - 10) older"))
            }
            if !clearRefused { lines.append(style.dim("  (`doable status --clear-refused` forgets them.)")) }
        }
        return lines
    }
}
