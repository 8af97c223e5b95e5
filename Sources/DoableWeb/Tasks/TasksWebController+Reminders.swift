import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// NOTIF-1 and NOTIF-3 from the task page's and Today's forms: add a reminder (relative to the due or start date,
/// or at a date and time in the member's zone), delete it (Undo sets it again), silence or unsilence it (Undo
/// flips it back), snooze it. Reminders are the member's own: anyone who can see the task sets them, viewers too.
extension TasksWebController {
    func addReminderRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("tasks/{id}/reminders") { _, context in try await addReminder(context) }
        web.post("tasks/{id}/reminders/{reminderId}/delete") { _, context in try await deleteReminder(context) }
        web.post("tasks/{id}/reminders/{reminderId}/silence") { _, context in try await silenceReminder(context) }
        web.post("tasks/{id}/reminders/{reminderId}/snooze") { _, context in try await snoozeReminder(context) }
    }

    /// The form's fields the Domain's refusals map to (`at` is the date and time together).
    static let reminderFields: Set<String> = ["amount", "anchor", "date", "time"]
    /// The Domain refuses more than a year (366 days) too; this keeps the multiplication in range.
    static let maximumReminderOffsetMinutes = 366 * 24 * 60

    private func addReminder(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let taskID = try taskID(context)
        let form = context.web.form
        let time = MemberTime(preferences: identity.account.preferences)
        do {
            let trigger = try Self.trigger(form, time: time)
            let reminder = try await reminders.createReminder(identity, taskID: taskID, trigger: trigger)
            return WebResponse.done(
                context, redirect: Self.safeBack(form["back"], default: "/tasks/\(taskID)#reminders"),
                toast: Flash(
                    message: "Reminder added: \(ReminderWords(time: time).trigger(trigger).lowercasedFirst)",
                    undo: UndoToken([.deleteReminder(reminder.id)]).encoded),
                focus: "reminder-\(reminder.id)")
        } catch let error as DoableError where Self.isReminderFormError(error) {
            let errors = FormErrors(
                error, fields: Self.reminderFields,
                rename: [
                    "at": "date", "offsetMinutes": "amount", "relativeTo": "anchor",
                ])
            if context.web.wantsJSON {
                if let first = errors.byField.first {
                    return WebResponse.refusedJSON(.invalid(field: first.key, message: first.value))
                }
                throw error
            }
            return try await taskPage(
                context, identity: identity, id: taskID, form: nil, errors: FormErrors(),
                reminderDraft: ReminderDraft(form: form, errors: errors))
        }
    }

    /// The trigger the add forms ask for: `kind=at` with `date` and `time`, or `kind=relative` with `amount`,
    /// `unit` (minutes, hours, days), `direction` (before, after) and `anchor` (due, start).
    static func trigger(_ form: FormData, time: MemberTime) throws -> Reminder.Trigger {
        if form["kind"] == "at" {
            guard let day = form.text("date").flatMap(CivilDate.init) else {
                throw DoableError.invalid("date", "Choose the day to be reminded on.")
            }
            guard let clock = form.text("time"), let moment = time.moment(on: day, at: clock) else {
                throw DoableError.invalid("time", "Choose the time to be reminded at, as HH:MM.")
            }
            return .at(moment)
        }
        guard let amount = form.text("amount").flatMap({ Int($0) }), amount >= 0 else {
            throw DoableError.invalid("amount", "Enter a whole number, like 15.")
        }
        let unit =
            switch form["unit"] {
            case "days": 1440
            case "hours": 60
            default: 1
            }
        let (minutes, overflow) = amount.multipliedReportingOverflow(by: unit)
        guard !overflow, minutes <= Self.maximumReminderOffsetMinutes else {
            throw DoableError.invalid("amount", "A reminder can be at most a year (366 days) before or after the date.")
        }
        guard let anchor = Reminder.Anchor(rawValue: form["anchor"] ?? "") else {
            throw DoableError.invalid("anchor", "Choose the due date or the start date.")
        }
        return .relative(to: anchor, offsetMinutes: form["direction"] == "after" ? minutes : -minutes)
    }

    private func deleteReminder(_ context: WebRequestContext) async throws -> Response {
        let (identity, taskID, reminder) = try await reminderActedOn(context)
        try await reminders.deleteReminder(identity, id: reminder.id)
        // Undo sets it again; a moment that has passed cannot be set again, so that one has no Undo.
        let now = MemberTime(preferences: identity.account.preferences).now
        var undo: String?
        if case .at(let moment) = reminder.trigger, moment < now {
        } else {
            undo = UndoToken([.reminder(taskID, reminder.trigger, silenced: reminder.silenced)]).encoded
        }
        return WebResponse.done(
            context, redirect: back(context, taskID),
            toast: Flash(
                message: "Reminder deleted", undo: undo))
    }

    private func silenceReminder(_ context: WebRequestContext) async throws -> Response {
        let (identity, taskID, reminder) = try await reminderActedOn(context)
        let silenced = context.web.form.isOn("silenced")
        _ = try await reminders.updateReminder(identity, id: reminder.id, trigger: nil, silenced: silenced)
        let undo =
            reminder.silenced == silenced
            ? nil
            : UndoToken([.silenceReminder(reminder.id, reminder.silenced)]).encoded
        return WebResponse.done(
            context, redirect: back(context, taskID),
            toast: Flash(
                message: silenced ? "Reminder silenced" : "Reminder on again", undo: undo))
    }

    /// `preset` 5m, 1h or tomorrow, else `untilDate` and `untilTime` in the member's zone.
    private func snoozeReminder(_ context: WebRequestContext) async throws -> Response {
        let (identity, taskID, reminder) = try await reminderActedOn(context)
        let form = context.web.form
        let time = MemberTime(preferences: identity.account.preferences)
        do {
            let snooze: ReminderService.Snooze
            switch form["preset"] {
            case "5m": snooze = .minutes(5)
            case "1h": snooze = .minutes(60)
            case "tomorrow": snooze = .tomorrowMorning
            default:
                guard let day = form.text("untilDate").flatMap(CivilDate.init),
                    let moment = form.text("untilTime").flatMap({ time.moment(on: day, at: $0) })
                else {
                    throw DoableError.invalid("untilDate", "Choose a date and a time to snooze until.")
                }
                snooze = .until(moment)
            }
            let snoozed = try await reminders.snoozeReminder(identity, id: reminder.id, snooze)
            let until = snoozed.snoozedUntil.map { ReminderWords(time: time).near($0) } ?? ""
            return WebResponse.done(
                context, redirect: back(context, taskID),
                toast: Flash(message: "Snoozed until \(until)"))
        } catch let error as DoableError where Self.isReminderFormError(error) {
            let refusal = DoableError.invalid(field: "untilDate", message: WebErrorMiddleware.message(of: error))
            if context.web.wantsJSON { return WebResponse.refusedJSON(refusal) }
            // Without the script the page comes back with the message in the toast.
            return WebResponse.done(
                context, redirect: back(context, taskID),
                toast: Flash(message: WebErrorMiddleware.message(of: error)))
        }
    }

    /// The member, the task's id and the member's own reminder named in the path (404 for anyone else's).
    private func reminderActedOn(_ context: WebRequestContext) async throws -> (Identity, TaskID, Reminder) {
        let identity = try member(context)
        let taskID = try taskID(context)
        let id: ReminderID = try context.pathID("reminderId")
        guard let reminder = try await reminders.reminders(identity, taskID: taskID).first(where: { $0.id == id }) else {
            throw DoableError.notFound("Reminder not found.")
        }
        return (identity, taskID, reminder)
    }

    private func back(_ context: WebRequestContext, _ taskID: TaskID) -> String {
        Self.safeBack(context.web.form["back"], default: "/tasks/\(taskID)#reminders")
    }

    /// A refusal the form shows by its fields; others (no access, not found) get their own page.
    private static func isReminderFormError(_ error: DoableError) -> Bool {
        switch error {
        case .invalid, .conflict: true
        default: false
        }
    }
}
