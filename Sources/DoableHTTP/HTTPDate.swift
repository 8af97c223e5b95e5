public import DoableCore

/// RFC 9110's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`): `Last-Modified` of CalDAV objects and feeds, and
/// CalDAV's `D:getlastmodified`.
public enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func format(_ moment: Timestamp) -> String {
        let day = moment.civilDate
        let seconds = Int((moment.milliseconds - Int64(day.daysSinceEpoch) * 86_400_000) / 1000)
        let weekday = weekdays[((day.daysSinceEpoch % 7) + 7) % 7]
        return "\(weekday), \(two(day.day)) \(months[day.month - 1]) \(day.year) "
            + "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) GMT"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
