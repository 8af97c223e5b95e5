import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import Logging
import DoableDelivery
import DoableArt

/// NOTIF-2 and NOTIF-3: the pages links in emails open, without signing in. The signed token in the path
/// (`EmailLink`) is the authority: it names the account, the kind of email and the reminder, and expires after 30
/// days. `GET /email/{token}` snoozes, silences or stops these emails by buttons that POST; `GET
/// /email/{token}/unsubscribe` asks first. A GET never changes anything, since mail scanners open links by
/// themselves. `POST /email/{token}/unsubscribe` with `List-Unsubscribe=One-Click` is the mail client's one-click
/// unsubscribe (RFC 8058): it carries no cookies, so these routes check the token instead of a CSRF token.
extension WebController {
    func addEmailLinkRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("email/{token}") { _, context in
            try await withEmailLink(context) { visit, context in try await emailManagePage(visit, context) }
        }
        web.post("email/{token}/snooze") { _, context in
            try await withEmailLink(context) { visit, context in try await snoozeFromEmail(visit, context) }
        }
        web.post("email/{token}/silence") { _, context in
            try await withEmailLink(context) { visit, context in try await silenceFromEmail(visit, context) }
        }
        web.get("email/{token}/unsubscribe") { _, context in
            try await withEmailLink(context) { visit, context in try await unsubscribePage(visit, context) }
        }
        web.post("email/{token}/unsubscribe") { _, context in
            try await withEmailLink(context) { visit, context in try await unsubscribe(visit, context) }
        }
    }

    /// Whether a path is an email link's, whose POSTs the token authorizes instead of the CSRF token.
    static func isEmailLinkPath(_ path: String) -> Bool { path.hasPrefix("/email/") }

    /// An email link checked: its token, what it names, and the account it acts as.
    struct EmailLinkVisit {
        let token: String
        let link: EmailLink
        let identity: Identity

        var base: String { "/email/\(token)" }
        var time: MemberTime { MemberTime(preferences: identity.account.preferences) }
    }

    /// Runs `body` for a valid link, as its account; answers a clear page for a bad, expired or orphaned one. The
    /// page shows no signed-in chrome: the browser may be signed in as someone else, or not at all.
    private func withEmailLink(
        _ context: WebRequestContext, _ body: (EmailLinkVisit, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.identity = nil
        let now = Timestamp.now
        guard let token = context.parameters.get("token"),
            let link = EmailLink(token: token, key: try await domain.emailLinkKey(), now: now)
        else {
            return try await emailPage(
                context, title: "This link does not work", status: .badRequest,
                main: """
                    <p>The link is incomplete, was changed, or is older than 30 days: links in emails work for 30 days.</p>
                    <p>To choose which emails you get, sign in and open
                    <a href="/settings/notifications">Notification settings</a>.</p>
                    """)
        }
        guard let account = try await domain.linkedAccount(link.accountID) else {
            return try await emailPage(
                context, title: "This account no longer exists", status: .notFound,
                main: """
                    <p>The account this email was sent for was deleted or disabled, so Doable sends it nothing more.</p>
                    """)
        }
        let credential = Credential(
            id: .make(at: now), accountID: account.id, kind: .accessToken, name: "email link",
            scope: .readWrite, secretHash: "", createdAt: now, expiresAt: link.expiresAt)
        let visit = EmailLinkVisit(
            token: token, link: link,
            identity: Identity(account: account, credential: credential))
        context.logger[metadataKey: "doable.user.id"] = "\(account.id)"
        return try await body(visit, context)
    }

    private func emailPage(
        _ context: WebRequestContext, title: String, status: HTTPResponse.Status = .ok,
        main: HTML
    ) async throws -> Response {
        var page = WebPage(
            title: title,
            main: """
                <div class="narrow email-link">
                <h1>\(title)</h1>
                \(main)
                </div>
                """)
        page.status = status
        return try await self.page(page, context)
    }

    // MARK: Managing a reminder

    private func emailManagePage(
        _ visit: EmailLinkVisit, _ context: WebRequestContext,
        errors: FormErrors = FormErrors(), until: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let stop = stopEmailsSection(visit)
        guard let reminderID = visit.link.reminderID else {
            return try await emailPage(
                context, title: "Emails about \(visit.link.kind.emailTopic)",
                status: status, main: stop)
        }
        let reminder: Reminder, task: TaskItem
        do {
            (reminder, task) = try await domain.reminders.reminder(visit.identity, id: reminderID)
        } catch DoableError.notFound {
            return try await emailPage(
                context, title: "This reminder is gone", status: status,
                main: """
                    <p>The reminder, or its task, was deleted, or you no longer have access to the task.</p>
                    \(stop)
                    """)
        }
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
        return try await emailPage(
            context, title: "Reminder: \(task.title)", status: status,
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
                \(stop)
                <p><a href="/tasks/\(task.id)">Open the task in Doable</a> (you may need to sign in)</p>
                """)
    }

    private func stopEmailsSection(_ visit: EmailLinkVisit) -> HTML {
        let kind = visit.link.kind.emailKind
        guard visit.identity.account.preferences.notificationChannels.channels(for: kind).email else {
            return """
                <section class="email-action" aria-labelledby="stop-heading"><h2 id="stop-heading">Emails</h2>
                <p>You no longer get emails about \(kind.emailTopic). To turn them back on, sign in and open
                <a href="/settings/notifications">Notification settings</a>.</p></section>
                """
        }
        return """
            <section class="email-action" aria-labelledby="stop-heading"><h2 id="stop-heading">Stop these emails</h2>
            <p>No more emails about \(kind.emailTopic). Doable's notification centre still shows them.</p>
            <form method="post" action="\(visit.base)/unsubscribe"><input type="hidden" name="from" value="page">
            <button type="submit" class="button danger">Stop emails about \(kind.emailTopic)</button>
            </form></section>
            """
    }

    private func snoozeFromEmail(_ visit: EmailLinkVisit, _ context: WebRequestContext) async throws -> Response {
        guard let reminderID = visit.link.reminderID else { return try await emailManagePage(visit, context) }
        let form = context.web.form
        let time = visit.time
        var errors = FormErrors()
        let snooze: ReminderService.Snooze?
        switch form["preset"] {
        case "5m": snooze = .minutes(5)
        case "1h": snooze = .minutes(60)
        case "tomorrow": snooze = .tomorrowMorning
        default:
            snooze = Self.localMoment(form.text("until"), time: time).map { .until($0) }
            if snooze == nil { errors.byField["until"] = "Choose a date and a time, like tomorrow at 08:30." }
        }
        var status = HTTPResponse.Status.badRequest
        if let snooze {
            do {
                let reminder = try await domain.reminders.snoozeReminder(visit.identity, id: reminderID, snooze)
                let until = reminder.snoozedUntil.map { "\(time.words(time.date(of: $0))) \(time.time(of: $0))" }
                return WebResponse.done(
                    context, redirect: visit.base,
                    toast: Flash(message: "Snoozed until \(until ?? "later")."))
            } catch let error as DoableError {
                status = error.httpStatus
                errors = FormErrors(error, fields: ["until"])
            }
        }
        return try await emailManagePage(visit, context, errors: errors, until: form["until"] ?? "", status: status)
    }

    /// A `datetime-local` value (`2026-11-24T08:30`, seconds allowed) as a moment in the member's time zone.
    static func localMoment(_ text: String?, time: MemberTime) -> Timestamp? {
        guard let text, text.utf8.count <= 32 else { return nil }
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, let day = CivilDate(String(parts[0])) else { return nil }
        return time.moment(on: day, at: String(parts[1]))
    }

    private func silenceFromEmail(_ visit: EmailLinkVisit, _ context: WebRequestContext) async throws -> Response {
        guard let reminderID = visit.link.reminderID else { return try await emailManagePage(visit, context) }
        do {
            _ = try await domain.reminders.updateReminder(visit.identity, id: reminderID, trigger: nil, silenced: true)
        } catch let error as DoableError {
            var errors = FormErrors()
            errors.general = WebErrorMiddleware.message(of: error)
            return try await emailManagePage(visit, context, errors: errors, status: error.httpStatus)
        }
        return WebResponse.done(
            context, redirect: visit.base,
            toast: Flash(
                message: "Silenced. This reminder stays quiet until the task's next occurrence."))
    }

    // MARK: Unsubscribing

    private func unsubscribePage(_ visit: EmailLinkVisit, _ context: WebRequestContext) async throws -> Response {
        let topic = visit.link.kind.emailKind.emailTopic
        let isOn = visit.identity.account.preferences.notificationChannels.channels(for: visit.link.kind.emailKind).email
        guard isOn else {
            return try await emailPage(
                context, title: "You no longer get emails about \(topic)",
                main: """
                    <p>Doable's notification centre still shows them, if it is on for them. To change this, sign in and open
                    <a href="/settings/notifications">Notification settings</a>.</p>
                    """)
        }
        return try await emailPage(
            context, title: "Stop emails about \(topic)?",
            main: """
                <p>Doable will send no more emails about \(topic) to \(visit.identity.account.email). Its notification
                centre still shows them, and you can turn emails back on in
                <a href="/settings/notifications">Notification settings</a>.</p>
                <form method="post" action="\(visit.base)/unsubscribe"><input type="hidden" name="from" value="page">
                <button type="submit" class="button danger">Stop these emails</button>
                </form>
                """)
    }

    /// Turns the kind's email channel off through the one profile update; a page's button comes back to the
    /// unsubscribe page, a mail client's one-click POST gets a short answer.
    private func unsubscribe(_ visit: EmailLinkVisit, _ context: WebRequestContext) async throws -> Response {
        let kind = visit.link.kind.emailKind
        var preferences = PreferencesPatch()
        preferences.byKind[kind] = ChannelsPatch(email: false)
        var patch = ProfilePatch()
        patch.preferences = preferences
        _ = try await domain.accounts.updateProfile(visit.identity, patch)
        let message = "You will no longer get emails about \(kind.emailTopic)."
        if context.web.form["from"] == "page" {
            return WebResponse.done(context, redirect: "\(visit.base)/unsubscribe", toast: Flash(message: message))
        }
        return try await emailPage(context, title: "Unsubscribed", main: "<p>\(message)</p>")
    }
}
