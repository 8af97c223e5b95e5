import ArgumentParser
import DoableClient
import Foundation

@main
struct Doable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doable",
        abstract: "Doable: tasks for yourself, your family or your team.",
        discussion: """
            The client commands work on a copy of your tasks on this device and sync with the server whenever \
            it answers; with no network they keep working and send your changes later. DOABLE_HOME picks the \
            folder for the sign-in and the copy (default ~/.config/doable). Shell completions: \
            `doable completions bash|zsh|fish`.
            """,
        subcommands: [
            LoginCommand.self, LogoutCommand.self, StatusCommand.self, SyncCommand.self,
            TodayCommand.self, ListTasksCommand.self, ShowCommand.self, SearchCommand.self,
            AddCommand.self, EditCommand.self, DoneCommand.self, ReopenCommand.self, RemoveCommand.self,
            RestoreCommand.self, ListsCommand.self, ListCommand.self, ImportCommand.self, ExportCommand.self,
            CompletionsCommand.self,
            Serve.self, BackupCommand.self, Admin.self,
        ]
    )

    /// ArgumentParser's `main`, with the client's exit codes: 1 for a user error, 2 for a usage error (instead
    /// of EX_USAGE, 64), 3 when not signed in; and the client's errors as one plain sentence, never a dump.
    static func main() async {
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as CLIError {
            fail(error.description, code: error.exitCode)
        } catch let error as ClientError {
            fail(error.description, code: 1)
        } catch {
            if exitCode(for: error) == .validationFailure {
                fail(fullMessage(for: error), code: 2)
            }
            exit(withError: error)
        }
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        Terminal.warn(message)
        Foundation.exit(code)
    }
}
