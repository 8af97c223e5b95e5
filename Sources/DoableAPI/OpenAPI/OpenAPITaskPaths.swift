/// TASK: tasks and their actions, comments and history, labels and the trash.
extension OpenAPI {
    static let taskPaths: [String: [String: Operation]] = [
        "/api/v1/tasks": [
            "get": Operation(
                tag: "Tasks", id: "listTasks",
                summary: """
                    TASK-5 and TASK-7: search, filter, sort and page the live tasks the caller may see: its own and \
                    those of the lists shared with it.
                    """,
                parameters: taskQuery, ok: ok(ref("TaskPage")), statuses: [400, 404], isReadOnly: true,
                badRequest: "A query parameter has a bad value; `field` names it.",
                notFound: "The `list` names no live list the caller may see."),
            "post": Operation(
                tag: "Tasks", id: "createTask", summary: "TASK-1: create a task (in the Inbox when no list or parent is given).",
                description: """
                    A task in a shared list belongs to the list's owner; the caller needs the editor role or higher \
                    there.
                    """,
                body: "CreateTaskRequest", status: 201, ok: ok(ref("Task"), "Created."), statuses: [404],
                conflicts: ["edit_conflict"],
                badRequest: """
                    A rule is broken (including a due date in the past, a start after the due date, or an assignee who \
                    is neither the owner nor a member of the list); `field` names the input.
                    """,
                forbidden: editorNeeded,
                notFound: """
                    The list or parent task is not one the caller may see, or a label is not the caller's; `field` \
                    names it.
                    """),
        ],
        "/api/v1/tasks/{id}": [
            "get": Operation(
                tag: "Tasks", id: "getTask",
                summary: "TASK-1: a task the caller may see (its own or one of a list shared with it), also while in the trash.",
                parameters: [idParameter], ok: ok(ref("Task")), statuses: [404], isReadOnly: true),
            "patch": Operation(
                tag: "Tasks", id: "updateTask", summary: "TASK-2: edit any field; a new list or parent moves the subtasks along.",
                parameters: [idParameter], body: "UpdateTaskRequest", ok: ok(ref("Task")), statuses: [404],
                conflicts: ["in_trash", "edit_conflict"], ifMatch: true,
                badRequest: """
                    A rule is broken (including a new due date in the past, a start after the due date, a parent in \
                    another list or below the task itself, an assignee who is neither the owner nor a member of the \
                    task's list); `field` names the input.
                    """,
                forbidden: editorNeeded,
                notFound: """
                    No such task, or a referenced list or parent the caller may not see, or a label that is not the \
                    caller's (`field` names it).
                    """),
            "delete": Operation(
                tag: "Tasks", id: "deleteTask", summary: "TASK-8: move a task with its subtasks to the trash.",
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["in_trash", "edit_conflict"],
                ifMatch: true, forbidden: editorNeeded),
        ],
        "/api/v1/tasks/{id}/complete": [
            "post": Operation(
                tag: "Tasks", id: "completeTask",
                summary: "TASK-3 and TASK-4: complete a task, and its open subtasks when asked.",
                description: "The body may be empty.", parameters: [idParameter], body: "CompleteTaskRequest",
                bodyRequired: false, ok: ok(ref("Task")), statuses: [404], conflicts: ["in_trash", "edit_conflict"],
                ifMatch: true, forbidden: editorNeeded)
        ],
        "/api/v1/tasks/{id}/reopen": [
            "post": Operation(
                tag: "Tasks", id: "reopenTask", summary: "TASK-3: un-complete a task.",
                description: "Any request body is ignored.", parameters: [idParameter], ok: ok(ref("Task")), statuses: [404],
                conflicts: ["in_trash", "edit_conflict"], ifMatch: true, forbidden: editorNeeded)
        ],
        "/api/v1/tasks/{id}/restore": [
            "post": Operation(
                tag: "Tasks", id: "restoreTask", summary: "TASK-8: bring a task back from the trash with what went with it.",
                description: """
                    If its parent is still in the trash it comes back at the top level; if its list is, in the Inbox. \
                    Any request body is ignored.
                    """,
                parameters: [idParameter], ok: ok(ref("Task")), statuses: [404], conflicts: ["not_in_trash", "edit_conflict"],
                ifMatch: true, forbidden: editorNeeded)
        ],
        "/api/v1/tasks/{id}/duplicate": [
            "post": Operation(
                tag: "Tasks", id: "duplicateTask", summary: "TASK-9: copy a task with its subtasks, right after the original.",
                description: "Any request body is ignored.", parameters: [idParameter], status: 201,
                ok: ok(ref("Task"), "The copy."), statuses: [404], conflicts: ["in_trash", "edit_conflict"],
                forbidden: editorNeeded)
        ],
        "/api/v1/tasks/{id}/move": [
            "post": Operation(
                tag: "Tasks", id: "moveTask",
                summary: "TASK-5 and TASK-9: move a task to another list, parent or place among its siblings.",
                description: """
                    The caller needs the editor role or higher in the task's list and in the list it goes to; an \
                    assignee who is not a member of the new list is cleared.
                    """,
                parameters: [idParameter], body: "MoveTaskRequest", ok: ok(ref("Task")), statuses: [404],
                conflicts: ["in_trash", "edit_conflict"], ifMatch: true,
                badRequest: """
                    Both beforeId and afterId, a parent in another list or below the task, or a sibling that is the \
                    task itself or has another list or parent; `field` names it.
                    """,
                forbidden: editorNeeded,
                notFound: "No such task, or the list, parent or sibling is not one the caller may see (`field` names it).")
        ],
        "/api/v1/tasks/{id}/comments": [
            "get": Operation(
                tag: "Comments", id: "listComments", summary: "TASK-12: the comments on a task, oldest first.",
                description: "Any role may read them, also while the task is in the trash.", parameters: [idParameter],
                ok: ok(wrapper("comments", "Comment")), statuses: [404], isReadOnly: true),
            "post": Operation(
                tag: "Comments", id: "addComment", summary: "TASK-12: comment on a task.",
                description: "The task's assignee and whoever created it are notified (NOTIF-4), unless it is the caller.",
                parameters: [idParameter], body: "CommentRequest", status: 201, ok: ok(ref("Comment"), "Posted."),
                statuses: [404], conflicts: ["in_trash", "edit_conflict"], forbidden: editorNeeded),
        ],
        "/api/v1/tasks/{id}/activity": [
            "get": Operation(
                tag: "Comments", id: "taskActivity", summary: "TASK-12: a task's history, newest first.",
                description: "Any role may read it, also while the task is in the trash.",
                parameters: [idParameter, query("limit", integer(minimum: 1, maximum: 200, default: 200), "How many lines.")],
                ok: ok(wrapper("activity", "Activity")), statuses: [400, 404], isReadOnly: true,
                badRequest: "`limit` is not a whole number from 1 to 200.")
        ],
        "/api/v1/comments/{id}": [
            "patch": Operation(
                tag: "Comments", id: "updateComment", summary: "TASK-12: the author changes the text of its comment.",
                parameters: [idParameter], body: "CommentRequest", ok: ok(ref("Comment")), statuses: [404],
                conflicts: ["edit_conflict"], ifMatch: true,
                forbidden: roleForbidden("editing needs the editor role or higher; and only the author edits a comment")),
            "delete": Operation(
                tag: "Comments", id: "deleteComment", summary: "TASK-12: delete a comment.", parameters: [idParameter],
                status: 204, statuses: [404], conflicts: ["edit_conflict"], ifMatch: true,
                forbidden: roleForbidden(
                    "the author deletes its comment with the editor role or higher; an admin or the owner of the list deletes any")),
        ],
        "/api/v1/trash": [
            "get": Operation(
                tag: "Trash", id: "getTrash",
                summary: """
                    TASK-8: lists and tasks in the trash, restorable for 30 days: the lists the caller deleted, and the \
                    tasks of its own lists and of the lists shared with it as editor or above.
                    """,
                ok: ok(ref("Trash")), isReadOnly: true)
        ],
        "/api/v1/labels": [
            "get": Operation(
                tag: "Labels", id: "listLabels", summary: "TASK-6: the caller's labels.", ok: ok(wrapper("labels", "Label")),
                isReadOnly: true),
            "post": Operation(
                tag: "Labels", id: "createLabel", summary: "TASK-6: create a label.", body: "CreateLabelRequest", status: 201,
                ok: ok(ref("Label"), "Created."), conflicts: ["already_exists", "edit_conflict"]),
        ],
        "/api/v1/labels/{id}": [
            "patch": Operation(
                tag: "Labels", id: "updateLabel", summary: "TASK-6: rename or recolour a label.", parameters: [idParameter],
                body: "UpdateLabelRequest", ok: ok(ref("Label")), statuses: [404],
                conflicts: ["already_exists", "edit_conflict"], ifMatch: true),
            "delete": Operation(
                tag: "Labels", id: "deleteLabel", summary: "TASK-6: delete a label; it comes off every task.",
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["edit_conflict"], ifMatch: true),
        ],
    ]
}
