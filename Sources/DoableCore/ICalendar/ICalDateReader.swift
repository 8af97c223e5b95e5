import Foundation

/// Reads the date properties of one calendar: a DATE as a whole day, a DATE-TIME in UTC as it is, one with a TZID in
/// that zone (an IANA name, the calendar's VTIMEZONE, or a Windows name), and a floating one — or one whose TZID
/// nothing knows — in `floatingZone`. Zones are looked up once per TZID.
final class ICalDateReader {
    let calendar: ICalComponent?
    let floatingZone: TimeZone
    private var zones: [String: ICalZone?] = [:]

    init(calendar: ICalComponent?, floatingZone: TimeZone) {
        self.calendar = calendar
        self.floatingZone = floatingZone
    }

    /// The property's value as a TaskDate; nil when it is not a DATE or DATE-TIME.
    func date(_ property: ICalProperty) -> TaskDate? {
        guard let value = ICalDateValue(property.value.trimmingICalWhitespace()) else { return nil }
        return date(value, tzid: property.parameter("TZID"))
    }

    /// Every value of a property that may hold a comma-separated list (EXDATE, RDATE); nil when one is unreadable.
    func dates(_ property: ICalProperty) -> [TaskDate]? {
        var dates: [TaskDate] = []
        for text in property.value.split(separator: ",") {
            guard let value = ICalDateValue(String(text).trimmingICalWhitespace()) else { return nil }
            dates.append(date(value, tzid: property.parameter("TZID")))
        }
        return dates
    }

    /// The property as a moment; a whole day counts from its start in `floatingZone`.
    func moment(_ property: ICalProperty) -> Timestamp? { date(property).map(moment) }

    func moment(_ date: TaskDate) -> Timestamp {
        switch date {
        case .moment(let moment): moment
        case .day(let day): ICalZone.system(floatingZone).moment(on: day, secondsOfDay: 0)
        }
    }

    /// The zone a property's wall times are in, for repeating it (floating when it has none or is in UTC).
    func zone(of property: ICalProperty) -> TimeZone {
        if let tzid = property.parameter("TZID"), case .system(let zone)? = zone(tzid: tzid) { return zone }
        return floatingZone
    }

    func date(_ value: ICalDateValue, tzid: String?) -> TaskDate {
        switch value {
        case .date(let day):
            return .day(day)
        case .dateTime(let day, let seconds, let isUTC):
            if isUTC {
                return .moment(Timestamp(milliseconds: (Int64(day.daysSinceEpoch) * 86_400 + Int64(seconds)) * 1000))
            }
            let zone = tzid.flatMap { self.zone(tzid: $0) } ?? ICalZone.system(floatingZone)
            return .moment(zone.moment(on: day, secondsOfDay: seconds))
        }
    }

    /// The wall time of a moment in the zone a TZID names; nil when nothing knows the TZID.
    func wallTime(of moment: Timestamp, tzid: String) -> (day: CivilDate, secondsOfDay: Int)? {
        guard let zone = zone(tzid: tzid) else { return nil }
        let utc = floorDivide(moment.milliseconds, 1000)
        let offset: Int64 =
            switch zone {
            case .system(let zone): Int64(zone.secondsFromGMT(for: moment.date))
            case .rules(let rules): Int64(rules.offset(atWallTime: utc + Int64(rules.offset(atWallTime: utc))))
            }
        let wall = utc + offset
        let day = CivilDate(daysSinceEpoch: Int(floorDivide(wall, 86_400)))
        return (day, Int(wall - Int64(day.daysSinceEpoch) * 86_400))
    }

    private func zone(tzid: String) -> ICalZone? {
        if let known = zones[tzid] { return known }
        let zone = ICalZone(tzid: tzid, in: calendar)
        zones[tzid] = zone
        return zone
    }
}
