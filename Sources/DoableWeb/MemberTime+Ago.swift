import DoableCore
import DoableArt

extension MemberTime {
    /// When something happened, in words relative to now: "just now", "5 minutes ago", "3 hours ago" within the
    /// last 12 hours, then the day and time ("Yesterday 14:05", "21 Nov 09:30").
    func ago(_ moment: Timestamp) -> String {
        let minutes = max(0, (now.milliseconds - moment.milliseconds) / 60_000)
        switch minutes {
        case 0: return "just now"
        case 1: return "1 minute ago"
        case 2..<60: return "\(minutes) minutes ago"
        case 60..<120: return "1 hour ago"
        case 120..<(12 * 60): return "\(minutes / 60) hours ago"
        default: return "\(words(date(of: moment))) \(time(of: moment))"
        }
    }

    /// `ago` as a `<time>` element: the exact moment in its `datetime`, the full date and time as its title.
    func agoElement(_ moment: Timestamp) -> HTML {
        "<time datetime=\"\(moment)\" title=\"\(longWords(date(of: moment))) \(time(of: moment))\">\(ago(moment))</time>"
    }
}
