/// TASK-11: photos of tasks, and the bytes of any photo (a posting's too).
extension OpenAPI {
    static let photoNotFound = "No photo the caller may see has this id."

    static let photoPaths: [String: [String: Operation]] = [
        "/api/v1/tasks/{id}/attachments": [
            "get": Operation(
                tag: "Photos", id: "listTaskPhotos", summary: "TASK-11: the photos of a task the caller may see, oldest first.",
                description: "Any role may read them, also while the task is in the trash.", parameters: [idParameter],
                ok: ok(wrapper("attachments", "Photo")), statuses: [404], isReadOnly: true),
            "post": photoOperation(
                tag: "Photos", id: "addTaskPhoto", summary: "TASK-11: add a photo to a task (at most 10 per task).",
                description: "The caller needs the editor role or higher in the task's list.",
                conflicts: ["in_trash", "too_many_photos", "edit_conflict"], forbidden: editorNeeded),
        ],
        "/api/v1/attachments/{id}": [
            "get": Operation(
                tag: "Photos", id: "getAttachment",
                summary: "TASK-11: a photo's bytes, for whoever may see its task (or any member, for a posting's).",
                parameters: [idParameter], ok: attachmentBytes, statuses: [404], isReadOnly: true, notFound: photoNotFound),
            "delete": Operation(
                tag: "Photos", id: "deleteAttachment",
                summary: """
                    TASK-11: remove a photo: a task's by its list's editors, a posting's by its poster while nobody is \
                    assigned.
                    """,
                parameters: [idParameter], status: 204, statuses: [404],
                conflicts: ["in_trash", "posting_assigned", "edit_conflict"],
                forbidden: """
                    The token may only read, or the caller may see the photo but not change it: the editor role or \
                    higher is needed for a task's (the message names the role), the poster for a posting's.
                    """,
                notFound: photoNotFound),
        ],
    ]

    static let attachmentBytes: JSONValue = .object([
        "description": .string("The image, typed by what its bytes are."),
        "headers": .object([
            "X-Content-Type-Options": header("Never run as anything but the image it is.", text(const: "nosniff")),
            "Cache-Control": header(
                "A photo's id is never reused: keep it for a year.", text(const: "private, max-age=31536000, immutable")),
            "Content-Disposition": header("Shown, not saved.", text(const: "inline")),
            "Content-Security-Policy": header("Allows nothing.", text(const: "default-src 'none'")),
        ]),
        "content": .object(Dictionary(uniqueKeysWithValues: imageTypes.map { ($0, binary) })),
    ])
}
