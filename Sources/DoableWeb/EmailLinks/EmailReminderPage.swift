import DoableArt
import DoableCore
import DoableDelivery
import DoableDomain

/// NOTIF-2: a reminder's email link: what the reminder will do next, snoozing it (presets or a time), silencing it,
/// and stopping these emails.
struct EmailReminderPage {
    var visit: EmailLinkVisit
    var reminder: Reminder
    var task: TaskItem
    var errors: FormErrors
    /// The custom snooze time typed.
    var until: String

    var page: EmailLinkPage {
        let time = visit.time
        let due: HTML? = task.due.map { "<p class=\"subtitle\">Due \(time.dueWords($0, isCompleted: false).text)</p>" }
        let state: HTML =
            if task.status == .completed || task.deletedAt != nil {
                "The task is done or in the trash, so there is nothing to remind you of."
            } else if reminder.silenced {
                "This reminder is silenced until the task's next occurrence."
            } else if let snoozed = reminder.snoozedUntil {
                "Snoozed until \(time.words(time.date(of: snoozed))) \(time.time(of: snoozed))."
            } else if let next = reminder.nextAt {
                "Next reminder: \(time.words(time.date(of: next))) \(time.time(of: next))."
            } else if let fired = reminder.firedFor {
                "It reminded you \(time.words(time.date(of: fired))) \(time.time(of: fired)); snooze it to hear it again."
            } else {
                "No further reminder is due."
            }
        let zone = visit.identity.account.preferences.timeZone
        let custom = Field.input(
            "until", label: "Snooze until", value: until, type: "datetime-local",
            hint: "A date and time in your time zone (\(zone)).", required: true, errors: errors)
        return EmailLinkPage(
            title: "Reminder: \(task.title)",
            main: """
                \(due)
                <p class="notice" role="status">\(state)</p>
                \(errors.summary)
                <section class="email-action" aria-labelledby="snooze-heading"><h2 id="snooze-heading">Snooze</h2>
                <form method="post" action="\(visit.base)/snooze" class="actions">
                <button type="submit" class="button" name="preset" value="5m">Snooze 5 minutes</button>
                <button type="submit" class="button" name="preset" value="1h">Snooze 1 hour</button>
                <button type="submit" class="button" name="preset" value="tomorrow">Snooze until tomorrow 09:00</button>
                </form>
                <form method="post" action="\(visit.base)/snooze" class="snooze-custom" novalidate>
                \(custom)
                <button type="submit" class="button">Snooze until then</button>
                </form>
                </section>
                <section class="email-action" aria-labelledby="silence-heading"><h2 id="silence-heading">Silence</h2>
                <p>No more reminders from this one; a repeating task's next occurrence reminds you again.</p>
                <form method="post" action="\(visit.base)/silence">
                <button type="submit" class="button">Silence this reminder</button>
                </form>
                </section>
                \(StopEmailsSection(visit: visit).html)
                <p><a href="/tasks/\(task.id)">Open the task in Doable</a> (you may need to sign in)</p>
                """)
    }
}
