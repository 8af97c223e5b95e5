import DoableStore
import Foundation

/// The progress of a backup or restore on standard error: one line redrawn in place, with the part, the rows and the
/// bytes so far (and a bar when the total is known). Silent when standard error is not a terminal.
final class BackupProgressLine: Sendable {
    let verb: String
    let isShown: Bool

    init(verb: String, quiet: Bool = false) {
        self.verb = verb
        isShown = !quiet && Terminal.isErrorTerminal
    }

    var handler: (@Sendable (BackupProgress) -> Void)? {
        guard isShown else { return nil }
        return { [verb] progress in
            var line = "\(verb) \(progress.part)"
            if let total = progress.totalRows, total > 0 {
                let filled = 30 * min(progress.rows, total) / total
                line += "  [" + String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled) + "]"
                line += "  \(Self.count(progress.rows))/\(Self.count(total)) rows"
            } else {
                line += "  \(Self.count(progress.rows)) rows"
            }
            if progress.bytes > 0 { line += "  \(Self.size(progress.bytes))" }
            Terminal.writeError("\r\u{1B}[2K" + line)
        }
    }

    func finish() {
        if isShown { Terminal.writeError("\r\u{1B}[2K") }
    }

    static func count(_ number: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: number)) ?? String(number)
    }

    static func size(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(bytes) bytes" : String(format: "%.1f %@", value, units[unit])
    }
}
