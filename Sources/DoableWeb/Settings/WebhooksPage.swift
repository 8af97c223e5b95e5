import DoableArt
import DoableCore
import DoableDomain

/// INTEROP-4 and NOTIF-5: the member's webhooks, a form to add one (its signing secret shown once, `created`), and
/// the log of recent email and webhook deliveries.
struct WebhooksPage {
    /// Oldest first.
    var hooks: [Webhook]
    var log: [(Delivery, [DeliveryAttempt])]
    var created: Webhook?
    var time: MemberTime
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    var body: HTML {
        let list: HTML =
            hooks.isEmpty
            ? "<p>You have no webhooks yet.</p>"
            : """
            <ul class="webhook-list" aria-labelledby="webhooks-heading">\
            \(hooks.html { webhookItem($0) })</ul>
            """
        let urls = Dictionary(hooks.map { ($0.id.description, $0.url) }, uniquingKeysWith: { first, _ in first })
        return """
            \(created.map(Self.createdWebhook))
            <p>A webhook is an address on your own server that Doable calls with an HTTP POST when something happens:
            a JSON body with the event, its id and the task. Each call is signed, so your server can check it came from
            Doable, and a call that fails is tried again for up to a day.</p>
            <p class="hint">Reminders, assignments, shares and comments reach a webhook only while Webhook is ticked
            for them under <a href="/settings/notifications">Notification settings</a>.</p>
            <h3 id="webhooks-heading" class="settings-subheading">Your webhooks</h3>
            \(list)
            \(webhookForm)
            <h3 id="deliveries-heading" class="settings-subheading">Recent deliveries</h3>
            \(DeliveryLog(entries: log, webhookURLs: urls, time: time).html)
            """
    }

    private func webhookItem(_ hook: Webhook) -> HTML {
        let events = hook.events.map(\.rawValue).joined(separator: ", ")
        let question =
            "Delete the webhook to \(hook.url)? Doable stops calling it at once. This cannot be undone: "
            + "its secret is gone, and a new webhook gets a new one."
        return """
            <li id="webhook-\(hook.id)" class="webhook-item">
            <code class="webhook-url">\(hook.url)</code>
            <span class="webhook-meta">Events: \(events)</span>
            <span class="webhook-meta">Added \(time.agoElement(hook.createdAt))</span>
            <form method="post" action="/settings/webhooks/\(hook.id)/test" class="inline-form">\(csrf)\
            <button type="submit" class="button" aria-label="Send a test call to \(hook.url)">Send test</button></form>
            <form method="post" action="/settings/webhooks/\(hook.id)/delete" class="inline-form" \
            data-confirm="\(question)">
            \(csrf)<input type="hidden" name="back" value="/settings/webhooks">
            <button type="submit" class="button quiet-danger" aria-label="Delete webhook \(hook.url)">Delete</button>
            </form></li>
            """
    }

    private var webhookForm: HTML {
        let url = Field.input(
            "url", label: "URL", value: form["url"], type: "url",
            hint: "An http:// or https:// address of your server on the internet (not a private network); "
                + "it should answer 2xx within 10 seconds, without redirecting.", required: true, errors: errors,
            extra: " maxlength=\"2000\" autocomplete=\"off\" "
                + "placeholder=\"https://example.com/doable\"")
        // A fresh form starts with the commonest event ticked (a webhook with none would never be called).
        let isFresh = form["url"] == nil && form.all("events").isEmpty
        let chosen = isFresh ? [WebhookEvent.taskCompleted.rawValue] : Set(form.all("events"))
        let error = errors.byField["events"]
        let boxes = WebhookEvent.subscribable.html { event in
            """
            <label><input type="checkbox" name="events" value="\(event.rawValue)"\
            \(attribute: "checked", if: chosen.contains(event.rawValue))> \(event.summary) \
            <code>\(event.rawValue)</code></label>
            """
        }
        let describedBy: HTML = error != nil ? " aria-describedby=\"f-events-error\"" : ""
        return """
            <h3>Add a webhook</h3>
            \(errors.summary)
            <form method="post" action="/settings/webhooks" class="settings-form" novalidate>
            \(csrf)
            \(url)
            <fieldset class="field event-choices\(error != nil ? " has-error" : "")"\(describedBy)><legend>Events</legend>
            \(boxes)
            \(error.map { HTML("<p class=\"field-error\" id=\"f-events-error\">\($0)</p>") })
            </fieldset>
            <button type="submit" class="button primary">Add webhook</button>
            </form>
            """
    }

    /// The secret of a webhook just made, and how a receiver checks a call with it.
    private static func createdWebhook(_ hook: Webhook) -> HTML {
        """
        <div class="new-secret" role="status">
        <h3>Webhook added for <span class="webhook-url">\(hook.url)</span></h3>
        <p><strong>Copy its signing secret now.</strong> Doable shows it only this once; if you lose it, delete the
        webhook and add it again.</p>
        <label for="new-secret">Signing secret</label>
        <div class="copy-row"><input id="new-secret" class="secret" type="text" readonly value="\(hook.secret)" autocomplete="off" \
        spellcheck="false" aria-describedby="new-secret-hint"><button type="button" class="button" data-copy="new-secret" data-name="the signing secret" hidden>\(Icon.copy.html)Copy</button></div>
        <div class="hint" id="new-secret-hint">
        <p>Every call carries <code>X-Doable-Signature: sha256=&lt;hex&gt;</code>: the HMAC-SHA256 of the raw request
        body, keyed with this secret, in lowercase hex. Compute it over the body's bytes exactly as they arrived
        (before parsing the JSON) and compare the two in constant time.</p>
        <pre class="signature-example"><code>expected = "sha256=" + hex(hmac_sha256(secret, raw_body))</code></pre>
        <p><code>X-Doable-Delivery</code> names the delivery: a call repeated after a failure has the same one, so
        drop one you already handled. <code>X-Doable-Event</code> names the event.</p>
        </div>
        </div>
        """
    }
}
