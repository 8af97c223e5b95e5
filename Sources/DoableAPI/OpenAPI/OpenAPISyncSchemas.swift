/// SYNC: what a device pushes and pulls (docs/sync.md).
extension OpenAPI {
    static let syncResponseSchemas: [String: JSONValue] = [
        "SyncResult": obj(
            [
                "id": integer(minimum: 1),
                "status": text(enum: ["applied", "rejected", "duplicate"]),
                "superseded": array(
                    text(), description: "SYNC-2: fields a later write (by clock) had set already; not changed."),
                "error": obj(["code": text(), "field": nullable(text()), "message": text()]),
            ], required: ["id", "status"],
            description: """
                What became of one mutation: `duplicate` when an earlier push handled it (a rejected one says \
                `rejected` again, with its reason).
                """),
        "SyncPushResponse": obj([
            "lastMutationId": integer("The last of the device's mutations the server has handled.", minimum: 0),
            "serverTime": described("Timestamp", "The server's clock, which devices take into their hybrid clock."),
            "results": array(ref("SyncResult")),
        ]),
        "SyncPullResponse": syncPullResponse,
    ]

    static let syncPullResponse = obj(
        [
            "cursor": text("Where the next pull starts; opaque."),
            "more": boolean("Pull again at once with the new cursor."),
            "reset": boolean(
                """
                The device empties its replica before applying this page: this page and the ones after it (until \
                `more` is false) are the whole state.
                """),
            "lastMutationId": integer(
                """
                The last of the device's mutations the server has handled; when `more` is false the state returned \
                includes them all.
                """,
                minimum: 0),
            "serverTime": ref("Timestamp"),
            "account": described("Account", "Present when the caller's profile or preferences changed."),
            "lists": array(ref("List")),
            "tasks": array(ref("Task")),
            "labels": array(ref("Label")),
            "reminders": array(ref("Reminder")),
            "deleted": array(
                obj(["entity": text(enum: ["list", "task", "label", "reminder"]), "id": idSchema]),
                description: """
                    What is gone for the caller: deleted for good, or no longer shared with it (a list's tasks go with \
                    it). A list in the trash comes to its owner with `deletedAt`, and is gone for its members.
                    """),
        ], optional: ["account"], description: "SYNC-1 and SYNC-4: each entity at most once, in its current state.")

    static let syncRequestSchemas: [String: JSONValue] = [
        "SyncMutation": obj(
            [
                "id": integer("The device's number for the mutation: 1, 2, 3… with no gaps.", minimum: 1),
                "name": text(
                    """
                    task.create, task.update, task.complete, task.reopen, task.move, task.delete, task.restore, \
                    list.create, list.update, list.delete, list.restore, label.create, label.update, label.delete, \
                    reminder.create or reminder.delete; an unknown name is rejected, not refused.
                    """),
                "hlc": text(
                    """
                    SYNC-2: the device's hybrid logical clock reading when the change was made; one more than 5 minutes \
                    ahead of the server is clamped.
                    """,
                    pattern: "^[0-9]{18}-[0-9]{5}-[!-~]{1,64}$"),
                "args": .object([
                    "type": .string("object"),
                    "description": .string(
                        """
                        The mutation's arguments (docs/sync.md): the REST API's fields, plus `id` (made by the device) \
                        and `rank`; an update has `id` and `fields`.
                        """),
                ]),
            ], required: ["id", "name", "hlc"], description: "SYNC-1: one change a device made."),
        "SyncPushRequest": obj([
            "clientId": idInput("The device's id, made once and kept with its replica."),
            "mutations": array(ref("SyncMutation"), maxItems: 100),
        ]),
        "SyncPullRequest": obj(
            [
                "clientId": idInput("The device's id, for `lastMutationId`."),
                "cursor": nullable(text("What the last pull answered; left out for a first sync.")),
                "limit": integer("Entities per page.", minimum: 1, maximum: 5000, default: 5000),
            ], required: []),
    ]
}
