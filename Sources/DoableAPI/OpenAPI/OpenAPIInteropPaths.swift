/// INTEROP-2: private ICS feeds (API/FeedsController.swift, API/CalendarFeedController.swift), and INTEROP-5:
/// imports (API/ImportsController.swift).
extension OpenAPI {
    static let feedKeyParameter = pathParameter(
        "key", "The feed secret from GET /api/v1/feeds; any other answers 404.", text(pattern: "^[A-Za-z0-9_-]{43}$"))

    static let feedHeaders: JSONValue = .object([
        "ETag": header(
            "Strong: a digest of the body, so it changes exactly when the body does (with `-gzip` on a compressed answer).",
            text(pattern: #"^"[0-9a-f]{32}(-gzip)?"$"#)),
        "Last-Modified": header("The latest change to anything the feed shows (a task leaving it included).", text()),
        "Cache-Control": header("Always `private, max-age=300`.", text(const: "private, max-age=300")),
    ])

    /// An ICS feed: public, its key in the path, with conditional requests.
    static func feedOperation(id: String, summary: String, parameters: [JSONValue]) -> Operation {
        Operation(
            tag: "Feeds", id: id, summary: summary,
            description: """
                No Authorization: the key in the path is the credential. `If-None-Match` (or, without it, \
                `If-Modified-Since`) that still matches answers 304 without a body. HEAD answers the headers alone.
                """,
            parameters: parameters,
            ok: .object([
                "description": .string(
                    """
                    An iCalendar document (RFC 5545): a VTODO per task and, for calendar apps that show no tasks, a \
                    VEVENT per task with a due date (docs/feeds.md).
                    """),
                "headers": feedHeaders,
                "content": .object(["text/calendar": .object(["schema": text("A VCALENDAR.")])]),
            ]),
            statuses: [404], isPublic: true,
            notFound: """
                No such feed: an unknown or replaced key, a disabled account, or a list the key's owner cannot see; the \
                same answer for all.
                """,
            responses: [
                "304": .object([
                    "description": .string("Not modified since the copy the request names."), "headers": feedHeaders,
                ])
            ])
    }

    static let interopPaths: [String: [String: Operation]] = [
        "/api/v1/feeds": [
            "get": Operation(
                tag: "Feeds", id: "listFeeds",
                summary: "INTEROP-2: my private ICS feed URLs: all tasks with a due date, and one per list.",
                description: "The secret in the URLs is made on the first ask and stays until rotated.", ok: ok(ref("Feeds")),
                isReadOnly: true)
        ],
        "/api/v1/feeds/rotate": [
            "post": Operation(
                tag: "Feeds", id: "rotateFeeds", summary: "INTEROP-2: new feed URLs; the old ones answer 404 from now on.",
                description: "Any request body is ignored.", ok: ok(ref("Feeds")))
        ],
        "/feeds/{key}/all.ics": [
            "get": feedOperation(
                id: "getDueTasksFeed",
                summary: "INTEROP-2: the ICS feed of every task with a due date the key's owner can see.",
                parameters: [feedKeyParameter])
        ],
        "/feeds/{key}/lists/{listId}.ics": [
            "get": feedOperation(
                id: "getListFeed", summary: "INTEROP-2: the ICS feed of one list's live tasks.",
                parameters: [
                    feedKeyParameter,
                    pathParameter(
                        "listId", "A list the key's owner can see (its own or shared with it).", text(format: "uuid")),
                ])
        ],
        "/api/v1/imports": ["post": importTasks],
    ]

    static let importTasks = Operation(
        tag: "Import and export", id: "importTasks",
        summary: "INTEROP-5: import a Todoist CSV, Taskwarrior JSON or iCalendar file into one list.",
        description: """
            All or nothing: the list (when new), the labels, the tasks, their reminders and history are written in one \
            transaction. Every field rule applies but the past-deadline one (TASK-2); an item that breaks one is \
            skipped and a field that cannot be kept is left out, each reported with its reason. Mapping of each \
            format: docs/import.md.
            """,
        parameters: [
            query("listId", text(format: "uuid"), "A list the caller may add tasks to (editor or higher)."),
            query(
                "listName", text(minLength: 1, maxLength: 50),
                """
                The caller's own list of this name (ignoring case), made when there is none. Neither this nor listId: \
                a new list named after the format and the day, like “Todoist import 2026-11-27”.
                """),
            query("dryRun", bool, "true: check everything and answer what would be made (200), writing nothing."),
        ],
        requestBody: importBody, status: 201, ok: ok(ref("ImportReport"), "Imported, all of it in one transaction."),
        statuses: [400, 404], conflicts: ["already_exists", "edit_conflict"],
        forbidden: "The token may only read, or the caller is a viewer of `listId`'s list: this needs the editor role or higher.",
        notFound: "`listId` names no live list the caller can see (`field` listId).",
        responses: [
            "200": ok(ref("ImportReport"), "A dry run: what would be made."),
            "400": errorResponse(
                400,
                """
                The file cannot be read as the format its Content-Type names, is not UTF-8 or holds no tasks (`field` \
                body, the message says what is wrong); or `listId` and `listName` both given, `listName` breaks the \
                list name rule, `dryRun` is not true or false (`field` names it).
                """),
            "413": errorResponse(413, "The file is over 20 MiB; the connection is closed after the answer."),
            "415": errorResponse(
                415, "The Content-Type is not text/csv, application/json or text/calendar (with no charset but UTF-8)."),
        ])

    static let importBody: JSONValue = .object([
        "required": .bool(true),
        "description": .string("The file itself, at most 20 MiB of UTF-8; its Content-Type says the format."),
        "content": .object([
            "text/csv": .object([
                "schema": text(
                    """
                    Todoist's CSV export of a project (columns TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR, \
                    RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT; only TYPE and CONTENT are \
                    required).
                    """)
            ]),
            "application/json": .object([
                "schema": array(
                    .object(["type": .string("object")]),
                    description: "Taskwarrior's `task export`: an array of task objects.")
            ]),
            "text/calendar": .object(["schema": text("An iCalendar file of VTODOs.")]),
        ]),
    ])
}
