import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// INTEROP-4 and NOTIF-5 in the browser: the member's webhooks, a form to add one (its signing secret shown once),
/// deleting one, and the log of recent email and webhook deliveries (`WebhooksPage`).
struct WebhooksWebController: WebArea {
    let shell: WebShell
    let reminders: ReminderService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/webhooks") { _, context in
            _ = try member(context)
            return try await webhooksPage(context, form: FormData(), errors: FormErrors())
        }
        web.post("settings/webhooks") { _, context in try await createWebhook(context) }
        web.post("settings/webhooks/{id}/delete") { _, context in try await deleteWebhook(context) }
        web.post("settings/webhooks/{id}/test") { _, context in try await testWebhook(context) }
    }

    /// Issue 29: "Send test" queues one signed `webhook.test` call; its outcome shows in the deliveries below.
    private func testWebhook(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: WebhookID = try context.pathID()
        guard let hook = try await reminders.webhooks(identity).first(where: { $0.id == id }) else {
            throw DoableError.notFound("No such webhook.")
        }
        _ = try await reminders.sendTest(identity, webhookID: id)
        return WebResponse.done(
            context, redirect: "/settings/webhooks#deliveries-heading",
            toast: Flash(message: "Sent a test to \(hook.url). Its outcome shows under Recent deliveries."),
            forceRedirect: true)
    }

    /// The webhooks page; `created` is a webhook just made, whose secret this one answer shows (never a cookie).
    private func webhooksPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        created: Webhook? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        async let loadedHooks = reminders.webhooks(identity)
        async let loadedLog = reminders.deliveries(identity, limit: 30)
        let hooks = try await loadedHooks.sorted { $0.createdAt < $1.createdAt }
        let log = try await loadedLog
        let content = WebhooksPage(
            hooks: hooks, log: log, created: created, time: MemberTime(preferences: identity.account.preferences),
            form: form, errors: errors, csrf: csrfField(context))
        return try await settingsPage(context, .webhooks, body: content.body, status: status)
    }

    private func createWebhook(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        var status = HTTPResponse.Status.badRequest
        let errors: FormErrors
        do {
            let hook = try await reminders.createWebhook(identity, url: form["url"] ?? "", events: form.all("events"))
            // The secret goes into this answer only: a redirect would have to carry it in a cookie.
            return try await webhooksPage(
                context, form: FormData(), errors: FormErrors(), created: hook,
                status: .created)
        } catch let error as DoableError {
            status = error.httpStatus
            errors = FormErrors(error, fields: ["url", "events"])
        }
        return try await webhooksPage(context, form: form, errors: errors, status: status)
    }

    private func deleteWebhook(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: WebhookID = try context.pathID()
        guard let hook = try await reminders.webhooks(identity).first(where: { $0.id == id }) else {
            throw DoableError.notFound("No such webhook.")
        }
        guard context.web.form.isOn("confirmed") else {
            return try await confirmPage(
                context, title: "Delete the webhook to \(hook.url)?",
                message: "Doable stops calling it at once. This cannot be undone: its secret is gone, and a new "
                    + "webhook gets a new one.",
                action: "/settings/webhooks/\(hook.id)/delete", button: "Delete")
        }
        try await reminders.deleteWebhook(identity, id: id)
        return WebResponse.done(
            context, redirect: "/settings/webhooks",
            toast: Flash(message: "Deleted the webhook to \(hook.url)."))
    }
}
