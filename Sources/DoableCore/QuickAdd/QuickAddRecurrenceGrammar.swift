/// Finds the repeat phrase that starts at one word, reading whole words only (TASK-10).
///
/// ```
/// repeat   := daily | weekly | monthly | yearly | annually
///           | every weekday (Monday to Friday) | every weekdays
///           | every [N|other] day[s] | every [N|other] week[s] [on weekdays]
///           | every [N|other] month[s] [on [the] Dth] | every [N|other] year[s]
/// weekdays := weekday [(, | [,] and | [,] &) weekday]…   ("mon, wed and fri")
/// ```
/// Like a due phrase it never runs past a literal, an ignored word or punctuation, except a comma in a list
/// of weekdays.
struct QuickAddRecurrenceGrammar {
    private typealias Vocabulary = QuickAddVocabulary

    let line: QuickAddLine
    let start: Int

    /// The phrase at `start` as a rule, and the index of the word after it.
    static func match(_ line: QuickAddLine, at start: Int) -> (end: Int, rule: RecurrenceRule)? {
        QuickAddRecurrenceGrammar(line: line, start: start).match()
    }

    private func match() -> (end: Int, rule: RecurrenceRule)? {
        guard let word = key(start) else { return nil }
        if let frequency = Vocabulary.frequencies[word] { return rule(end: start + 1, frequency) }
        guard word == "every" else { return nil }
        if key(start + 1) == "weekday" { return rule(end: start + 2, .weekly, byDay: [0, 1, 2, 3, 4]) }
        if let (end, weekdays) = weekdays(at: start + 1) { return rule(end: end, .weekly, byDay: weekdays) }

        var index = start + 1
        var interval = 1
        if let count = key(index).flatMap(Vocabulary.count) {
            (interval, index) = (count, index + 1)
        } else if key(index) == "other" {
            (interval, index) = (2, index + 1)
        }
        guard let unit = key(index).flatMap({ Vocabulary.units[$0] }) else { return nil }
        index += 1
        switch unit {
        case .day:
            return rule(end: index, .daily, interval: interval)
        case .week:
            if key(index) == "on", let (end, weekdays) = weekdays(at: index + 1) {
                return rule(end: end, .weekly, interval: interval, byDay: weekdays)
            }
            return rule(end: index, .weekly, interval: interval)
        case .month:
            let dayIndex = key(index + 1) == "the" ? index + 2 : index + 1
            if key(index) == "on", let day = key(dayIndex).flatMap(Vocabulary.dayOfMonth) {
                return rule(end: dayIndex + 1, .monthly, interval: interval, byMonthDay: [day])
            }
            return rule(end: index, .monthly, interval: interval)
        case .year:
            return rule(end: index, .yearly, interval: interval)
        case .hour, .minute:
            return nil
        }
    }

    private func rule(
        end: Int, _ frequency: RecurrenceRule.Frequency, interval: Int = 1, byDay: [Int] = [], byMonthDay: [Int] = []
    ) -> (end: Int, rule: RecurrenceRule)? {
        let byDay = byDay.map { RecurrenceRule.WeekdayNum(weekday: $0) }
        guard
            let rule = try? RecurrenceRule(
                frequency: frequency, interval: interval, byDay: byDay,
                byMonthDay: byMonthDay)
        else { return nil }
        return (end, rule)
    }

    /// "mon", "monday and thursday", "mon, wed & fri" (Monday = 0).
    private func weekdays(at index: Int) -> (end: Int, weekdays: [Int])? {
        guard let first = key(index).flatMap({ Vocabulary.weekdays[$0] }) else { return nil }
        var weekdays = [first]
        var end = index + 1
        while true {
            let hasJoiner = key(end, afterComma: true).map(Vocabulary.weekdayJoiners.contains) == true
            let next = hasJoiner ? end + 1 : end
            guard hasJoiner || endsInComma(end - 1),
                let weekday = key(next, afterComma: !hasJoiner).flatMap({ Vocabulary.weekdays[$0] })
            else { break }
            weekdays.append(weekday)
            end = next + 1
        }
        return (end, weekdays)
    }

    /// The key of word `index` if it may continue the phrase that began at `start`; `afterComma` lets it follow
    /// a word that ends in a single comma.
    private func key(_ index: Int, afterComma: Bool = false) -> String? {
        let words = line.words
        guard index < words.count, words[index].form == .plain, !words[index].isIgnored else { return nil }
        if index > start && words[index - 1].endsPhrase && !(afterComma && endsInComma(index - 1)) { return nil }
        return words[index].key
    }

    private func endsInComma(_ index: Int) -> Bool {
        let word = line.words[index]
        return word.scalars.upperBound - word.core.upperBound == 1 && line.scalars[word.core.upperBound] == ","
    }
}
