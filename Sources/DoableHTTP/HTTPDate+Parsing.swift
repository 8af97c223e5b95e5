public import DoableCore
import Foundation

extension HTTPDate {
    /// `If-Modified-Since`: IMF-fixdate, the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`) or asctime
    /// (`Sun Nov  6 08:49:37 1994`), as RFC 9110 §5.6.7 asks a recipient to read; nil for anything else.
    public static func parse(_ text: String) -> Timestamp? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            let input = format.hasPrefix("EEE MMM") ? trimmed.replacingOccurrences(of: "  ", with: " ") : trimmed
            if let date = formatter.date(from: input) { return Timestamp(date) }
        }
        return nil
    }
}
