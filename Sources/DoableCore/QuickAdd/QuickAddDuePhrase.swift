/// What a recognised date-and-time phrase says, before it is pinned to the member's calendar.
struct QuickAddDuePhrase: Equatable {
    /// Nil for a time alone ("at 5pm").
    var day: Day?
    /// Nil for a whole day.
    var time: WallTime?

    enum Day: Equatable {
        case today
        /// Today, at 19:00 unless a time is given.
        case tonight
        case tomorrow
        /// `weekday` counts from Monday = 0. "fri" and "this fri" have `isNext` false; "next fri" true.
        case weekday(Int, isNext: Bool)
        /// The member's first day of next week.
        case nextWeek
        /// The Saturday of this weekend, or of the one after when `isNext`.
        case weekend(isNext: Bool)
        /// "in 3 days".
        case later(Int, Unit)
        /// "31 jan", "jan 31st 2027": without a year, the next such day from today.
        case monthDay(month: Int, day: Int, year: Int?)
        /// "2026-01-31".
        case date(CivilDate)

        /// "in 2 hours" already names a moment, so it takes no time of day.
        var acceptsTime: Bool {
            if case .later(_, let unit) = self { unit.isCalendarUnit } else { true }
        }
    }

    enum Unit: Equatable {
        case minute, hour, day, week, month, year

        var isCalendarUnit: Bool { self != .minute && self != .hour }
    }

    /// A time on the member's wall clock, 24-hour.
    struct WallTime: Equatable {
        var hour: Int
        var minute: Int

        static let noon = WallTime(hour: 12, minute: 0)
        /// What "tonight" means without a time.
        static let evening = WallTime(hour: 19, minute: 0)
    }
}
