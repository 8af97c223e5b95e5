import DoableCore
import Foundation
import DoableArt

/// TASK-10: the task page's "Repeat" group, inside the task form (Save sends it with the other fields). Without
/// the script every control is there; the stylesheet hides the ones the chosen frequency does not use.
enum RepeatFields {
    static let weekdayNames = MemberTime.weekdayNames

    /// The group for `form`, weekdays in the member's week order (`weekStart`, Monday = 0); `firstDay` names
    /// the due date's day in "the due date's day (23rd)".
    static func html(_ form: RepeatForm, errors: FormErrors, weekStart: Int, firstDay: CivilDate?) -> HTML {
        typealias Name = RepeatForm.Name
        let frequency = Field.select(
            Name.frequency, label: "Repeat",
            options: [
                ("none", "Does not repeat"), ("daily", "Daily"), ("weekly", "Weekly"), ("monthly", "Monthly"),
                ("yearly", "Yearly"), ("custom", "Custom rule (below)"),
            ], selected: form.frequency.rawValue, errors: errors)
        let every = Field.input(
            Name.every, label: "Every", value: form.every, type: "number",
            hint: "Days, weeks, months or years apart: 2 is every other one.", required: true,
            errors: errors,
            extra: " min=\"1\" max=\"1000\" inputmode=\"numeric\"")
        let days = (0..<7).map { (weekStart + $0) % 7 }.html { day in
            """
            <label class="chip-check"><input type="checkbox" name="\(Name.weekdays)" value="\(RepeatForm.weekdayCodes[day])" aria-label="\(weekdayNames[day])"\(attribute: "checked", if: form.weekdays.contains(day))> \(weekdayNames[day].prefix(3))</label>
            """
        }
        let dueDay = firstDay.map { " (\(ordinal($0.day)))" } ?? ""
        let monthDays =
            [("", "the due date's day\(dueDay)")] + (1...31).map { ("\($0)", ordinal($0)) }
            + [("-1", "the last day")]
        let weekNumbers = [
            ("1", "first"), ("2", "second"), ("3", "third"), ("4", "fourth"), ("5", "fifth"),
            ("-1", "last"),
        ]
        let weekdays = (0..<7).map { (weekStart + $0) % 7 }.map { (RepeatForm.weekdayCodes[$0], weekdayNames[$0]) }
        return """
            <fieldset class="repeat" id="repeat"><legend class="visually-hidden">Repeat</legend>
            <input type="hidden" name="\(Name.shownText)" value="\(form.shownText)">
            <div class="field-row">\(frequency)<div class="repeat-every">\(every)</div></div>
            <fieldset class="repeat-weekly label-filter"><legend>On days</legend>\(days)
            <p class="hint">None ticked: the due date's weekday.</p></fieldset>
            <fieldset class="repeat-monthly"><legend>Each month on</legend>
            <div class="repeat-option"><label><input type="radio" name="\(Name.monthlyBy)" value="day"\(attribute: "checked", if: form.monthlyBy == .day)> The day</label>
            \(select(Name.monthDay, label: "Day of the month", monthDays, form.monthDay, errors))</div>
            <div class="repeat-option"><label><input type="radio" name="\(Name.monthlyBy)" value="weekday"\(attribute: "checked", if: form.monthlyBy == .weekday)> The</label>
            \(select(Name.weekNumber, label: "Which one in the month", weekNumbers, form.weekNumber, errors))
            \(select(Name.weekday, label: "Weekday of the month", weekdays, RepeatForm.weekdayCodes[form.weekday], errors))</div>
            \(error(Name.monthDay, errors))\(error(Name.weekNumber, errors))
            </fieldset>
            <fieldset class="repeat-ends"><legend>Ends</legend>
            <div class="repeat-option"><label><input type="radio" name="\(Name.end)" value="never"\(attribute: "checked", if: form.end == .never)> Never</label></div>
            <div class="repeat-option"><label><input type="radio" name="\(Name.end)" value="count"\(attribute: "checked", if: form.end == .count)> After</label>
            <input type="number" id="f-\(Name.count)" name="\(Name.count)" value="\(form.count)" min="1" max="1000" inputmode="numeric" class="repeat-count" aria-label="Number of times"\(aria(Name.count, errors))> times</div>
            <div class="repeat-option"><label><input type="radio" name="\(Name.end)" value="until"\(attribute: "checked", if: form.end == .until)> On</label>
            <input type="date" id="f-\(Name.until)" name="\(Name.until)" value="\(form.until)" aria-label="End date"\(aria(Name.until, errors))></div>
            \(error(Name.count, errors))\(error(Name.until, errors))
            </fieldset>
            <fieldset class="repeat-basis"><legend>Next date counts from</legend>
            <div class="repeat-option"><label><input type="radio" name="\(Name.basis)" value="due"\(attribute: "checked", if: form.basis == .due)> The due date</label></div>
            <div class="repeat-option"><label><input type="radio" name="\(Name.basis)" value="completion"\(attribute: "checked", if: form.basis == .completion)> The completion date</label></div>
            <p class="hint">From the completion date, a task done late comes back a full period after it was done.</p>
            </fieldset>
            <details class="repeat-advanced"\(attribute: "open", if: form.frequency == .custom || errors.byField[Name.text] != nil)><summary>Advanced: the rule as text</summary>
            \(Field.input(Name.text, label: "Repeat rule (RRULE)", value: form.text, hint: "RFC 5545, like FREQ=MONTHLY;BYDAY=2TU;COUNT=6. A changed rule here wins over the fields above.", errors: errors, extra: " maxlength=\"500\" autocomplete=\"off\" spellcheck=\"false\""))
            </details>
            </fieldset>
            """
    }

    /// "1st", "2nd", "23rd", as the rule's words write them.
    static func ordinal(_ number: Int) -> String { RecurrenceRule.numbered(number) }

    private static func select(
        _ name: String, label: String, _ options: [(String, String)], _ selected: String,
        _ errors: FormErrors
    ) -> HTML {
        let choices = options.html { value, title in
            "<option value=\"\(value)\"\(attribute: "selected", if: value == selected)>\(title)</option>"
        }
        return "<select id=\"f-\(name)\" name=\"\(name)\" aria-label=\"\(label)\"\(aria(name, errors))>\(choices)</select>"
    }

    /// The attributes tying a control to its error, as `Field` does.
    private static func aria(_ name: String, _ errors: FormErrors) -> HTML {
        errors.byField[name] == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"f-\(name)-error\""
    }

    private static func error(_ name: String, _ errors: FormErrors) -> HTML {
        errors.byField[name].map { "<p class=\"field-error\" id=\"f-\(name)-error\">\($0)</p>" } ?? ""
    }
}

extension TaskItem {
    /// TASK-10: how the task repeats in words ("Every 2 weeks on Monday, 5 times"), nil when it does not.
    func repeatWords(in zone: TimeZone) -> String? {
        guard let recurrence, let rule = try? RecurrenceRule(rrule: recurrence) else { return nil }
        let words = rule.describedInWords(start: due ?? start, in: zone)
        return recurrenceBasis == .completion ? words + ", from completion" : words
    }
}
