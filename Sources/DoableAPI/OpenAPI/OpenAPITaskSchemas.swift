/// Lists, tasks, labels, the trash and the export as the API answers them (API/TaskDTOs.swift,
/// API/CollaborationDTOs.swift).
extension OpenAPI {
    static let version = integer(
        """
        Raised by every change. Send it back as `If-Match` (quoted, as the `ETag` header gives it) to make a write \
        fail with 409 `version_mismatch` if the item changed meanwhile.
        """,
        minimum: 1)

    static let taskSchemas: [String: JSONValue] = [
        "List": obj(
            [
                "id": idSchema,
                "name": text(minLength: 1),
                "description": text(),
                "color": ref("Color"),
                "icon": nullable(text("A single emoji.")),
                "isInbox": bool,
                "isArchived": bool,
                "openTaskCount": integer(
                    "Live tasks of the list that are not completed (0 in the trash and in exports).", minimum: 0),
                "role": described("ListRole", "COLLAB-1: the caller's role in the list (owner for its own lists)."),
                "memberCount": integer(
                    "COLLAB-1: how many people share the list, the owner included (1 in the trash and in exports).",
                    minimum: 1),
                "ownerId": described("Id", "The account that owns the list (and its tasks)."),
                "createdAt": timestamp,
                "updatedAt": timestamp,
                "deletedAt": nullable(described("Timestamp", "When it went to the trash; null when it is not there.")),
                "version": version,
            ], description: "LIST-1..4 and COLLAB-1: one of the caller's own lists or one shared with it."),
        "SubtaskProgress": obj(
            ["done": integer(minimum: 0), "total": integer(minimum: 0)],
            description: "TASK-4: completed and all live tasks of the subtree below the task."),
        "Task": task,
        "TaskPage": obj([
            "tasks": array(ref("Task")),
            "nextOffset": nullable(integer("The offset of the next page; null on the last page.", minimum: 1)),
        ]),
        "Label": obj(
            [
                "id": idSchema,
                "name": text(minLength: 1),
                "color": ref("Color"),
                "createdAt": timestamp,
                "updatedAt": timestamp,
                "version": version,
            ], description: "TASK-6."),
        "Trash": obj(
            [
                "lists": array(ref("List")),
                "tasks": array(
                    ref("Task"), description: "Tasks deleted by themselves (not those that went with a list or a parent)."),
                "retentionDays": integer("Days an item stays restorable before it is deleted for good.", minimum: 1),
            ], description: "TASK-8."),
        "Export": export,
        "Membership": obj(
            [
                "listId": idSchema,
                "accountId": idSchema,
                "role": ref("GrantableRole"),
                "createdAt": timestamp,
            ],
            description: """
                COLLAB-1, in the export: one account's role in one list (the owner has none: the list's `ownerId` \
                names it).
                """),
        "Member": obj(
            [
                "accountId": idSchema,
                "username": ref("Username"),
                "displayName": text("First and last name, or the username when both are empty.", minLength: 1),
                "role": ref("ListRole"),
                "addedAt": described("Timestamp", "When the member was added; the list's creation for its owner."),
                "version": integer(
                    """
                    The membership's version (the list's for its owner). Send it back as `If-Match` (quoted) to make a \
                    change of the role or a removal fail with 409 `version_mismatch` if the membership changed meanwhile.
                    """,
                    minimum: 1),
            ], description: "COLLAB-1: a person with access to a list."),
        "Comment": obj(
            [
                "id": idSchema,
                "taskId": idSchema,
                "author": nullable(described("Username", "The author's username; null when the author's account is gone.")),
                "authorId": idSchema,
                "body": text("Plain text, 1 to 5,000 characters.", minLength: 1, maxLength: 5_000),
                "createdAt": timestamp,
                "editedAt": nullable(described("Timestamp", "When the author last changed the text; null if never.")),
                "canEdit": boolean("Whether the caller may edit it: its author, with the editor role or higher."),
                "canDelete": boolean(
                    "Whether the caller may delete it: its author with the editor role or higher, or an admin or the owner of the list."),
                "version": version,
            ], description: "TASK-12: a comment on a task, oldest first in a listing."),
        "Activity": obj(
            [
                "id": idSchema,
                "taskId": idSchema,
                "actorId": nullable(described("Id", "Who did it; null for the server's own work.")),
                "actor": nullable(
                    described("Username", "The actor's username; null for the server or an account that is gone.")),
                "action": text(enum: [
                    "created", "edited", "completed", "reopened", "moved", "deleted", "restored", "assigned", "unassigned",
                    "commented",
                ]),
                "fields": array(
                    text(enum: [
                        "title", "notes", "priority", "due", "start", "estimatedMinutes", "category", "labelIds", "parentId",
                        "status", "listId", "assigneeId",
                    ]),
                    description: """
                        The fields the change touched (empty for most actions other than edited, moved, assigned and \
                        unassigned).
                        """),
                "detail": text(
                    """
                    A short human detail, such as the list a task moved to, the assignee's username or the copied \
                    task's title; may be empty.
                    """),
                "at": timestamp,
            ], description: "TASK-12: one line of a task's history."),
    ]

    static let task = obj(
        [
            "id": idSchema,
            "listId": idSchema,
            "parentId": nullable(idSchema),
            "title": text(minLength: 1),
            "notes": text(),
            "status": ref("TaskStatus"),
            "priority": ref("TaskPriority"),
            "due": nullable(ref("TaskDate")),
            "start": nullable(ref("TaskDate")),
            "labelIds": array(idSchema),
            "attachmentIds": array(
                idSchema, maxItems: 10,
                description: """
                    TASK-11: the task's photos, oldest first; each one's bytes are at GET /api/v1/attachments/{id}. \
                    Filled in by the task operations and the export; empty in sync pulls, the trash and webhook payloads.
                    """),
            "estimatedMinutes": nullable(integer(minimum: 1, maximum: 100_000)),
            "category": nullable(ref("TaskCategory")),
            "assigneeId": nullable(idSchema),
            "recurrence": nullable(
                text(
                    """
                    TASK-10: the repeat rule, an RFC 5545 RRULE value in its canonical form (parts upper-case, FREQ \
                    first, COUNT and UNTIL last), e.g. FREQ=WEEKLY;BYDAY=MO,WE; null when the task does not repeat. \
                    COUNT counts down as occurrences are completed.
                    """,
                    minLength: 1)),
            "recurrenceBasis": ref("RecurrenceBasis"),
            "completedAt": nullable(timestamp),
            "isOverdue": boolean("TASK-3: its due moment passed while not completed."),
            "progress": ref("SubtaskProgress"),
            "createdAt": timestamp,
            "updatedAt": timestamp,
            "deletedAt": nullable(timestamp),
            "version": version,
            "rank": text(
                "TASK-5: the task's place among its siblings, a fractional key (base-62 digits after a letter); siblings sort by (rank, id).",
                minLength: 1),
            "reward": described(
                "Reward",
                """
                Only in the answer to POST /api/v1/tasks/{id}/complete, when completing earned a reward (the game is \
                on); absent everywhere else.
                """),
        ], optional: ["reward"],
        description: """
            TASK-1..4 and TASK-10. Completing a repeating task moves this same task on to its next occurrence (new \
            dates, pending again, subtasks reset, reminders moved along) and records the occurrence done; reopening it \
            puts that occurrence back.
            """)

    static let export = obj(
        [
            "exportedAt": timestamp,
            "account": ref("Account"),
            "lists": array(ref("List"), description: "Every list, trashed ones included (openTaskCount is 0)."),
            "tasks": array(ref("Task"), description: "Every task, trashed ones included."),
            "labels": array(ref("Label")),
            "tokens": array(ref("Credential")),
            "memberships": array(
                ref("Membership"),
                description: "COLLAB-1: who the caller's lists are shared with, and the caller's memberships of others' lists."),
            "comments": array(
                ref("Comment"),
                description: """
                    TASK-12: the comments on the caller's tasks and those it wrote on tasks it can still see; here \
                    `author` is null and `canEdit` and `canDelete` are false.
                    """),
            "reminders": array(ref("Reminder"), description: "NOTIF-1: the caller's own reminders."),
            "webhooks": array(ref("Webhook"), description: "INTEROP-4: the caller's webhooks, without their secrets."),
            "postings": array(ref("Posting"), description: "MKT-1: the caller's postings."),
            "bids": array(ref("MyBid"), description: "MKT-4: the caller's bids, each with its posting."),
            "questions": array(ref("Question"), description: "The questions the caller asked on postings it bid on."),
            "reviews": array(ref("Review"), description: "The reviews the caller wrote or received."),
            "photos": array(
                ref("Photo"),
                description: "TASK-11: the photos of the caller's tasks and postings (the bytes are at each one's url)."),
            "calendar": text(
                """
                The live tasks as an iCalendar (RFC 5545) document of VTODOs, with RRULE for repeating tasks and a \
                VALARM per reminder.
                """),
            "game": nullable(described("GameExport", "The companion game; null if the member never played.")),
        ], description: "ACC-6: everything of mine.")
}
