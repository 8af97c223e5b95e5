/// What the list, task, label, sharing, comment and notification operations accept.
extension OpenAPI {
    static let listName = text(
        "1 to 50 characters after trimming; unique among the owner's lists, case-insensitively.", minLength: 1, maxLength: 50)
    static let labelName = text(
        "1 to 50 characters after trimming; unique among the owner's labels, case-insensitively.", minLength: 1, maxLength: 50)

    static let listFields: SchemaProperties = [
        "name": listName,
        "description": text("At most 500 characters.", maxLength: 500),
        "color": ref("ColorInput"),
        "icon": nullable(text("A single emoji.", minLength: 1)),
        "isArchived": bool,
    ]

    static let taskFields: SchemaProperties = [
        "title": text("1 to 200 characters after trimming.", minLength: 1, maxLength: 200),
        "notes": text("At most 10,000 characters.", maxLength: 10_000),
        "listId": idInput(
            """
            A live list the caller may add tasks to: its own, or one shared with it as editor or above (403 for a \
            viewer); without it a new task goes to the parent's list or the Inbox. Changing it moves the task with its \
            subtasks; an assignee who is not a member of the new list is cleared.
            """),
        "parentId": nullable(idInput("A live task in the same list that the caller may edit; null for the top level.")),
        "status": ref("TaskStatus"),
        "priority": ref("TaskPriority"),
        "due": nullable(described("TaskDateInput", "Not in the past when set or changed through the API (TASK-2).")),
        "start": nullable(described("TaskDateInput", "Not after the due date.")),
        "labelIds": array(
            idInputSchema,
            description: """
                Labels of the caller; duplicates are dropped. Labels are each member's own: on a shared task they \
                replace only the caller's, and the caller sees only its own.
                """),
        "estimatedMinutes": nullable(integer("1 to 100,000.", minimum: 1, maximum: 100_000)),
        "category": nullable(ref("TaskCategory")),
        "assigneeId": nullable(
            idInput(
                """
                COLLAB-2: the owner or a member of the task's list (400 naming assigneeId otherwise); null unassigns. \
                Someone other than the caller is notified (NOTIF-4).
                """)),
        "recurrence": nullable(text(recurrenceInputDescription, maxLength: 500)),
        "recurrenceBasis": described("RecurrenceBasis", "Default due."),
    ]

    static let recurrenceInputDescription = """
        TASK-10: an RFC 5545 RRULE value (a leading `RRULE:` is allowed; names and values in any case, parts in any \
        order), at most 500 bytes; null stops repeating. FREQ is DAILY, WEEKLY, MONTHLY or YEARLY; INTERVAL and COUNT 1 \
        to 1,000; UNTIL a date (20261231) or a UTC time (20261231T235959Z), not before the task's first date; BYDAY \
        (MO…SU, with an ordinal for monthly and yearly rules: 2TU, -1FR), BYMONTHDAY (1 to 31 or -31 to -1), BYMONTH, \
        BYSETPOS and WKST. BYHOUR, BYMINUTE, BYSECOND, BYYEARDAY, BYWEEKNO and finer frequencies are refused. The task \
        needs a due or start date to repeat from. 400 naming `recurrence` for anything else.
        """

    static let taskRequestSchemas: [String: JSONValue] = [
        "CreateListRequest": obj(
            listFields, required: ["name"], description: "LIST-1. Colour defaults to blue.",
            examples: [.object(["name": .string("Groceries"), "color": .string("#16A34A"), "icon": .string("🛒")])]),
        "UpdateListRequest": obj(
            listFields, required: [],
            description: "LIST-2: only the fields given change. The Inbox cannot be renamed or archived."),
        "MoveListRequest": obj(
            [
                "beforeId": idInput("Put the list right before this other list of the caller."),
                "afterId": idInput("Put the list right after this other list (ignored when beforeId is given)."),
            ], required: [], description: "LIST-2.", anyOf: [requiring("beforeId"), requiring("afterId")]),
        "CreateTaskRequest": obj(
            taskFields, required: ["title"], description: "TASK-1.",
            examples: [
                .object([
                    "title": .string("Buy oat milk"), "priority": .string("high"), "due": .string("2099-01-31"),
                    "estimatedMinutes": .int(15), "category": .string("personal"),
                ])
            ]),
        "UpdateTaskRequest": obj(
            taskFields, required: [], description: "TASK-2: only the fields given change; null clears a nullable one."),
        "CompleteTaskRequest": obj(
            ["includeSubtasks": boolean("Also complete the open subtasks (TASK-4). Default false.")], required: []),
        "MoveTaskRequest": obj(
            [
                "listId": idInput("Another live list of the caller; the subtasks move along."),
                "parentId": nullable(
                    idInput("The new parent (same list, not the task or its subtasks); null for the top level.")),
                "beforeId": idInput("Put the task right before this sibling."),
                "afterId": idInput("Put the task right after this sibling."),
            ], required: [], description: "TASK-5 and TASK-9: give at most one of beforeId and afterId.",
            not: requiring("beforeId", "afterId")),
        "CreateLabelRequest": obj(
            ["name": labelName, "color": described("ColorInput", "Default gray.")], required: ["name"],
            description: "TASK-6.", examples: [.object(["name": .string("home"), "color": .string("teal")])]),
        "UpdateLabelRequest": obj(
            ["name": labelName, "color": ref("ColorInput")], required: [], description: "TASK-6: rename or recolour."),
        "AddMemberRequest": obj(
            [
                "login": text(
                    """
                    The username or email of an active member (case-insensitive; spaces around it are trimmed), not \
                    the caller's own.
                    """,
                    minLength: 1, maxLength: 254),
                "role": ref("GrantableRole"),
            ], description: "COLLAB-1.", examples: [.object(["login": .string("ben"), "role": .string("editor")])]),
        "UpdateMemberRequest": obj(
            [
                "role": text(
                    """
                    viewer, editor or admin; `owner` hands the list over to this member, who must be an admin (the \
                    owner only): the member then owns the list and its tasks, and the former owner stays on as an admin.
                    """,
                    enum: ["viewer", "editor", "admin", "owner"])
            ], description: "COLLAB-1: change a member's role.", examples: [.object(["role": .string("viewer")])]),
        "CommentRequest": obj(
            ["body": text("Plain text, 1 to 5,000 characters after trimming.", minLength: 1, maxLength: 5_000)],
            description: "TASK-12.", examples: [.object(["body": .string("I'll pick it up on Friday.")])]),
        "MarkNotificationsReadRequest": obj(
            [
                "ids": array(
                    idInputSchema, maxItems: 1_000,
                    description: "Notifications of the caller to mark read (at most 1,000; duplicates are ignored)."),
                "all": boolean("true marks every notification of the caller read."),
            ], required: [], description: "NOTIF-2: give either `ids` or `all: true`, not both.",
            examples: [.object(["all": .bool(true)])],
            oneOf: [
                .object(["required": .array([.string("ids")]), "properties": allIs(false)]),
                .object(["required": .array([.string("all")]), "properties": allIs(true), "not": requiring("ids")]),
            ]),
    ]

    /// `{"required": [names…]}`: a schema that holds when all these fields are given.
    static func requiring(_ names: String...) -> JSONValue {
        .object(["required": .array(names.map(JSONValue.string))])
    }

    private static func allIs(_ value: Bool) -> JSONValue {
        .object(["all": .object(["const": .bool(value)])])
    }
}
