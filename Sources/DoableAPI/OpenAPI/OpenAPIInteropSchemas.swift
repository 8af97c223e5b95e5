/// Private ICS feeds (INTEROP-2, API/FeedsDTOs.swift) and imports (INTEROP-5, API/ImportDTOs.swift).
extension OpenAPI {
    static let interopSchemas: [String: JSONValue] = [
        "Feeds": obj(
            [
                "all": obj([
                    "url": text(
                        """
                        Every task with a due date in the lists the member can see (open ones, and those completed in \
                        the last 30 days).
                        """,
                        format: "uri")
                ]),
                "lists": array(
                    obj([
                        "listId": idSchema,
                        "name": text("The list's name."),
                        "url": text("Every live task of the list.", format: "uri"),
                    ]), description: "One per list the member can see: its own, then those shared with it."),
            ],
            description: """
                INTEROP-2: the member's private feed URLs, absolute as the client reached the server (through a trusted \
                proxy's X-Forwarded-Proto and X-Forwarded-Host). The secret in them is the only credential: whoever \
                has a URL can read that feed until the member makes new links.
                """),
        "ImportReport": obj(
            [
                "listId": nullable(
                    described("Id", "The list the tasks went to; null in a dry run that would make a new list.")),
                "listName": text("The list's name (for a new one, what it is or would be called)."),
                "listCreated": boolean("Whether the list is (or would be) new."),
                "dryRun": boolean("A preview: nothing was written."),
                "created": integer("Tasks made (or that would be made).", minimum: 0),
                "skipped": array(
                    ref("ImportSkip"),
                    description: """
                        Items not imported (`field` null) and fields left out of imported tasks, each with its reason, \
                        in file order.
                        """),
                "labelsCreated": array(
                    text(),
                    description: "Names of the labels made for the import; the caller's labels are reused by name, ignoring case."),
                "remindersCreated": integer("Reminders made from iCalendar VALARMs.", minimum: 0),
                "tasks": array(
                    ref("ImportedTask"), description: "The tasks made, parents first; a dry run shows the first 200."),
            ], description: "INTEROP-5: what an import made, or would make."),
        "ImportSkip": obj(
            [
                "line": nullable(integer("The CSV line (Todoist).", minimum: 1)),
                "position": nullable(
                    integer("The item's place among the file's tasks, from 1 (Taskwarrior, iCalendar).", minimum: 1)),
                "title": text("The item's title as the file has it (may be empty)."),
                "field": nullable(
                    text(
                        """
                        The field left out of an imported task (`due`, `start`, `priority`, `parentId`, `labelIds`, \
                        `estimatedMinutes`, `recurrence`, `reminders`, `status`); null when the whole item was not \
                        imported.
                        """)),
                "reason": text(),
            ], description: "INTEROP-5: one thing of the file that was not imported, and why."),
        "ImportedTask": obj(
            [
                "id": nullable(described("Id", "Null in a dry run.")),
                "title": text(),
                "due": nullable(ref("TaskDate")),
                "priority": ref("TaskPriority"),
                "labels": array(text()),
                "parentTitle": nullable(text()),
                "completed": bool,
            ], description: "INTEROP-5: a task of an import, as the report shows it."),
    ]
}
