/// The English words quick add knows, lowercased.
enum QuickAddVocabulary {
    /// Monday = 0 … Sunday = 6.
    static let weekdays: [String: Int] = [
        "mon": 0, "monday": 0,
        "tue": 1, "tues": 1, "tuesday": 1,
        "wed": 2, "weds": 2, "wednesday": 2,
        "thu": 3, "thur": 3, "thurs": 3, "thursday": 3,
        "fri": 4, "friday": 4,
        "sat": 5, "saturday": 5,
        "sun": 6, "sunday": 6,
    ]

    /// Short weekday names that are also everyday English words ("sun cream", "sat down", "wed in June"):
    /// they name a day only after "on", "by", "this" or "next", or next to a time.
    static let ambiguousWeekdays: Set<String> = ["sun", "sat", "wed"]

    static let months: [String: Int] = [
        "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
        "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
        "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11,
        "dec": 12, "december": 12,
    ]

    static let units: [String: QuickAddDuePhrase.Unit] = [
        "min": .minute, "mins": .minute, "minute": .minute, "minutes": .minute,
        "hr": .hour, "hrs": .hour, "hour": .hour, "hours": .hour,
        "day": .day, "days": .day,
        "week": .week, "weeks": .week,
        "month": .month, "months": .month,
        "year": .year, "years": .year,
    ]

    static let tomorrow: Set<String> = ["tomorrow", "tmr", "tmrw"]

    /// One-word repeats: "daily", "weekly", "monthly", "yearly".
    static let frequencies: [String: RecurrenceRule.Frequency] = [
        "daily": .daily, "weekly": .weekly, "monthly": .monthly, "yearly": .yearly, "annually": .yearly,
    ]

    /// Words between weekdays in a repeat: "every mon, wed and fri".
    static let weekdayJoiners: Set<String> = ["and", "&"]

    /// Words that may stand before a day and become part of its token ("on fri", "by tomorrow").
    static let dayPrepositions: Set<String> = ["on", "by"]

    static let priorities: [String: TaskPriority] = [
        "!high": .high, "!medium": .medium, "!med": .medium, "!low": .low, "!none": .none,
        "p1": .high, "p2": .medium, "p3": .low, "p4": .none,
    ]

    /// A whole count: digits (1 to 999), or "a", "an", "one".
    static func count(_ word: String) -> Int? {
        switch word {
        case "a", "an", "one": return 1
        default:
            guard let value = digits(word[...]), word.utf8.count <= 3, value >= 1 else { return nil }
            return value
        }
    }

    /// A day of the month, optionally with its ordinal suffix: "31", "31st", "2nd", "3rd", "4th".
    static func dayOfMonth(_ word: String) -> Int? {
        let digitCount = word.utf8.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        guard (1...2).contains(digitCount), let day = digits(word.prefix(digitCount)), (1...31).contains(day)
        else { return nil }
        let suffix = word.dropFirst(digitCount)
        guard !suffix.isEmpty else { return day }
        return suffix == ordinalSuffix(day) ? day : nil
    }

    /// "st", "nd", "rd" or "th", as in 1st, 2nd, 3rd, 11th, 23rd.
    static func ordinalSuffix(_ number: Int) -> String {
        switch (number % 10, number % 100 / 10) {
        case (1, let tens) where tens != 1: "st"
        case (2, let tens) where tens != 1: "nd"
        case (3, let tens) where tens != 1: "rd"
        default: "th"
        }
    }

    /// A four-digit year.
    static func year(_ word: String) -> Int? {
        guard word.utf8.count == 4, let value = digits(word[...]), value >= 1000 else { return nil }
        return value
    }

    /// ASCII digits only, at most four.
    static func digits(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 4 else { return nil }
        return parseDigits(bytes[...])
    }
}
