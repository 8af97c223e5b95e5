import Foundation

/// The zone a TZID names: an IANA zone Foundation knows, or the rules of the resource's VTIMEZONE.
enum ICalZone {
    case system(TimeZone)
    case rules(VTimeZoneRules)

    /// The zone for a TZID: its IANA name (also inside Mozilla's old `/mozilla.org/…/Europe/Berlin` form), else the
    /// calendar's VTIMEZONE with that TZID, else a well-known Windows name ("W. Europe Standard Time"); nil when none
    /// of these knows it.
    init?(tzid: String, in calendar: ICalComponent?) {
        let name = tzid.trimmingICalWhitespace()
        guard !name.isEmpty, name.utf8.count <= 100 else { return nil }
        if let zone = Self.ianaZone(name) {
            self = .system(zone)
        } else if let definition = calendar?.components(named: "VTIMEZONE").first(where: {
            $0.property("TZID")?.value == tzid
        }), let rules = VTimeZoneRules(definition) {
            self = .rules(rules)
        } else if let iana = Self.windowsNames[name], let zone = TimeZone(identifier: iana) {
            self = .system(zone)
        } else {
            return nil
        }
    }

    private static func ianaZone(_ name: String) -> TimeZone? {
        // Only names shaped like IANA's (Area/Place, or UTC/GMT); Foundation also takes abbreviations like "EST" that
        // mean different zones in different places.
        let candidates =
            name.hasPrefix("/")
            ? [
                String(name.split(separator: "/").suffix(2).joined(separator: "/")),
                String(name.split(separator: "/").suffix(3).joined(separator: "/")),
            ]
            : [name]
        for candidate in candidates where candidate.contains("/") || candidate == "UTC" || candidate == "GMT" {
            if let zone = TimeZone(identifier: candidate) { return zone }
        }
        return nil
    }

    /// The UTC moment of a wall time in this zone. In a daylight-saving gap the offset from before the change applies.
    func moment(on day: CivilDate, secondsOfDay: Int) -> Timestamp {
        switch self {
        case .system(let zone):
            let calendar = ZonedCalendar(zone: zone, weekStart: .monday)
            return calendar.moment(on: day, hour: secondsOfDay / 3600, minute: secondsOfDay / 60 % 60)
                .adding(seconds: Int64(secondsOfDay % 60))
        case .rules(let rules):
            let wall = Int64(day.daysSinceEpoch) * 86_400 + Int64(secondsOfDay)
            return Timestamp(milliseconds: (wall - Int64(rules.offset(atWallTime: wall))) * 1000)
        }
    }

    /// Outlook and Exchange name zones the Windows way; these are the common ones (CLDR's windowsZones, territory 001).
    static let windowsNames: [String: String] = [
        "UTC": "UTC", "GMT Standard Time": "Europe/London", "Greenwich Standard Time": "Atlantic/Reykjavik",
        "W. Europe Standard Time": "Europe/Berlin", "Central Europe Standard Time": "Europe/Budapest",
        "Central European Standard Time": "Europe/Warsaw", "Romance Standard Time": "Europe/Paris",
        "E. Europe Standard Time": "Europe/Chisinau", "FLE Standard Time": "Europe/Kiev",
        "GTB Standard Time": "Europe/Bucharest", "Russian Standard Time": "Europe/Moscow",
        "Turkey Standard Time": "Europe/Istanbul", "Israel Standard Time": "Asia/Jerusalem",
        "South Africa Standard Time": "Africa/Johannesburg", "Arabian Standard Time": "Asia/Dubai",
        "India Standard Time": "Asia/Calcutta", "China Standard Time": "Asia/Shanghai",
        "Singapore Standard Time": "Asia/Singapore", "Tokyo Standard Time": "Asia/Tokyo",
        "Korea Standard Time": "Asia/Seoul", "AUS Eastern Standard Time": "Australia/Sydney",
        "E. Australia Standard Time": "Australia/Brisbane", "W. Australia Standard Time": "Australia/Perth",
        "New Zealand Standard Time": "Pacific/Auckland", "Eastern Standard Time": "America/New_York",
        "Central Standard Time": "America/Chicago", "Mountain Standard Time": "America/Denver",
        "US Mountain Standard Time": "America/Phoenix", "Pacific Standard Time": "America/Los_Angeles",
        "Alaskan Standard Time": "America/Anchorage", "Hawaiian Standard Time": "Pacific/Honolulu",
        "Atlantic Standard Time": "America/Halifax", "Canada Central Standard Time": "America/Regina",
        "E. South America Standard Time": "America/Sao_Paulo", "Argentina Standard Time": "America/Buenos_Aires",
        "Central Standard Time (Mexico)": "America/Mexico_City",
    ]
}
