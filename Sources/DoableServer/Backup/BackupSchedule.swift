import Foundation

/// OPS-4: `doable serve --backup-dir DIR --backup-every 6h --backup-keep 28`.
public struct BackupSchedule: Sendable {
    public var directory: String
    public var interval: Duration
    public var keep: Int

    public init(directory: String, interval: Duration, keep: Int) {
        self.directory = directory
        self.interval = interval
        self.keep = keep
    }

    /// "6h", "30m", "1d", "90s" or a number of seconds; nil when it is none of these or under a minute.
    public static func interval(parsing text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Int64)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
        var seconds: Int64?
        if let number = Int64(trimmed) { seconds = number }
        for (suffix, factor) in units where seconds == nil && trimmed.hasSuffix(suffix) {
            if let number = Int64(trimmed.dropLast()) { seconds = number * factor }
        }
        guard let seconds, seconds >= 60, seconds <= 366 * 86_400 else { return nil }
        return .seconds(seconds)
    }
}
