import DoableCore

/// Reads a `calendar-query`'s `C:filter` (RFC 4791 §9.7) into DoableCore's filter, which the domain evaluates.
/// A malformed filter is refused with `C:valid-filter`, an unknown collation with `C:supported-collation`.
enum CalendarQueryParser {
    /// The filter's top `comp-filter` (VCALENDAR); a query without a filter matches every object.
    static func filter(of query: XMLReader.Element) throws -> CompFilter {
        guard let filter = query.child(.caldav("filter")) else { return CompFilter(name: "VCALENDAR") }
        let comps = filter.children(.caldav("comp-filter"))
        guard comps.count == 1 else { throw invalid("A filter holds exactly one comp-filter (VCALENDAR).") }
        return try compFilter(comps[0], depth: 0)
    }

    static func compFilter(_ element: XMLReader.Element, depth: Int) throws -> CompFilter {
        guard depth < 8 else { throw invalid("The comp-filters are nested too deep.") }
        var filter = CompFilter(name: try name(of: element))
        for child in element.children {
            switch child.name {
            case .caldav("is-not-defined"): filter.isNotDefined = true
            case .caldav("time-range"): filter.timeRange = try timeRange(child)
            case .caldav("prop-filter"): filter.propFilters.append(try propFilter(child))
            case .caldav("comp-filter"): filter.compFilters.append(try compFilter(child, depth: depth + 1))
            default: throw invalid("\(child.name.local) is not allowed in a comp-filter.")
            }
        }
        return filter
    }

    static func propFilter(_ element: XMLReader.Element) throws -> PropFilter {
        var filter = PropFilter(name: try name(of: element))
        for child in element.children {
            switch child.name {
            case .caldav("is-not-defined"): filter.isNotDefined = true
            case .caldav("time-range"): filter.timeRange = try timeRange(child)
            case .caldav("text-match"): filter.textMatch = try textMatch(child)
            case .caldav("param-filter"):
                var param = ParamFilter(name: try name(of: child))
                for grandchild in child.children {
                    switch grandchild.name {
                    case .caldav("is-not-defined"): param.isNotDefined = true
                    case .caldav("text-match"): param.textMatch = try textMatch(grandchild)
                    default: throw invalid("\(grandchild.name.local) is not allowed in a param-filter.")
                    }
                }
                filter.paramFilters.append(param)
            default: throw invalid("\(child.name.local) is not allowed in a prop-filter.")
            }
        }
        return filter
    }

    static func textMatch(_ element: XMLReader.Element) throws -> TextMatch {
        var match = TextMatch(text: element.text)
        switch element.attribute("collation") ?? "i;ascii-casemap" {
        case "i;ascii-casemap", "i;unicode-casemap": match.caseSensitive = false
        case "i;octet": match.caseSensitive = true
        default:
            throw DAVFailure.precondition(
                .caldav("supported-collation"),
                "Doable compares text with i;ascii-casemap or i;octet.")
        }
        switch element.attribute("negate-condition") ?? "no" {
        case "yes": match.negate = true
        case "no": match.negate = false
        default: throw invalid("negate-condition must be yes or no.")
        }
        return match
    }

    /// `start` and `end` in UTC (`20261127T000000Z`); either may be left out, not both.
    static func timeRange(_ element: XMLReader.Element) throws -> TimeRange {
        let start = try element.attribute("start").map(utcTime)
        let end = try element.attribute("end").map(utcTime)
        guard start != nil || end != nil else { throw invalid("A time-range needs a start or an end.") }
        if let start, let end, end <= start { throw invalid("A time-range must end after it starts.") }
        return TimeRange(start: start, end: end)
    }

    /// `YYYYMMDDTHHMMSSZ`, as RFC 4791 requires of a time-range.
    static func utcTime(_ text: String) throws -> Timestamp {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z"),
            let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            hour < 24, minute < 60, second < 61, let date = CivilDate(year: year, month: month, day: day)
        else { throw invalid("\(text) is not a UTC date-time such as 20261127T000000Z.") }
        return date.startTimestamp.adding(seconds: Int64(hour * 3600 + minute * 60 + second))
    }

    private static func name(of element: XMLReader.Element) throws -> String {
        guard let name = element.attribute("name")?.trimmingXMLWhitespace(), !name.isEmpty else {
            throw invalid("Every \(element.name.local) needs a name.")
        }
        return name.uppercased()
    }

    private static func invalid(_ message: String) -> DAVFailure {
        DAVFailure.precondition(.caldav("valid-filter"), message)
    }
}
