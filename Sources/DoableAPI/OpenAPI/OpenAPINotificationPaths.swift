/// NOTIF and INTEROP-4: the notification centre, reminders, webhooks, their deliveries, and live events.
extension OpenAPI {
    static let reminderNotFound = """
        No reminder of the caller's has this id (another member's reminder answers 404 too), or the caller can no \
        longer see its task.
        """

    static let notificationPaths: [String: [String: Operation]] = [
        "/api/v1/notifications": [
            "get": Operation(
                tag: "Notifications", id: "listNotifications",
                summary: "NOTIF-2: the caller's in-app notifications, newest first, with the unread count.",
                parameters: [
                    query("unread", boolean(), "true: only unread ones. Default false."),
                    query("limit", integer(minimum: 1, maximum: 100, default: 100), "How many."),
                    query("before", text(), "The `nextCursor` of the page before: older notifications (issue 27)."),
                ], ok: ok(ref("NotificationPage")), statuses: [400], isReadOnly: true,
                badRequest: """
                    `unread` is not true or false, `limit` is not a whole number from 1 to 100, or `before` is not a \
                    cursor this server gave out; `field` names it.
                    """)
        ],
        "/api/v1/notifications/read": [
            "post": Operation(
                tag: "Notifications", id: "markNotificationsRead",
                summary: "NOTIF-2: mark notifications read; answers how many stay unread.", body: "MarkNotificationsReadRequest",
                ok: ok(ref("UnreadCount")), statuses: [404], conflicts: ["edit_conflict"],
                badRequest: """
                    Neither or both of `ids` and `all: true`, more than 1,000 ids, or an id that is not a UUID; `field` \
                    names it.
                    """,
                notFound: "An id in `ids` is not one of the caller's notifications (`field` is ids); nothing is marked.")
        ],
        "/api/v1/tasks/{id}/reminders": [
            "get": Operation(
                tag: "Reminders", id: "listReminders",
                summary: "NOTIF-1: the caller's own reminders on a task it can see, oldest first.",
                description: """
                    Any role may have reminders on a task of a list shared with it; nobody sees another member's. Also \
                    while the task is in the trash.
                    """,
                parameters: [idParameter], ok: ok(wrapper("reminders", "Reminder")), statuses: [404], isReadOnly: true),
            "post": Operation(
                tag: "Reminders", id: "createReminder", summary: "NOTIF-1: a reminder for the caller on a task it can see.",
                description: """
                    Any role in a shared list may set its own reminders (a viewer too); a read-only token may not. It \
                    fires through the caller's notification channels for reminders.
                    """,
                parameters: [idParameter], body: "CreateReminderRequest", status: 201,
                ok: okWithETag(ref("Reminder"), "Created."), statuses: [404], conflicts: ["in_trash", "edit_conflict"],
                badRequest: """
                    Both or neither of `at` and `relativeTo`, `offsetMinutes` without `relativeTo`, a moment more than \
                    a minute past or more than 10 years ahead, an offset beyond a year, a date the task does not have, \
                    or a task with 100 reminders already (`field` reminders); `field` names the input.
                    """),
        ],
        "/api/v1/reminders/{id}": [
            "patch": Operation(
                tag: "Reminders", id: "updateReminder",
                summary: "NOTIF-1 and NOTIF-3: change a reminder's moment or offset, or silence it.", parameters: [idParameter],
                body: "UpdateReminderRequest", ok: ok(ref("Reminder")), statuses: [404], conflicts: ["edit_conflict"],
                ifMatch: true, notFound: reminderNotFound),
            "delete": Operation(
                tag: "Reminders", id: "deleteReminder", summary: "NOTIF-1: delete one of the caller's reminders.",
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["edit_conflict"], ifMatch: true,
                notFound: reminderNotFound),
        ],
        "/api/v1/reminders/{id}/snooze": [
            "post": Operation(
                tag: "Reminders", id: "snoozeReminder", summary: "NOTIF-3: fire one of the caller's reminders again later.",
                parameters: [idParameter], body: "SnoozeReminderRequest", ok: okWithETag(ref("Reminder")), statuses: [404],
                conflicts: ["task_done", "edit_conflict"],
                badRequest: "None or more than one of `minutes`, `until` and `preset`, or one out of range; `field` names it.",
                notFound: reminderNotFound)
        ],
        "/api/v1/webhooks": [
            "get": Operation(
                tag: "Webhooks", id: "listWebhooks",
                summary: "INTEROP-4: the caller's webhooks, oldest first, without their secrets.",
                ok: ok(wrapper("webhooks", "Webhook")), isReadOnly: true),
            "post": Operation(
                tag: "Webhooks", id: "createWebhook", summary: "INTEROP-4: a new outgoing webhook; its secret is shown once.",
                description: """
                    Task events count from the moment it is made. See `webhooks` › `doableEvent` for the calls it \
                    receives.
                    """,
                body: "CreateWebhookRequest", status: 201, ok: ok(ref("CreatedWebhook"), "Created."),
                conflicts: ["duplicate_webhook", "edit_conflict"],
                badRequest: """
                    The URL is not http(s) with a host, carries a user name or password, is longer than 2,000 bytes or \
                    points at this server, or the account has 20 webhooks already (`field` url); no events or an \
                    unknown one (`field` events).
                    """),
        ],
        "/api/v1/webhooks/{id}/test": [
            "post": Operation(
                tag: "Webhooks", id: "testWebhook",
                summary: "Issue 29: send one signed `webhook.test` call to the webhook now, to check the receiver.",
                description: """
                    It is queued and sent like any event (same body shape, signature and retries); its outcome shows \
                    in GET /api/v1/deliveries. It counts for no subscription.
                    """,
                parameters: [idParameter], status: 202, ok: ok(ref("Delivery"), "Queued."), statuses: [404],
                conflicts: ["edit_conflict"], notFound: "No webhook of the caller's has this id.")
        ],
        "/api/v1/webhooks/{id}": [
            "delete": Operation(
                tag: "Webhooks", id: "deleteWebhook",
                summary: "INTEROP-4: delete one of the caller's webhooks; its pending deliveries fail.",
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["edit_conflict"],
                notFound: "No webhook of the caller's has this id.")
        ],
        "/api/v1/push/key": [
            "get": Operation(
                tag: "Push", id: "getPushKey", summary: "REACH-3: the server's VAPID public key, to subscribe a browser with.",
                ok: ok(ref("PushKey")), isReadOnly: true)
        ],
        "/api/v1/push-subscriptions": [
            "get": Operation(
                tag: "Push", id: "listPushSubscriptions", summary: "REACH-3: the caller's push devices, oldest first.",
                ok: ok(wrapper("pushSubscriptions", "PushSubscription")), isReadOnly: true),
            "post": Operation(
                tag: "Push", id: "createPushSubscription",
                summary: "REACH-3: receive notifications on this device by Web Push (RFC 8030, 8291, 8292).",
                description: """
                    Notifications go to the device as channel `push` (NOTIF-2), encrypted to its keys, on the \
                    delivery queue like email and webhooks; a 404 or 410 from the push service removes the device.
                    """,
                body: "CreatePushSubscriptionRequest", status: 201, ok: ok(ref("PushSubscription"), "Subscribed."),
                conflicts: ["edit_conflict"],
                badRequest: """
                    The endpoint is not http(s) with a host, is too long, points at this server or at an address \
                    the outgoing policy refuses, or the account has 20 devices (`field` endpoint); keys.p256dh is not \
                    a P-256 public key or keys.auth not 16 bytes (`field` keys.p256dh, keys.auth).
                    """),
        ],
        "/api/v1/push-subscriptions/{id}": [
            "delete": Operation(
                tag: "Push", id: "deletePushSubscription", summary: "REACH-3: stop pushing to one of the caller's devices.",
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["edit_conflict"],
                notFound: "No push device of the caller's has this id.")
        ],
        "/api/v1/push-subscriptions/{id}/test": [
            "post": Operation(
                tag: "Push", id: "testPushSubscription",
                summary: "REACH-3: send one test notification to the device now; its outcome shows in /api/v1/deliveries.",
                parameters: [idParameter], status: 202, ok: ok(ref("Delivery"), "Queued."), statuses: [404],
                conflicts: ["edit_conflict"], notFound: "No push device of the caller's has this id.")
        ],
        "/api/v1/deliveries": [
            "get": Operation(
                tag: "Webhooks", id: "listDeliveries",
                summary: "NOTIF-5: the caller's email and webhook deliveries, newest first, with every attempt.",
                parameters: [query("limit", integer(minimum: 1, maximum: 200, default: 50), "How many.")],
                ok: ok(wrapper("deliveries", "Delivery")), statuses: [400], isReadOnly: true,
                badRequest: "`limit` is not a whole number from 1 to 200.")
        ],
        "/api/v1/events": ["get": streamEvents],
    ]

    static let streamEvents = Operation(
        tag: "Events", id: "streamEvents", summary: "SYNC-5 and VIEW-6: the caller's change feed, live, as server-sent events.",
        parameters: [
            headerParameter(
                "Last-Event-ID", "Resume after this feed sequence (browsers send it by themselves when they reconnect).",
                text(pattern: "^[0-9]{1,18}$"), required: false),
            query(
                "lastEventId", integer(minimum: 0, maximum: 999_999_999_999_999_999),
                "The same, for clients that cannot set headers; the header wins."),
        ],
        ok: .object([
            "description": .string(eventStreamDescription),
            "content": .object([
                "text/event-stream": .object([
                    "schema": .object([
                        "type": .string("object"), "description": .string("One event of the stream."),
                        "properties": .object([
                            "event": text(enum: ["ready", "change", "reset"]),
                            "id": text(pattern: "^[0-9]+$"),
                            "data": text("A JSON object, as described above."),
                            "retry": integer(minimum: 0),
                        ]),
                    ])
                ])
            ]),
        ]),
        statuses: [400], isReadOnly: true, badRequest: "`Last-Event-ID` or `lastEventId` is not a whole number 0 or more.")

    static let eventStreamDescription = """
        `text/event-stream`. It opens with `retry: 2000`; without a cursor an `event: ready` with `id` and `data: \
        {"latest": N}` follows, then live changes only. Every change is `event: change` with `id` = its feed sequence \
        and `data` a JSON object: `sequence`, `entity` (account, list, task, label, member, comment, notification, \
        reminder, webhook, posting, bid, question, review, attachment, game), `id`, `kind` (put, delete), `listId`, \
        `actorId` (null for the server's own work), `at`. With a cursor, every entry after it comes first, in order. A \
        cursor older than the feed's retention, or beyond its end, gets `event: reset` with `data: {"reason": \
        "cursor_expired"|"cursor_ahead", "latest": N}`: read everything afresh, then continue from N. A `: heartbeat` \
        comment comes well inside the idle timeout. The stream ends when the credential is revoked or the server stops.
        """
}
