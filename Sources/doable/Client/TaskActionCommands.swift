import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableClient
import DoableCore
import Foundation

/// `done`, `reopen`, `rm` and `restore`: one change to one or more tasks named by id prefixes.
struct TaskAction {
    let verb: String
    let includesDeleted: Bool
    /// Refuses a task the change makes no sense for (completing a completed task), before anything changes.
    var check: (TaskRecord) throws -> Void = { _ in }
    let change: (Replica, TaskRecord) throws -> Void

    func run(_ ids: [String], options: ClientOptions) async throws {
        let session = try options.openSession()
        // Every id is resolved before anything changes: a typo in the third id must not leave two done.
        let tasks = try ids.map { try session.task($0, includeDeleted: includesDeleted) }
        try tasks.forEach(check)
        for task in tasks { try session.list(of: task).require(.editor, for: "changing tasks") }
        let confirmation = try Confirmation(session: session)
        for task in tasks {
            try session.userFacing { try change(session.replica, task) }
            print("\(verb) \(confirmation.name(task)).")
        }
        await session.syncAfterChange()
    }
}

struct DoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Mark tasks completed (a repeating task moves on to its next date).")

    @Argument(help: "Task id prefixes.") var ids: [String]
    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await TaskAction(
            verb: "Completed", includesDeleted: false,
            check: { task in
                if task.isCompleted { throw CLIError.user("'\(task.title)' is already completed.") }
            },
            change: { replica, task in
                try replica.completeTask(task.id)
            }
        ).run(ids, options: options)
    }
}

struct ReopenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reopen", abstract: "Mark completed tasks open again.")

    @Argument(help: "Task id prefixes.") var ids: [String]
    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await TaskAction(
            verb: "Reopened", includesDeleted: false,
            check: { task in
                if !task.isCompleted { throw CLIError.user("'\(task.title)' is not completed.") }
            },
            change: { replica, task in
                try replica.reopenTask(task.id)
            }
        ).run(ids, options: options)
    }
}

struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Move tasks (with their subtasks) to the trash; `doable restore` brings them back.")

    @Argument(help: "Task id prefixes.") var ids: [String]
    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await TaskAction(verb: "Moved to the trash:", includesDeleted: false) { replica, task in
            try replica.deleteTask(task.id)
        }.run(ids, options: options)
    }
}

/// `doable restore ID…` brings tasks back from the trash; `doable restore FILE` (an archive of `doable backup`, with
/// `--data-dir` or `--database-url`) restores a whole server (OPS-4).
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring tasks back from the trash, or a server's database back from a backup.",
        discussion: """
            `doable restore ID…` brings tasks back from the trash (`doable ls --trash` lists it). \
            `doable restore FILE [--data-dir DIR | --database-url URL] [--force]` puts an archive written by \
            `doable backup` back into the server's database (stop the server first): checked whole before anything \
            is written, all or nothing, into either engine. See docs/backup.md.
            """)

    @Argument(help: "Task id prefixes, or the backup archive to restore.") var ids: [String]
    @Flag(name: .long, help: "With a backup archive: replace everything the target database already holds.")
    var force = false
    @OptionGroup var options: ClientOptions
    @OptionGroup var storeOptions: StoreOptions

    /// A single argument naming a file is an archive; anything else is a list of task id prefixes.
    var archivePath: String? {
        guard ids.count == 1 else { return nil }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: ids[0], isDirectory: &isFolder) && !isFolder.boolValue ? ids[0] : nil
    }

    func run() async throws {
        if let archivePath {
            try await RestoreBackup(file: archivePath, force: force, storeOptions: storeOptions).run()
            return
        }
        try await TaskAction(
            verb: "Restored", includesDeleted: true,
            check: { task in
                if !task.isDeleted { throw CLIError.user("'\(task.title)' is not in the trash.") }
            },
            change: { replica, task in
                try replica.restoreTask(task.id)
            }
        ).run(ids, options: options)
    }
}
