import ArgumentParser
import DoableClient
import Foundation

/// `doable export`: everything as JSON, or the tasks as iCalendar or CSV, to standard output or a file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Download your data: everything as JSON, or your tasks as iCalendar or CSV."
    )

    @Option(name: .long, help: "json (everything, the default), ics or csv (your tasks).") var format = "json"
    @Option(
        name: [.short, .long], help: "Write to this file instead of standard output.",
        completion: .file()) var output: String?
    @OptionGroup var options: ClientOptions

    func validate() throws {
        guard ["json", "ics", "csv"].contains(format) else { throw ValidationError("--format is json, ics or csv.") }
    }

    func run() async throws {
        guard !options.offline else { throw CLIError.user("Exporting needs the server; leave out --offline.") }
        let session = try options.openSession()
        let data: Data
        do {
            data = try await APIClient(server: session.server, token: session.token).export(format: format)
        } catch ClientError.unauthorized {
            throw CLIError.sessionEnded(server: session.config.server)
        } catch let error as ClientError {
            throw CLIError.user(error.description)
        }
        guard let output else { return FileHandle.standardOutput.write(data) }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CLIError.user("Cannot write \(output): \((error as NSError).localizedDescription)")
        }
        Terminal.warn("Wrote \(data.count) bytes to \(output).")
    }
}
