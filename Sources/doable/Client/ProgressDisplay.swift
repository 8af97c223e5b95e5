import DoableCLI
import DoableClient
import Synchronization

/// Draws sync progress on standard error, redrawing one line; only on a terminal, and only once a sync has
/// taken long enough to be worth it (a quick sync should not flash a bar).
final class ProgressDisplay: Sendable {
    private struct State {
        var isDrawn = false
        var lastDraw = ContinuousClock.now
    }

    private let isEnabled: Bool
    private let started = ContinuousClock.now
    private let delay: Duration
    private let state = Mutex(State())

    init(isEnabled: Bool = Terminal.isErrorTerminal, delay: Duration = .milliseconds(400)) {
        self.isEnabled = isEnabled
        self.delay = delay
    }

    /// Takes one report from `SyncEngine`.
    func update(_ progress: SyncProgress) {
        guard isEnabled, ContinuousClock.now - started >= delay else { return }
        let label = progress.phase == .push ? "Sending changes" : "Receiving"
        let line = ProgressLine.render(
            label: label, done: progress.done, total: progress.total,
            width: Terminal.errorWidth)
        state.withLock { state in
            // At most ten redraws a second: a fast pull reports every page.
            guard !state.isDrawn || ContinuousClock.now - state.lastDraw >= .milliseconds(100) else { return }
            state.isDrawn = true
            state.lastDraw = .now
            Terminal.writeError("\r\u{1B}[2K" + line)
        }
    }

    /// Clears the line, if one was drawn.
    func finish() {
        state.withLock { state in
            if state.isDrawn { Terminal.writeError("\r\u{1B}[2K") }
            state.isDrawn = false
        }
    }
}
