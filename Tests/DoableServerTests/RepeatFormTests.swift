import DoableCore
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Testing

/// TASK-10: the task page's Repeat fields make the RRULE a member means, and show every rule they can say.
@Suite struct RepeatFormTests {
    private func posted(_ pairs: (String, String)...) -> RepeatForm { RepeatForm(form: FormData(pairs: pairs)) }

    private func rule(_ text: String) throws -> RecurrenceRule { try RecurrenceRule(rrule: text) }

    @Test func TASK10_theFieldsMakeTheRuleAMemberMeans() throws {
        #expect(try posted(("repeat", "none")).recurrence() == nil)
        #expect(try posted(("repeat", "daily"), ("repeatEvery", "1")).recurrence() == "FREQ=DAILY")
        #expect(
            try posted(
                ("repeat", "weekly"), ("repeatEvery", "2"), ("repeatDays", "WE"), ("repeatDays", "MO"),
                ("repeatEnds", "count"), ("repeatCount", "5")
            ).recurrence()
                == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=5")
        #expect(try posted(("repeat", "weekly")).recurrence() == "FREQ=WEEKLY")
        #expect(
            try posted(("repeat", "monthly"), ("repeatMonthly", "day"), ("repeatMonthDay", "15")).recurrence()
                == "FREQ=MONTHLY;BYMONTHDAY=15")
        #expect(
            try posted(("repeat", "monthly"), ("repeatMonthly", "day"), ("repeatMonthDay", "-1")).recurrence()
                == "FREQ=MONTHLY;BYMONTHDAY=-1")
        #expect(
            try posted(("repeat", "monthly"), ("repeatMonthly", "day"), ("repeatMonthDay", "")).recurrence()
                == "FREQ=MONTHLY")
        #expect(
            try posted(
                ("repeat", "monthly"), ("repeatMonthly", "weekday"), ("repeatWeekNumber", "2"),
                ("repeatWeekday", "TU")
            ).recurrence() == "FREQ=MONTHLY;BYDAY=2TU")
        #expect(
            try posted(
                ("repeat", "monthly"), ("repeatMonthly", "weekday"), ("repeatWeekNumber", "-1"),
                ("repeatWeekday", "FR"), ("repeatEnds", "until"), ("repeatUntil", "2027-06-30")
            )
            .recurrence() == "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270630")
        #expect(try posted(("repeat", "yearly"), ("repeatEvery", "3")).recurrence() == "FREQ=YEARLY;INTERVAL=3")
        // Fields of another frequency are left out: weekdays ticked before switching to daily do not count.
        #expect(
            try posted(("repeat", "daily"), ("repeatDays", "MO"), ("repeatMonthDay", "3")).recurrence()
                == "FREQ=DAILY")
        // "From the completion date" is the basis, not part of the rule.
        #expect(posted(("repeat", "daily"), ("recurrenceBasis", "completion")).basis == .completion)
    }

    @Test func TASK10_theRawRuleWinsWhenEditedOrChosen() throws {
        let shown = "FREQ=WEEKLY;BYDAY=MO"
        // Unchanged text: the fields decide.
        #expect(
            try posted(("repeat", "daily"), ("recurrence", shown), ("recurrenceShown", shown)).recurrence()
                == "FREQ=DAILY")
        // Edited text wins, canonical (parts in order, names upper case).
        #expect(
            try posted(("repeat", "weekly"), ("recurrence", "byday=fr;freq=weekly"), ("recurrenceShown", shown))
                .recurrence() == "FREQ=WEEKLY;BYDAY=FR")
        #expect(
            try posted(
                ("repeat", "custom"), ("recurrence", "FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4"),
                ("recurrenceShown", "FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4")
            ).recurrence()
                == "FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4")
        // Emptied text stops the repeat.
        #expect(try posted(("repeat", "weekly"), ("recurrence", ""), ("recurrenceShown", shown)).recurrence() == nil)
    }

    @Test func TASK10_badInputIsRefusedByTheFieldThatHoldsIt() {
        func field(_ form: RepeatForm, firstDay: CivilDate? = nil) -> String? {
            do {
                _ = try form.recurrence(firstDay: firstDay)
                return nil
            } catch DoableError.invalid(let field, _) {
                return field
            } catch {
                return "unexpected \(error)"
            }
        }
        #expect(field(posted(("repeat", "daily"), ("repeatEvery", "0"))) == "repeatEvery")
        #expect(field(posted(("repeat", "daily"), ("repeatEvery", "two"))) == "repeatEvery")
        #expect(field(posted(("repeat", "daily"), ("repeatEvery", "1001"))) == "repeatEvery")
        #expect(field(posted(("repeat", "daily"), ("repeatEnds", "count"), ("repeatCount", "0"))) == "repeatCount")
        #expect(field(posted(("repeat", "daily"), ("repeatEnds", "until"), ("repeatUntil", "soon"))) == "repeatUntil")
        #expect(
            field(
                posted(("repeat", "daily"), ("repeatEnds", "until"), ("repeatUntil", "2026-01-01")),
                firstDay: CivilDate("2026-02-01")) == "repeatUntil")
        #expect(field(posted(("repeat", "monthly"), ("repeatMonthDay", "32"))) == "repeatMonthDay")
        #expect(field(posted(("repeat", "custom"), ("recurrence", "FREQ=HOURLY"))) == "recurrence")
        #expect(field(posted(("repeat", "custom"), ("recurrence", "FREQ=DAILY;COUNT=0"))) == "recurrence")
    }

    @Test func TASK10_aTasksRuleShowsInTheFieldsAndComesBackTheSame() throws {
        let texts = [
            "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3;COUNT=10", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR",
            "FREQ=WEEKLY", "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231",
            "FREQ=MONTHLY", "FREQ=YEARLY;INTERVAL=2",
        ]
        for text in texts {
            let form = RepeatForm(rule: try rule(text), basis: .due)
            #expect(form.frequency != .custom, "\(text) shows as a custom rule")
            #expect(form.text == text && form.shownText == text)
            #expect(try form.recurrence() == text, "\(text) does not come back the same")
        }
        let weekly = RepeatForm(rule: try rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE"), basis: .completion)
        #expect(weekly.frequency == .weekly && weekly.every == "2" && weekly.weekdays == [0, 2])
        #expect(weekly.basis == .completion)
        let last = RepeatForm(rule: try rule("FREQ=MONTHLY;BYDAY=-1FR;COUNT=4"), basis: .due)
        #expect(last.monthlyBy == .weekday && last.weekNumber == "-1" && last.weekday == 4)
        #expect(last.end == .count && last.count == "4")
    }

    @Test func TASK10_rulesTheFieldsCannotSayShowAsCustom() throws {
        for text in [
            "FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=WEEKLY;WKST=SU",
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=DAILY;BYDAY=MO,TU",
            "FREQ=DAILY;UNTIL=20271231T120000Z",
        ] {
            let form = RepeatForm(rule: try rule(text), basis: .due)
            #expect(form.frequency == .custom, "\(text) should show as a custom rule")
            // Saved untouched, the rule stays as it was.
            #expect(try form.recurrence() == text)
        }
        #expect(RepeatForm(rule: nil, basis: .due).frequency == .none)
    }

    @Test func TASK10_switchingFrequencyStartsFromTheDueDate() {
        var form = RepeatForm(rule: nil, basis: .due)
        form.suggest(from: CivilDate("2026-11-24")!)  // the fourth Tuesday
        #expect(form.weekdays == [1] && form.weekday == 1 && form.weekNumber == "4")
        var late = RepeatForm(rule: nil, basis: .due)
        late.suggest(from: CivilDate("2026-12-29")!)  // the fifth Tuesday: "the last" is meant
        #expect(late.weekNumber == "-1")
    }

    @Test func NOTIF1_remindersReadAsWords() {
        let time = MemberTime(preferences: Preferences(), now: Timestamp(milliseconds: 1_795_600_800_000))
        let words = ReminderWords(time: time)
        #expect(words.trigger(.relative(to: .due, offsetMinutes: -15)) == "15 minutes before due")
        #expect(words.trigger(.relative(to: .due, offsetMinutes: -60)) == "1 hour before due")
        #expect(words.trigger(.relative(to: .start, offsetMinutes: 2880)) == "2 days after start")
        #expect(words.trigger(.relative(to: .due, offsetMinutes: -90)) == "90 minutes before due")
        #expect(words.trigger(.relative(to: .due, offsetMinutes: 0)) == "At the due time")
        let day = CivilDate("2026-11-24")!
        let moment = time.calendar.moment(on: day, hour: 9, minute: 0)
        #expect(words.trigger(.at(moment)) == "At Tue 24 Nov 09:00")
    }
}
