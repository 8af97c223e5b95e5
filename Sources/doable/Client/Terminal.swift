import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few things the client needs from the terminal: is a stream one, how wide is it, and reading a password
/// without echo.
enum Terminal {
    static var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Columns of standard output when it is a terminal; nil for pipes and files (no truncation there).
    static var outputWidth: Int? {
        guard isOutputTerminal else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init)
    }

    /// Columns of standard error, for the progress bar.
    static var errorWidth: Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Writes `text` and a newline to standard error: diagnostics never mix with output a script reads.
    static func warn(_ text: String) {
        // What was printed before the warning shows before it, also when both streams go to one terminal.
        fflush(nil)
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `text` to standard error as is (progress redraws its line with `\r`).
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Asks on standard error and reads one line of standard input; nil at end of input.
    static func ask(_ prompt: String) -> String? {
        writeError(prompt)
        return readLine(strippingNewline: true)
    }

    /// The terminal's settings while a secret is read without echo, for the interrupt handler to put back.
    nonisolated(unsafe) private static var echoingSettings: termios?

    /// Asks for a secret with echo turned off (termios), restoring the terminal however reading ends, Ctrl-C
    /// included (a shell left without echo is worse than a lost prompt).
    static func askSecret(_ prompt: String) -> String? {
        writeError(prompt)
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine(strippingNewline: true) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        echoingSettings = saved
        let previousHandler = signal(SIGINT) { _ in
            if var settings = Terminal.echoingSettings { tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) }
            _exit(130)
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            signal(SIGINT, previousHandler)
            echoingSettings = nil
            writeError("\n")
        }
        return readLine(strippingNewline: true)
    }
}
