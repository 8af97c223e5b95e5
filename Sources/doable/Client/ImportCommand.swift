import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore
import Foundation

/// `doable import FILE`: a Todoist CSV, Taskwarrior JSON or iCalendar file into one list, all or nothing
/// (INTEROP-5). Needs the server; the new tasks come to this device with the sync afterwards.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import tasks from a Todoist CSV, Taskwarrior JSON or iCalendar file.",
        discussion: """
            The format comes from the file's extension (.csv Todoist, .json Taskwarrior `task export`, .ics \
            iCalendar) unless --format says it. Without --list-id or --list the tasks go to a new list named \
            after the app and today. Nothing is imported unless all of it is; items that break a rule are \
            skipped and listed with the reason. --dry-run shows what would happen and changes nothing.
            """
    )

    @Argument(help: "The file to import.", completion: .file(extensions: ["csv", "json", "ics"])) var file: String
    @Option(name: .customLong("list-id"), help: "A list to add the tasks to (its id or an id prefix).")
    var listID: String?
    @Option(name: .long, help: "Your list of this name (any case), made if there is none.") var list: String?
    @Option(name: .long, help: "todoist, taskwarrior or ical (default: from the file's extension).")
    var format: String?
    @Flag(name: .customLong("dry-run"), help: "Show what would be imported; change nothing.") var dryRun = false
    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    func validate() throws {
        if listID != nil && list != nil { throw ValidationError("Give --list-id or --list, not both.") }
        if let format, ImportFormat(name: format) == nil {
            throw ValidationError("--format is todoist, taskwarrior or ical.")
        }
    }

    func run() async throws {
        guard !options.offline else { throw CLIError.user("Importing needs the server; leave out --offline.") }
        let session = try options.openSession()
        let format =
            try self.format.flatMap(ImportFormat.init(name:)) ?? ImportFormat(fileName: file)
            ?? { throw CLIError.user("Which app is \(file) from? Say --format todoist, taskwarrior or ical.") }()
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw CLIError.user("Cannot read \(file): \((error as NSError).localizedDescription)")
        }
        guard bytes.count <= ImportReader.maximumBytes else {
            throw CLIError.user("\(file) is \(bytes.count / 1_048_576) MiB; at most 20 MiB can be imported at once.")
        }
        let target = listID.map { text in
            // A list this device knows by prefix; else the id as typed (the server says if it knows it).
            (try? session.list(text).id.description) ?? text
        }
        let display = UploadDisplay()
        let report: ImportReportDTO
        do {
            report = try await APIClient(server: session.server, token: session.token).importTasks(
                bytes, format: format, listID: target, listName: list, dryRun: dryRun, progress: display.update)
            display.finish()
        } catch ClientError.unauthorized {
            display.finish()
            throw CLIError.sessionEnded(server: session.config.server)
        } catch let error as ClientError {
            display.finish()
            throw CLIError.user(error.description)
        }
        if json.json { try JSONOutput.print(report) } else { Self.describe(report, style: session.style) }
        if !dryRun { await session.syncAfterChange() }
    }

    /// "Imported 12 tasks into 'Garden' (a new list)." and what was skipped, one line each.
    static func describe(_ report: ImportReportDTO, style: Style) {
        let tasks = report.created == 1 ? "1 task" : "\(report.created) tasks"
        let list = "'\(report.listName)'" + (report.listCreated ? " (a new list)" : "")
        print(
            report.dryRun
                ? "Would import \(tasks) into \(list); nothing was changed (--dry-run)."
                : "Imported \(tasks) into \(list).")
        if !report.labelsCreated.isEmpty {
            print("New labels: " + report.labelsCreated.joined(separator: ", ") + ".")
        }
        if report.remindersCreated > 0 { print("Reminders: \(report.remindersCreated).") }
        if report.dryRun {
            for task in report.tasks { print("  " + line(task)) }
            if report.created > report.tasks.count { print("  … and \(report.created - report.tasks.count) more") }
        }
        guard !report.skipped.isEmpty else { return }
        let items = report.skipped.filter { $0.field == nil }.count
        let fields = report.skipped.count - items
        var parts: [String] = []
        if items > 0 { parts.append(items == 1 ? "skipped 1 item" : "skipped \(items) items") }
        if fields > 0 { parts.append(fields == 1 ? "left out 1 field" : "left out \(fields) fields") }
        let summary = parts.joined(separator: " and ")
        print(style.yellow(summary.prefix(1).uppercased() + summary.dropFirst() + ":"))
        for skip in report.skipped {
            let title = skip.title.isEmpty ? "" : " '\(skip.title.prefix(60))'"
            let what = skip.field.map { " (\($0) left out)" } ?? ""
            print("  \(skip.place)\(title)\(what): \(skip.reason)")
        }
    }
}

extension ImportCommand {
    /// "Buy seeds (due 2026-12-01, high, @home, under 'Plan the garden')" for a dry run's list.
    static func line(_ task: ImportedTaskDTO) -> String {
        var parts: [String] = []
        if let due = task.due { parts.append("due \(due)") }
        if task.priority != .none { parts.append(task.priority.rawValue) }
        parts += task.labels.map { "@" + $0 }
        if let parent = task.parentTitle { parts.append("under '\(parent)'") }
        if task.completed { parts.append("completed") }
        return task.title + (parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")")
    }
}

extension ImportSkipDTO {
    /// "line 12" or "item 3".
    var place: String { line.map { "line \($0)" } ?? position.map { "item \($0)" } ?? "" }
}
