/// Notifications, reminders, webhooks and their deliveries as the API answers them (API/ReminderDTOs.swift and the
/// notification centre).
extension OpenAPI {
    static let notificationSchemas: [String: JSONValue] = [
        "Notification": obj(
            [
                "id": idSchema,
                "kind": ref("NotificationKind"),
                "title": text("At most 300 characters."),
                "body": text("At most 500 characters."),
                "taskId": nullable(described("Id", "The task it is about (null for listShared and reminderMissed).")),
                "listId": nullable(described("Id", "The list it is about (null for reminderMissed and the marketplace's).")),
                "postingId": nullable(described("Id", "MKT-8: the marketplace posting it is about (null for the other kinds).")),
                "createdAt": described("Timestamp", "When it was made; for a reminder, when the reminder fired."),
                "readAt": nullable(described("Timestamp", "When it was marked read; null while unread.")),
                "silent": boolean(
                    """
                    NOTIF-3: a reminder that fired inside the member's quiet hours, delivered silently: in the \
                    notification centre only (no email, webhook call or browser notification).
                    """),
            ], description: "NOTIF-2 and NOTIF-4: an entry of the in-app notification centre."),
        "NotificationPage": obj([
            "notifications": array(ref("Notification"), description: "Newest first."),
            "unreadCount": integer("All unread notifications of the caller, whatever the filter and limit.", minimum: 0),
            "nextCursor": nullable(text("Pass as `before` for the next, older page; null on the last page.")),
        ]),
        "UnreadCount": obj(["unreadCount": integer("The caller's notifications still unread.", minimum: 0)]),
        "Reminder": reminder,
        "Webhook": obj(
            [
                "id": idSchema,
                "url": text("The http(s) address the deliveries are POSTed to.", minLength: 1, maxLength: 2000),
                "events": array(
                    ref("WebhookEvent"), minItems: 1, uniqueItems: true,
                    description: "The events it subscribes to, in the order given, without repeats."),
                "createdAt": timestamp,
            ],
            description: """
                INTEROP-4: one of the caller's outgoing webhooks (its secret is shown only when it is made). See \
                `webhooks` › `doableEvent` in this document for what it receives.
                """),
        "PushSubscription": obj(
            [
                "id": idSchema,
                "deviceName": text("From the browser's User-Agent when it subscribed (\"Chrome on Android\").", minLength: 1),
                "pushService": text("The push service's host; the endpoint itself stays on the server."),
                "createdAt": timestamp,
                "lastSuccessAt": nullable(timestamp),
            ], description: "REACH-3: a device that receives the caller's notifications by Web Push."),
        "PushKey": obj(
            [
                "publicKey": text(
                    "The server's VAPID key (RFC 8292): P-256, uncompressed, base64url without padding; browsers take it "
                        + "as `applicationServerKey`.", pattern: "^[A-Za-z0-9_-]{87}$")
            ], description: "REACH-3."),
        "CreatedWebhook": obj(
            [
                "id": idSchema,
                "url": text("As given, without surrounding spaces.", minLength: 1, maxLength: 2000),
                "events": array(
                    ref("WebhookEvent"), minItems: 1, uniqueItems: true,
                    description: "The events it subscribes to, in the order given, without repeats."),
                "createdAt": timestamp,
                "secret": text(
                    "The key of the HMAC-SHA256 signature in `X-Doable-Signature`; shown only in this response.",
                    pattern: "^whsec_[A-Za-z0-9_-]{43}$"),
            ], description: "INTEROP-4: a webhook just made, with its secret."),
        "DeliveryAttempt": obj(
            [
                "number": integer("1 for the first try.", minimum: 1),
                "at": timestamp,
                "succeeded": bool,
                "detail": text(
                    "The answer (HTTP 200, 250 accepted by …) or the error; at most 500 characters.", maxLength: 500),
            ], description: "NOTIF-5: one try at sending a delivery."),
        "Delivery": delivery,
        "WebhookPayload": webhookPayload,
    ]

    static let reminder = obj(
        [
            "id": idSchema,
            "taskId": idSchema,
            "at": nullable(described("Timestamp", "A reminder at a moment; null for one relative to a date.")),
            "relativeTo": nullable(
                described("ReminderAnchor", "A reminder relative to the task's due or start date; null for one at a moment.")),
            "offsetMinutes": nullable(
                integer(
                    "Minutes from the date (negative is before: -15 is 15 minutes before); null for a reminder at a moment.",
                    minimum: -527_040, maximum: 527_040)),
            "nextAt": nullable(
                described(
                    "Timestamp",
                    """
                    When it fires next: its moment, or the end of a snooze or of deferring quiet hours; null when it \
                    will not (it fired for its moment, is silenced, the task has no such date, is completed or in the \
                    trash). It moves with the task's dates and with each occurrence of a repeating task.
                    """)),
            "snoozedUntil": nullable(
                described(
                    "Timestamp",
                    "NOTIF-3: it fires at this moment instead (a snooze, or quiet hours in defer mode); null otherwise.")),
            "silenced": boolean("NOTIF-3: it does not fire again until the task's next occurrence or a new moment."),
            "firedFor": nullable(
                described("Timestamp", "The moment it last fired (or was dropped as stale) for; null if never.")),
            "createdAt": timestamp,
            "updatedAt": timestamp,
            "version": version,
        ],
        description: """
            NOTIF-1 and NOTIF-3: one of the caller's own reminders on a task; either `at`, or `relativeTo` with \
            `offsetMinutes`. Reminders are personal: each member of a shared list sets its own, and nobody else sees \
            or hears them.
            """)

    static let delivery = obj(
        [
            "id": described("Id", "Also the webhook body's `id` and its `X-Doable-Delivery` header."),
            "channel": text(enum: ["email", "webhook", "push"]),
            "event": described(
                "DeliveryEvent",
                "The event (`X-Doable-Event` of a webhook call; for an email, the event of its kind of notification)."),
            "state": text(
                """
                pending: waiting for its next attempt; sent; failed: refused for good (a 4xx from the webhook other \
                than 408, 425 and 429, a 5xx SMTP reply, a deleted webhook, too many redirects) or still failing a day \
                after it was queued.
                """,
                enum: ["pending", "sent", "failed"]),
            "attempts": array(ref("DeliveryAttempt"), description: "Oldest first."),
            "lastError": nullable(text("The last failure; null once sent or before the first attempt.", maxLength: 500)),
            "createdAt": described("Timestamp", "When it was queued, in the transaction of the change it tells of."),
            "sentAt": nullable(timestamp),
            "nextAttemptAt": nullable(
                described("Timestamp", "While pending: when it is tried (again); null once sent or failed.")),
        ],
        description: """
            NOTIF-5: a queued email or webhook call of the caller's and its attempts. A failure worth retrying (a \
            timeout, HTTP 408, 425, 429 or 5xx, a 4xx SMTP reply) is tried again 30 s later, then twice as long after \
            each further failure (at most an hour), each wait times a random factor from 0.5 to 1.5, until a day after \
            it was queued.
            """)

    static let webhookPayload = obj(
        [
            "id": described(
                "Id",
                """
                The delivery's id (also in `X-Doable-Delivery`): a crash between sending and recording may repeat a \
                delivery once, with the same id, so drop repeats by it.
                """),
            "event": ref("DeliveryEvent"),
            "createdAt": described(
                "Timestamp",
                "When the delivery was queued: the moment of the change or notification (for a reminder, when it fired)."),
            "data": obj([
                "title": text(
                    """
                    The notification's title (a reminder's is the task's title), or the task's title for task events \
                    (empty when the task was purged).
                    """),
                "body": text("The notification's text (a reminder's says when the task is due); empty for task events."),
                "taskId": nullable(idSchema),
                "listId": nullable(idSchema),
                "reminderId": nullable(described("Id", "For reminder: the reminder that fired.")),
                "postingId": nullable(described("Id", "For marketplace events (bid.*, posting.*): the posting.")),
                "task": nullable(
                    described(
                        "Task",
                        """
                        For task events: the task as it was when the event was queued (labelIds as stored on the task, \
                        progress 0 of 0); null for notifications and for a task purged from the trash.
                        """)),
            ]),
        ], description: "INTEROP-4: the JSON body of a webhook call (keys sorted, UTF-8).")
}
