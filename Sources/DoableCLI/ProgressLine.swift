/// One line of a progress bar: "Receiving  [██████░░░░]  1200/5000", or a count alone when the total is not
/// known yet ("Receiving…  1200").
public enum ProgressLine {
    public static func render(label: String, done: Int, total: Int?, width: Int) -> String {
        guard let total, total > 0 else { return "\(label)…  \(done)" }
        let count = "\(min(done, total))/\(total)"
        let barWidth = max(10, min(40, width - Table.displayWidth(label) - count.count - 8))
        let filled = barWidth * min(done, total) / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        return "\(label)  [\(bar)]  \(count)"
    }
}
