/// LIST and COLLAB-1: lists, their order, the list side of the trash, and sharing.
extension OpenAPI {
    /// COLLAB-3: what a 403 means where the caller's role in a list decides.
    static func roleForbidden(_ needed: String) -> String {
        """
        The token may only read, or the caller's role in the list is too small: \(needed); the message names the role \
        needed. Someone with no role in the list gets 404, never 403.
        """
    }

    static let editorNeeded = roleForbidden("this needs the editor role or higher")
    static let adminNeeded = roleForbidden("this needs the admin role or the owner")
    static let ownerNeeded = roleForbidden("only the owner may do this")
    static let notAMember = "No live list the caller may see has this id, or the account is not a member of it."

    static let listPaths: [String: [String: Operation]] = [
        "/api/v1/lists": [
            "get": Operation(
                tag: "Lists", id: "listLists",
                summary: """
                    LIST-4 and COLLAB-1: all live lists with open-task counts: the caller's own in its order, then \
                    those shared with it in its order of them.
                    """,
                ok: ok(wrapper("lists", "List")), isReadOnly: true),
            "post": Operation(
                tag: "Lists", id: "createList", summary: "LIST-1: create a list; it goes after the others.",
                body: "CreateListRequest", status: 201, ok: ok(ref("List"), "Created."),
                conflicts: ["already_exists", "edit_conflict"]),
        ],
        "/api/v1/lists/{id}": [
            "get": Operation(
                tag: "Lists", id: "getList",
                summary: "LIST-4: a live list the caller owns or is a member of, with its open-task count and the caller's role.",
                parameters: [idParameter], ok: ok(ref("List")), statuses: [404], isReadOnly: true),
            "patch": Operation(
                tag: "Lists", id: "updateList", summary: "LIST-2: edit name, description, colour, icon; archive or unarchive.",
                description: "COLLAB-3: the list's admins and owner change its settings.", parameters: [idParameter],
                body: "UpdateListRequest", ok: ok(ref("List")), statuses: [404],
                conflicts: ["already_exists", "inbox_protected", "edit_conflict"], ifMatch: true, forbidden: adminNeeded),
            "delete": Operation(
                tag: "Lists", id: "deleteList", summary: "LIST-3: move a list with its tasks to the trash (TASK-8).",
                description: "COLLAB-3: only the owner deletes a list; its members lose it until the owner restores it.",
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["inbox_protected", "edit_conflict"],
                ifMatch: true, forbidden: ownerNeeded),
        ],
        "/api/v1/lists/{id}/move": [
            "post": Operation(
                tag: "Lists", id: "moveList", summary: "LIST-2: reorder: put a list before or after another.",
                description: """
                    The owner orders its own lists; a member (any role) orders the lists shared with it among \
                    themselves, in an order of its own that nobody else sees.
                    """,
                parameters: [idParameter], body: "MoveListRequest", ok: ok(ref("List")), statuses: [404],
                conflicts: ["edit_conflict"], ifMatch: true)
        ],
        "/api/v1/lists/{id}/restore": [
            "post": Operation(
                tag: "Lists", id: "restoreList",
                summary: "TASK-8: bring a list back from the trash with the tasks that went with it.",
                description: """
                    Only the owner restores a list (a trashed list answers 404 to everyone else). Any request body is \
                    ignored.
                    """,
                parameters: [idParameter], ok: ok(ref("List")), statuses: [404],
                conflicts: ["not_in_trash", "already_exists", "edit_conflict"], ifMatch: true, forbidden: ownerNeeded)
        ],
        "/api/v1/lists/{id}/members": [
            "get": Operation(
                tag: "Sharing", id: "listMembers",
                summary: """
                    COLLAB-1: the people with access to a live list: the owner first, then the members in the order \
                    they were added.
                    """,
                description: "Any role may read them.", parameters: [idParameter], ok: ok(wrapper("members", "Member")),
                statuses: [404], isReadOnly: true),
            "post": Operation(
                tag: "Sharing", id: "addMember", summary: "COLLAB-1: share a list with another member by username or email.",
                description: "The list's admins and owner share it. The new member is notified (NOTIF-4).",
                parameters: [idParameter], body: "AddMemberRequest", status: 201, ok: ok(ref("Member"), "Added."),
                statuses: [404], conflicts: ["already_member", "inbox_protected", "edit_conflict"],
                badRequest: """
                    `role` is not viewer, editor or admin, or `login` is empty, longer than 254 characters, names no \
                    active member, or is the caller; `field` names it.
                    """,
                forbidden: adminNeeded + " Or (ACC-9) the server requires a confirmed email address first.",
                forbiddenCodes: ["forbidden", "email_unverified"],
                responses: [
                    "202": ok(
                        ref("IssuedInvitation"),
                        """
                        ACC-12: `login` is an email that has no account: the address is invited (by email when the \
                        server can send it), and joins the list when it registers with the link.
                        """)
                ]),
        ],
        "/api/v1/lists/{id}/members/{accountId}": [
            "patch": Operation(
                tag: "Sharing", id: "updateMember", summary: "COLLAB-1: change a member's role, or hand the list over.",
                description: """
                    `If-Match` is checked against the membership's version. Setting `owner` on the owner itself changes \
                    nothing.
                    """,
                parameters: [idParameter, accountIdParameter], body: "UpdateMemberRequest", ok: ok(ref("Member")),
                statuses: [404], conflicts: ["owner_role", "owner_needs_admin", "edit_conflict"], ifMatch: true,
                badRequest: "`role` is not viewer, editor, admin or owner, or `If-Match` is malformed; `field` names it.",
                forbidden: roleForbidden(
                    "changing a role needs the admin role or the owner, and only the owner hands the list over with `role` owner"),
                notFound: notAMember),
            "delete": Operation(
                tag: "Sharing", id: "removeMember", summary: "COLLAB-1: remove a member, or leave a shared list.",
                description: """
                    Any member leaves with its own account id; the list's admins and owner remove others. Tasks of the \
                    list assigned to the one leaving lose their assignee.
                    """,
                parameters: [idParameter, accountIdParameter], status: 204, statuses: [404],
                conflicts: ["owner_cannot_leave", "edit_conflict"], ifMatch: true,
                forbidden: roleForbidden("removing someone else needs the admin role or the owner"), notFound: notAMember),
        ],
    ]
}
