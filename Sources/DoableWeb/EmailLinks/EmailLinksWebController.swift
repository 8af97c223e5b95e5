import DoableCore
import DoableDelivery
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// NOTIF-2 and NOTIF-3: the pages links in emails open, without signing in. The signed token in the path
/// (`EmailLink`) is the authority: it names the account, the kind of email and the reminder, and expires after 30
/// days. `GET /email/{token}` snoozes, silences or stops these emails by buttons that POST; `GET
/// /email/{token}/unsubscribe` asks first. A GET never changes anything, since mail scanners open links by
/// themselves. `POST /email/{token}/unsubscribe` with `List-Unsubscribe=One-Click` is the mail client's one-click
/// unsubscribe (RFC 8058): it carries no cookies, so these routes check the token instead of a CSRF token.
struct EmailLinksWebController: WebArea {
    let shell: WebShell
    /// The shared core: the key that signs email links, and the account a link names.
    let domain: Domain
    let accounts: AccountService
    let reminders: ReminderService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("email/{token}") { _, context in
            try await withEmailLink(context) { visit, context in try await emailManagePage(visit, context) }
        }
        web.post("email/{token}/snooze") { _, context in
            try await withEmailLink(context) { visit, context in try await snoozeFromEmail(visit, context) }
        }
        web.post("email/{token}/done") { _, context in
            try await withEmailLink(context) { visit, context in try await doneFromLink(visit, context) }
        }
        web.post("email/{token}/silence") { _, context in
            try await withEmailLink(context) { visit, context in try await silenceFromEmail(visit, context) }
        }
        web.get("email/{token}/unsubscribe") { _, context in
            try await withEmailLink(context) { visit, context in
                try await emailPage(UnsubscribePage(visit: visit).page, context)
            }
        }
        web.post("email/{token}/unsubscribe") { _, context in
            try await withEmailLink(context) { visit, context in try await unsubscribe(visit, context) }
        }
    }

    /// Whether a path is an email link's, whose POSTs the token authorizes instead of the CSRF token.
    static func isEmailLinkPath(_ path: String) -> Bool { path.hasPrefix("/email/") }

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
            return try await emailPage(EmailLinkPage.badLink, context, status: .badRequest)
        }
        guard let account = try await domain.linkedAccount(link.accountID) else {
            return try await emailPage(EmailLinkPage.accountGone, context, status: .notFound)
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
        _ content: EmailLinkPage, _ context: WebRequestContext, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var view = content.page
        view.status = status
        return try await page(view, context)
    }

    // MARK: Managing a reminder

    private func emailManagePage(
        _ visit: EmailLinkVisit, _ context: WebRequestContext,
        errors: FormErrors = FormErrors(), until: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let reminderID = visit.link.reminderID else {
            return try await emailPage(EmailLinkPage.emails(visit), context, status: status)
        }
        let reminder: Reminder, task: TaskItem
        do {
            (reminder, task) = try await reminders.reminder(visit.identity, id: reminderID)
        } catch DoableError.notFound {
            return try await emailPage(EmailLinkPage.reminderGone(visit), context, status: status)
        }
        let content = EmailReminderPage(visit: visit, reminder: reminder, task: task, errors: errors, until: until)
        return try await emailPage(content.page, context, status: status)
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
                let reminder = try await reminders.snoozeReminder(visit.identity, id: reminderID, snooze)
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

    /// REACH-3: "Done" on a push notification (the service worker posts the link its encrypted message carried): the
    /// reminder's task is completed, as the task page's check box would.
    private func doneFromLink(_ visit: EmailLinkVisit, _ context: WebRequestContext) async throws -> Response {
        guard let reminderID = visit.link.reminderID else { return try await emailManagePage(visit, context) }
        let task: TaskItem
        do {
            (_, task) = try await reminders.reminder(visit.identity, id: reminderID)
        } catch DoableError.notFound {
            return try await emailPage(EmailLinkPage.reminderGone(visit), context, status: .notFound)
        }
        _ = try await domain.tasks.completeTask(visit.identity, id: task.id, includeSubtasks: false)
        return WebResponse.done(context, redirect: visit.base, toast: Flash(message: "Done: \(task.title)"))
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
            _ = try await reminders.updateReminder(visit.identity, id: reminderID, trigger: nil, silenced: true)
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

    /// Turns the kind's email channel off through the one profile update; a page's button comes back to the
    /// unsubscribe page, a mail client's one-click POST gets a short answer.
    private func unsubscribe(_ visit: EmailLinkVisit, _ context: WebRequestContext) async throws -> Response {
        let kind = visit.link.kind.emailKind
        var preferences = PreferencesPatch()
        preferences.byKind[kind] = ChannelsPatch(email: false)
        var patch = ProfilePatch()
        patch.preferences = preferences
        _ = try await accounts.updateProfile(visit.identity, patch)
        let message = "You will no longer get emails about \(kind.emailTopic)."
        if context.web.form["from"] == "page" {
            return WebResponse.done(context, redirect: "\(visit.base)/unsubscribe", toast: Flash(message: message))
        }
        return try await emailPage(UnsubscribePage.unsubscribed(message), context)
    }
}
