/// A due or start date: a whole day (`2026-11-21`) or a moment (`2026-11-21T09:00:00Z`).
public enum TaskDate: Hashable, Sendable, TextCodable {
    case day(CivilDate)
    case moment(Timestamp)

    public init?(_ text: String) {
        if let day = CivilDate(text) {
            self = .day(day)
        } else if let moment = Timestamp(rfc3339: text) {
            self = .moment(moment)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .day(let day): day.description
        case .moment(let moment): moment.description
        }
    }

    /// Where the date sorts and filters: a whole day counts from its start (UTC).
    public var sortKey: Timestamp {
        switch self {
        case .day(let day): day.startTimestamp
        case .moment(let moment): moment
        }
    }

    /// The first moment this date is over: the end of a whole day, or the moment itself.
    public var passesAt: Timestamp {
        switch self {
        case .day(let day): day.adding(days: 1).startTimestamp
        case .moment(let moment): moment
        }
    }

    public var isWholeDay: Bool { if case .day = self { true } else { false } }
}
