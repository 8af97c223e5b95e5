import DoableCLI
import DoableClient
import Foundation
import Synchronization

/// Shows an upload on standard error: on a terminal a bar redrawn in place ("Uploading  [████░░]  1048576/
/// 4194304", in bytes), then "Importing…" until the server answers; elsewhere one line for each of the two.
final class UploadDisplay: Sendable {
    private struct State {
        var lastDraw = ContinuousClock.now
        var isDrawn = false
        var saidUploading = false
        var saidImporting = false
    }

    private let isTerminal: Bool
    private let state = Mutex(State())

    init(isTerminal: Bool = Terminal.isErrorTerminal) { self.isTerminal = isTerminal }

    func update(_ progress: UploadProgress) {
        state.withLock { state in
            switch progress {
            case .uploading(let sent, let total):
                if !isTerminal {
                    if !state.saidUploading { Terminal.writeError("Uploading \(total) bytes…\n") }
                    state.saidUploading = true
                    return
                }
                guard !state.isDrawn || sent == total || ContinuousClock.now - state.lastDraw >= .milliseconds(100)
                else { return }
                state.isDrawn = true
                state.lastDraw = .now
                Terminal.writeError(
                    "\r\u{1B}[2K"
                        + ProgressLine.render(
                            label: "Uploading", done: sent, total: total,
                            width: Terminal.errorWidth))
            case .importing:
                guard !state.saidImporting else { return }
                state.saidImporting = true
                state.isDrawn = isTerminal
                Terminal.writeError(isTerminal ? "\r\u{1B}[2KImporting…" : "Importing…\n")
            }
        }
    }

    /// Clears the line on a terminal.
    func finish() {
        state.withLock { state in
            if isTerminal && state.isDrawn { Terminal.writeError("\r\u{1B}[2K") }
            state.isDrawn = false
        }
    }
}
