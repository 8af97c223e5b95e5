extension OpenAPI {
    static let idSchema = ref("Id")
    static let timestamp = ref("Timestamp")

    static let listPalette = ["red", "orange", "yellow", "green", "teal", "blue", "indigo", "purple", "pink", "brown", "gray"]
    static let notificationKinds = [
        "listShared", "taskAssigned", "comment", "reminder", "reminderMissed", "bidPlaced", "bidAccepted", "bidDeclined",
        "marketQuestion", "marketAnswer", "marketTaskDone", "marketReview", "badgeEarned", "streakAtRisk",
    ]
    /// AccountInputs.swift's PreferencesPatch.kindsWithChannels: the kinds a member chooses channels for.
    static let kindsWithChannels = [
        "reminder", "taskAssigned", "listShared", "comment", "bidPlaced", "bidAccepted", "bidDeclined", "marketQuestion",
        "marketAnswer", "marketTaskDone", "marketReview", "badgeEarned", "streakAtRisk",
    ]
    static let webhookEvents = [
        "task.created", "task.updated", "task.completed", "task.deleted", "reminder", "task.assigned", "list.shared",
        "comment.created", "bid.placed", "bid.accepted", "bid.declined", "posting.question", "posting.answer",
        "posting.task_done", "posting.review", "game.badge", "game.streak_at_risk",
    ]
    /// Rules.email: one @, a local part of printable ASCII without , ; @ (1 to 64), a domain of dotted labels.
    static let emailPattern = #"^[!-+.-:<-?A-~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$"#

    /// The values of DoableCore: ids, moments, days, colours and the enumerations.
    static let valueSchemas: [String: JSONValue] = [
        "Id": text(
            "A lowercase UUID (ids the server makes are UUIDv7).", format: "uuid",
            pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"),
        "Timestamp": text(
            "An RFC 3339 moment in UTC with milliseconds, e.g. 2026-11-21T18:55:26.123Z (years 0001 to 9999).", format: "date-time",
            pattern: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$"#),
        "Day": text("A calendar day, YYYY-MM-DD.", format: "date", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
        "TaskDate": .object([
            "description": .string("A whole day (YYYY-MM-DD) or a moment (RFC 3339 in UTC with milliseconds)."),
            "anyOf": .array([ref("Day"), ref("Timestamp")]),
        ]),
        "TaskDateInput": .object([
            "description": .string("A whole day (YYYY-MM-DD) or an RFC 3339 date-time; an offset is converted to UTC."),
            "anyOf": .array([text(format: "date"), text(format: "date-time")]),
        ]),
        "Color": .object([
            "description": .string("A palette name or #RRGGBB (hex digits are stored upper-case)."),
            "anyOf": .array([text(enum: listPalette), text(pattern: "^#[0-9A-F]{6}$")]),
        ]),
        "ColorInput": .object([
            "description": .string("A palette name or #RRGGBB, either case."),
            "anyOf": .array([text(enum: listPalette), text(pattern: "^#[0-9A-Fa-f]{6}$")]),
        ]),
        "Gender": text(enum: ["female", "male", "nonBinary", "preferNotToSay", "selfDescribed"]),
        "EducationLevel": text(enum: ["primary", "secondary", "vocational", "bachelor", "master", "doctorate", "other"]),
        "TaskStatus": text(enum: ["pending", "inProgress", "completed"]),
        "TaskPriority": text(enum: ["none", "low", "medium", "high"]),
        "TaskCategory": text(enum: ["study", "work", "exercise", "personal", "other"]),
        "TaskSort": text(
            "TASK-5: manual order, or by due date, priority, creation (newest first) or title.",
            enum: ["manual", "due", "priority", "created", "title"]),
        "Weekday": text(enum: ["monday", "saturday", "sunday"]),
        "Theme": text(enum: ["light", "dark", "system"]),
        "QuietHoursMode": text("silent: delivered in-app only; defer: delivered when quiet hours end.", enum: ["silent", "defer"]),
        "CredentialKind": text(enum: ["session", "accessToken", "appPassword"]),
        "ListRole": text(
            """
            COLLAB-1: what a person may do in a list; each role may do all the ones after it may. owner: everything, \
            including deleting or restoring the list and handing it over; admin: the list's settings and its members; \
            editor: add, edit, complete, move and delete tasks, and comment; viewer: read the list, its tasks, comments, \
            history and members.
            """,
            enum: ["owner", "admin", "editor", "viewer"]),
        "GrantableRole": text(
            "COLLAB-1: a role a membership can hold (`owner` is the list's own and changes only by a hand-over).",
            enum: ["viewer", "editor", "admin"]),
        "CredentialScope": text(enum: ["read", "readWrite"]),
        "RecurrenceBasis": text(
            """
            TASK-10: what the next occurrence counts from when the task is completed. due: the task's own due (or \
            start) date, so a weekly task done late still comes due on its weekday; completion: the day it was \
            completed, at the time of day the task had.
            """,
            enum: ["due", "completion"]),
        "ReminderAnchor": text(
            "NOTIF-1: the task date a relative reminder follows (a whole-day date counts from 09:00 in the member's time zone).",
            enum: ["due", "start"]),
        "NotificationKind": text(notificationKindDescription, enum: notificationKinds),
        "WebhookEvent": text(webhookEventDescription, enum: webhookEvents),
        "DeliveryEvent": text(
            "A WebhookEvent, or webhook.test: the call `POST /api/v1/webhooks/{id}/test` sends to check a receiver.",
            enum: webhookEvents + ["webhook.test"]),
        "ClockTime": text("HH:MM, 24-hour.", pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$"),
        "Username": text(
            "3 to 30 ASCII letters, digits or underscores; unique case-insensitively.", pattern: "^[A-Za-z0-9_]{3,30}$",
            minLength: 3, maxLength: 30),
        "Phone": text("E.164, like +14155550123.", pattern: #"^\+[1-9][0-9]{1,14}$"#),
        "Email": text(
            """
            An address like name@example.com: at most 254 characters, printable ASCII, a local part of 1 to 64 \
            characters without , or ;, a dotted domain of letters, digits and hyphens. Unique case-insensitively. \
            Spaces around it are trimmed.
            """,
            pattern: emailPattern, maxLength: 254),
    ]

    static let notificationKindDescription = """
        NOTIF-2 and NOTIF-4. listShared: a list was shared with the member; taskAssigned: a task was assigned to the \
        member; comment: someone commented on a task the member created or is assigned; reminder: one of the member's \
        reminders came due (NOTIF-1); reminderMissed: reminders that came due while the server was down longer than its \
        stale limit, dropped with this one note instead. The marketplace (MKT-8): bidPlaced: a bid on the member's \
        posting was placed or changed; bidAccepted and bidDeclined: the member's bid was accepted, or declined (also when \
        the posting was withdrawn or returned to requested); marketQuestion: a question on the member's posting; \
        marketAnswer: the poster answered the member's question; marketTaskDone: the assignee completed the posting's \
        task (to the poster), or the poster marked it done (to the assignee); marketReview: the other side rated the \
        member. The game (GAME-4, GAME-5): badgeEarned: the member earned a badge; streakAtRisk: the evening warning \
        that the streak ends at midnight unless today is kept.
        """

    static let webhookEventDescription = """
        INTEROP-4: what a webhook subscribes to. task.created, task.updated, task.completed and task.deleted: changes to \
        the tasks the account sees (its own and those of lists shared with it), read from its change feed (a repeating \
        task completed is task.completed, though it moves on to its next occurrence; task.deleted is a move to the \
        trash or a purge from it); reminder, task.assigned, list.shared and comment.created: the account's \
        notifications of those kinds (reminder also covers reminderMissed), sent when the member's \
        notificationChannels let webhooks hear that kind; bid.placed, bid.accepted, bid.declined, posting.question, \
        posting.answer, posting.task_done and posting.review: the marketplace notifications bidPlaced, bidAccepted, \
        bidDeclined, marketQuestion, marketAnswer, marketTaskDone and marketReview; game.badge and \
        game.streak_at_risk: the game's notifications badgeEarned and streakAtRisk.
        """

    /// MKT and TASK-11: money, a posting's and a bid's status, a photo's kind.
    static let marketValueSchemas: [String: JSONValue] = [
        "Money": number(
            """
            MKT-1 and MKT-4: an amount of money, a JSON number with at most two decimals, written exactly from whole \
            cents (12.5 is 12.50).
            """,
            exclusiveMinimum: 0, maximum: 1_000_000),
        "PostingStatus": text(
            """
            MKT-1, MKT-4, MKT-6, MKT-7: requested (no open bid), bidded (open bids), assigned (a bid was accepted) or \
            done (the poster marked it done).
            """,
            enum: ["requested", "bidded", "assigned", "done"]),
        "BidStatus": text(
            """
            MKT-4, MKT-6: open, accepted (the posting is assigned to its bidder), declined (by the poster, or because \
            another bid was accepted or the posting withdrawn) or withdrawn (by its bidder).
            """,
            enum: ["open", "accepted", "declined", "withdrawn"]),
        "ImageKind": text("TASK-11: what the photo's bytes are.", enum: ["jpeg", "png", "gif", "webp"]),
    ]
}
