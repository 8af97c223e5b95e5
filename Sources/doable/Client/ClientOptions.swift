import ArgumentParser
import DoableCLI
import Foundation

/// Options every client command takes.
struct ClientOptions: ParsableArguments {
    @Flag(name: .long, help: "Plain output even on a terminal (so does the NO_COLOR environment variable).")
    var noColor = false

    @Flag(name: .long, help: "Do not contact the server: read and change this device's copy only.")
    var offline = false

    /// The colour rules applied to standard output.
    var outputStyle: Style {
        Style.resolve(
            noColorFlag: noColor, environment: ProcessInfo.processInfo.environment,
            isTerminal: Terminal.isOutputTerminal)
    }

    /// The colour rules applied to standard error (warnings, progress).
    var errorStyle: Style {
        Style.resolve(
            noColorFlag: noColor, environment: ProcessInfo.processInfo.environment,
            isTerminal: Terminal.isErrorTerminal)
    }

    /// The signed-in session of this home folder, or `CLIError.notSignedIn`.
    func openSession() throws -> Session {
        try Session(home: ClientHome(), options: self)
    }
}

/// `--json` for commands that list or show.
struct JSONFlag: ParsableArguments {
    @Flag(name: .long, help: "Print the API's JSON shapes instead of a table, for scripts.")
    var json = false
}
