/// Finds the date-and-time phrase that starts at one word, reading whole words only.
///
/// ```
/// due  := [on|by] day [[at] time]  |  [at] time [[on] day]
/// day  := today | tonight | tomorrow | tmr | tmrw | weekday | this weekday | next weekday
///       | next week | [this|next] weekend | in N minutes|hours|days|weeks|months|years
///       | D [of] month [YYYY] | month D [YYYY] | YYYY-MM-DD
/// time := H:MM [am|pm] | H[:MM]am|pm | H[:MM] am|pm | noon | midday
/// ```
/// A phrase never runs past a literal, an ignored word or a word ending in punctuation.
struct QuickAddDueGrammar {
    typealias Phrase = QuickAddDuePhrase
    typealias Words = [QuickAddLine.Word]
    private typealias Vocabulary = QuickAddVocabulary

    let words: Words
    let start: Int

    /// The longest phrase at `start` and the index of the word after it.
    static func match(_ words: Words, at start: Int) -> (end: Int, phrase: Phrase)? {
        let grammar = QuickAddDueGrammar(words: words, start: start)
        return grammar.dayFirst() ?? grammar.timeFirst()
    }

    /// The key of word `index` if it may continue the phrase that began at `start`.
    private func key(_ index: Int) -> String? {
        guard index < words.count, words[index].form == .plain, !words[index].isIgnored else { return nil }
        if index > start && words[index - 1].endsPhrase { return nil }
        return words[index].key
    }

    private func dayFirst() -> (end: Int, phrase: Phrase)? {
        let hasPreposition = key(start).map(Vocabulary.dayPrepositions.contains) ?? false
        let dayStart = hasPreposition ? start + 1 : start
        guard let (afterDay, day, needsContext) = day(at: dayStart, afterPreposition: hasPreposition) else {
            return nil
        }
        if day.acceptsTime, let (end, time) = time(at: afterDay) {
            return (end, Phrase(day: day, time: time))
        }
        if needsContext && !hasPreposition { return nil }
        return (afterDay, Phrase(day: day, time: nil))
    }

    private func timeFirst() -> (end: Int, phrase: Phrase)? {
        guard let (afterTime, time) = time(at: start) else { return nil }
        // The time already says this is a date, so short or bare day words need no preposition here.
        let dayStart = key(afterTime) == "on" ? afterTime + 1 : afterTime
        if let (end, day, _) = day(at: dayStart, afterPreposition: dayStart > afterTime), day.acceptsTime {
            return (end, Phrase(day: day, time: time))
        }
        return (afterTime, Phrase(day: nil, time: time))
    }

    /// A day phrase; `needsContext` when it names a day only after a preposition or next to a time.
    private func day(at index: Int, afterPreposition: Bool) -> (end: Int, day: Phrase.Day, needsContext: Bool)? {
        guard let word = key(index) else { return nil }
        switch word {
        case "today": return (index + 1, .today, false)
        case "tonight": return (index + 1, .tonight, false)
        case _ where Vocabulary.tomorrow.contains(word): return (index + 1, .tomorrow, false)
        case "weekend": return (index + 1, .weekend(isNext: false), true)
        case "the" where afterPreposition && key(index + 1) == "weekend":
            return (index + 2, .weekend(isNext: false), false)
        case "this", "next":
            guard let day = relativeDay(key(index + 1), isNext: word == "next") else { return nil }
            return (index + 2, day, false)
        case "in":
            guard let count = key(index + 1).flatMap(Vocabulary.count),
                let unit = key(index + 2).flatMap({ Vocabulary.units[$0] })
            else { return nil }
            return (index + 3, .later(count, unit), false)
        default:
            if let weekday = Vocabulary.weekdays[word] {
                return (index + 1, .weekday(weekday, isNext: false), Vocabulary.ambiguousWeekdays.contains(word))
            }
            if word.utf8.count == 10, let date = CivilDate(word) { return (index + 1, .date(date), false) }
            return calendarDay(at: index).map { ($0.end, $0.day, false) }
        }
    }

    /// What follows "this" or "next".
    private func relativeDay(_ word: String?, isNext: Bool) -> Phrase.Day? {
        guard let word else { return nil }
        if word == "weekend" { return .weekend(isNext: isNext) }
        if word == "week" { return isNext ? .nextWeek : nil }
        return Vocabulary.weekdays[word].map { .weekday($0, isNext: isNext) }
    }

    /// "31 jan", "31st of january", "jan 31", "january 31st", each with an optional year.
    private func calendarDay(at index: Int) -> (end: Int, day: Phrase.Day)? {
        guard let word = key(index) else { return nil }
        let month: Int
        let day: Int
        var end: Int
        if let named = Vocabulary.months[word], let number = key(index + 1).flatMap(Vocabulary.dayOfMonth) {
            (month, day, end) = (named, number, index + 2)
        } else if let number = Vocabulary.dayOfMonth(word) {
            let monthIndex = key(index + 1) == "of" ? index + 2 : index + 1
            guard let named = key(monthIndex).flatMap({ Vocabulary.months[$0] }) else { return nil }
            (month, day, end) = (named, number, monthIndex + 1)
        } else {
            return nil
        }
        let year = key(end).flatMap(Vocabulary.year)
        if year != nil { end += 1 }
        return (end, .monthDay(month: month, day: day, year: year))
    }

    /// A time of day, optionally after "at".
    private func time(at index: Int) -> (end: Int, time: Phrase.WallTime)? {
        let timeStart = key(index) == "at" ? index + 1 : index
        guard let word = key(timeStart) else { return nil }
        if word == "noon" || word == "midday" { return (timeStart + 1, .noon) }
        guard let reading = QuickAddClock.Reading(word),
            let (time, usesFollowing) = reading.wallTime(following: key(timeStart + 1))
        else { return nil }
        return (timeStart + (usesFollowing ? 2 : 1), time)
    }
}
