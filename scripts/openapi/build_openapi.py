#!/usr/bin/env python3
"""Builds the OpenAPI 3.1 document that `doable serve` answers at GET /api/v1/openapi.json (INTEROP-3).

The Swift code is the source of truth; this file describes it: routes (Application+build.swift and
API/*Controller.swift), request fields (the `allowed:` sets of JSONObjectReader and each handler's reads),
field rules (DoableCore/Rules.swift), response shapes (API/*DTOs.swift) and every status a handler can answer
(HTTP/ErrorMiddleware.swift). Change both together.

    scripts/openapi/build_openapi.py           # writes Sources/DoableServer/Resources/openapi.json
    scripts/openapi/build_openapi.py --check   # exits 1 when the committed document is out of date
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "Sources" / "DoableServer" / "Resources" / "openapi.json"


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema):
    """A value that may also be null. Enums and plain types get a type list; anything else an anyOf."""
    schema = dict(schema)
    if "$ref" in schema:
        return {"anyOf": [schema, {"type": "null"}]}
    if "enum" in schema:
        schema["type"] = [schema.get("type", "string"), "null"]
        schema["enum"] = schema["enum"] + [None]
        return schema
    if "type" in schema and isinstance(schema["type"], str):
        schema["type"] = [schema["type"], "null"]
        return schema
    return {"anyOf": [schema, {"type": "null"}]}


def obj(properties, required=None, description=None, **extra):
    """A closed object: the server refuses unknown request fields and answers no undocumented ones."""
    schema = {"type": "object"}
    if description:
        schema["description"] = description
    schema["properties"] = properties
    schema["required"] = list(properties) if required is None else required
    schema["additionalProperties"] = False
    schema.update(extra)
    return schema


def array(items, **extra):
    return {"type": "array", "items": items, **extra}


def text(description=None, **extra):
    schema = {"type": "string", **extra}
    if description:
        schema["description"] = description
    return schema


def integer(description=None, **extra):
    schema = {"type": "integer", **extra}
    if description:
        schema["description"] = description
    return schema


def boolean(description=None):
    return {"type": "boolean", "description": description} if description else {"type": "boolean"}


def described(name, description):
    """A reference to a named schema, with a description of this use of it."""
    return {**ref(name), "description": description}


def id_input(description):
    """An id in a request. Inlined rather than referenced: schemathesis 4.32 cannot bind its dictionaries of real
    ids (scripts/schemathesis.sh) to a referenced schema."""
    return {**ID_INPUT, "description": description}


BOOL = boolean()

# MARK: - Value schemas (DoableCore)

LIST_PALETTE = ["red", "orange", "yellow", "green", "teal", "blue", "indigo", "purple", "pink", "brown", "gray"]
UUID_LOWER = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
TIMESTAMP_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$"
DAY_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"

ID_INPUT = text(format="uuid")
NOTIFICATION_KINDS = ["listShared", "taskAssigned", "comment", "reminder", "reminderMissed", "bidPlaced",
                      "bidAccepted", "bidDeclined", "marketQuestion", "marketAnswer", "marketTaskDone",
                      "marketReview", "badgeEarned", "streakAtRisk"]
# AccountInputs.swift's PreferencesPatch.kindsWithChannels: the kinds a member chooses channels for.
KINDS_WITH_CHANNELS = ["reminder", "taskAssigned", "listShared", "comment", "bidPlaced", "bidAccepted", "bidDeclined",
                       "marketQuestion", "marketAnswer", "marketTaskDone", "marketReview", "badgeEarned",
                       "streakAtRisk"]
WEBHOOK_EVENTS = ["task.created", "task.updated", "task.completed", "task.deleted", "reminder", "task.assigned",
                  "list.shared", "comment.created", "bid.placed", "bid.accepted", "bid.declined", "posting.question",
                  "posting.answer", "posting.task_done", "posting.review", "game.badge", "game.streak_at_risk"]
# Rules.email: one @, a local part of printable ASCII without , ; @ (1 to 64), a domain of dotted labels.
EMAIL_PATTERN = "^[!-+.-:<-?A-~-]{1,64}@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$"

VALUE_SCHEMAS = {
    "Id": text("A lowercase UUID (ids the server makes are UUIDv7).", format="uuid", pattern=UUID_LOWER),
    "Timestamp": text("An RFC 3339 moment in UTC with milliseconds, e.g. 2026-11-21T18:55:26.123Z (years 0001 to "
                      "9999).",
                      format="date-time", pattern=TIMESTAMP_PATTERN),
    "Day": text("A calendar day, YYYY-MM-DD.", format="date", pattern=DAY_PATTERN),
    "TaskDate": {
        "description": "A whole day (YYYY-MM-DD) or a moment (RFC 3339 in UTC with milliseconds).",
        "anyOf": [ref("Day"), ref("Timestamp")],
    },
    "TaskDateInput": {
        "description": "A whole day (YYYY-MM-DD) or an RFC 3339 date-time; an offset is converted to UTC.",
        "anyOf": [text(format="date"), text(format="date-time")],
    },
    "Color": {
        "description": "A palette name or #RRGGBB (hex digits are stored upper-case).",
        "anyOf": [text(enum=LIST_PALETTE), text(pattern="^#[0-9A-F]{6}$")],
    },
    "ColorInput": {
        "description": "A palette name or #RRGGBB, either case.",
        "anyOf": [text(enum=LIST_PALETTE), text(pattern="^#[0-9A-Fa-f]{6}$")],
    },
    "Gender": text(enum=["female", "male", "nonBinary", "preferNotToSay", "selfDescribed"]),
    "EducationLevel": text(enum=["primary", "secondary", "vocational", "bachelor", "master", "doctorate", "other"]),
    "TaskStatus": text(enum=["pending", "inProgress", "completed"]),
    "TaskPriority": text(enum=["none", "low", "medium", "high"]),
    "TaskCategory": text(enum=["study", "work", "exercise", "personal", "other"]),
    "TaskSort": text("TASK-5: manual order, or by due date, priority, creation (newest first) or title.",
                     enum=["manual", "due", "priority", "created", "title"]),
    "Weekday": text(enum=["monday", "saturday", "sunday"]),
    "Theme": text(enum=["light", "dark", "system"]),
    "QuietHoursMode": text("silent: delivered in-app only; defer: delivered when quiet hours end.",
                           enum=["silent", "defer"]),
    "CredentialKind": text(enum=["session", "accessToken", "appPassword"]),
    "ListRole": text("COLLAB-1: what a person may do in a list; each role may do all the ones after it may. owner: "
                     "everything, including deleting or restoring the list and handing it over; admin: the list's "
                     "settings and its members; editor: add, edit, complete, move and delete tasks, and comment; "
                     "viewer: read the list, its tasks, comments, history and members.",
                     enum=["owner", "admin", "editor", "viewer"]),
    "GrantableRole": text("COLLAB-1: a role a membership can hold (`owner` is the list's own and changes only by a "
                          "hand-over).", enum=["viewer", "editor", "admin"]),
    "CredentialScope": text(enum=["read", "readWrite"]),
    "RecurrenceBasis": text("TASK-10: what the next occurrence counts from when the task is completed. due: the "
                            "task's own due (or start) date, so a weekly task done late still comes due on its "
                            "weekday; completion: the day it was completed, at the time of day the task had.",
                            enum=["due", "completion"]),
    "ReminderAnchor": text("NOTIF-1: the task date a relative reminder follows (a whole-day date counts from "
                           "09:00 in the member's time zone).", enum=["due", "start"]),
    "NotificationKind": text("NOTIF-2 and NOTIF-4. listShared: a list was shared with the member; taskAssigned: a "
                             "task was assigned to the member; comment: someone commented on a task the member "
                             "created or is assigned; reminder: one of the member's reminders came due (NOTIF-1); "
                             "reminderMissed: reminders that came due while the server was down longer than its "
                             "stale limit, dropped with this one note instead. The marketplace (MKT-8): bidPlaced: a "
                             "bid on the member's posting was placed or changed; bidAccepted and bidDeclined: the "
                             "member's bid was accepted, or declined (also when the posting was withdrawn or "
                             "returned to requested); marketQuestion: a question on the member's posting; "
                             "marketAnswer: the poster answered the member's question; marketTaskDone: the assignee "
                             "completed the posting's task (to the poster), or the poster marked it done (to the "
                             "assignee); marketReview: the other side rated the member. The game (GAME-4, GAME-5): "
                             "badgeEarned: the member earned a badge; streakAtRisk: the evening warning that the "
                             "streak ends at midnight unless today is kept.",
                             enum=NOTIFICATION_KINDS),
    "WebhookEvent": text("INTEROP-4: what a webhook subscribes to. task.created, task.updated, task.completed and "
                         "task.deleted: changes to the tasks the account sees (its own and those of lists shared "
                         "with it), read from its change feed (a repeating task completed is task.completed, "
                         "though it moves on to its next occurrence; task.deleted is a move to the trash or a purge "
                         "from it); reminder, task.assigned, list.shared and comment.created: the account's "
                         "notifications of those kinds (reminder also covers reminderMissed), sent when the "
                         "member's notificationChannels let webhooks hear that kind; bid.placed, bid.accepted, "
                         "bid.declined, posting.question, posting.answer, posting.task_done and posting.review: the "
                         "marketplace notifications bidPlaced, bidAccepted, bidDeclined, marketQuestion, "
                         "marketAnswer, marketTaskDone and marketReview; game.badge and game.streak_at_risk: the "
                         "game's notifications badgeEarned and streakAtRisk.",
                         enum=WEBHOOK_EVENTS),
    "ClockTime": text("HH:MM, 24-hour.", pattern="^([01][0-9]|2[0-3]):[0-5][0-9]$"),
    "Username": text("3 to 30 ASCII letters, digits or underscores; unique case-insensitively.",
                     pattern="^[A-Za-z0-9_]{3,30}$", minLength=3, maxLength=30),
    "Phone": text("E.164, like +14155550123.", pattern="^\\+[1-9][0-9]{1,14}$"),
    "Email": text("An address like name@example.com: at most 254 characters, printable ASCII, a local part of 1 to 64 "
                  "characters without , or ;, a dotted domain of letters, digits and hyphens. Unique "
                  "case-insensitively. Spaces around it are trimmed.", pattern=EMAIL_PATTERN, maxLength=254),
}

# MARK: - Response schemas (API/*DTOs.swift)

ID, TIMESTAMP = ref("Id"), ref("Timestamp")

RESPONSE_SCHEMAS = {
    "Error": obj({
        "error": obj({
            "code": text("Machine-readable: validation_failed, unauthenticated, forbidden, not_found, "
                         "already_exists, already_member, owner_role, owner_needs_admin, owner_cannot_leave, "
                         "inbox_protected, in_trash, not_in_trash, task_done, edit_conflict, version_mismatch, "
                         "payload_too_large, unsupported_media_type, rate_limited, query_timeout, database_unavailable, "
                         "storage_full, not_ready; "
                         "for the marketplace and photos posting_assigned, posting_closed, posting_not_assigned, "
                         "posting_not_done, own_posting, bid_not_open, already_reviewed, too_many_photos, "
                         "photo_too_large; for the game game_already_on, game_already_off, game_off, item_retired, "
                         "already_owned, not_enough_points, not_owned, no_streak_to_restore."),
            "message": text("A sentence for people."),
            "field": nullable(text("The input at fault, dotted for nested fields (preferences.timeZone), "
                                   "or null.")),
        }),
    }, description="INTEROP-3: the one error shape."),
    "QuietHours": obj({"start": ref("ClockTime"), "end": ref("ClockTime"), "mode": ref("QuietHoursMode")},
                      description="NOTIF-3: in the member's time zone; an end before the start spans midnight."),
    "ChannelSet": obj({
        "inApp": boolean("The in-app notification centre."),
        "email": boolean("An email to the account's address (through the server's SMTP server)."),
        "webhook": boolean("A POST to each of the account's webhooks subscribed to the kind's event."),
    }, description="NOTIF-2: the channels one kind of notification reaches."),
    "NotificationChannels": obj({
        "inApp": boolean("Default true."),
        "email": boolean("Default false."),
        "webhook": boolean("Default true: making a webhook that subscribes to an event is already the choice."),
        "byKind": {"type": "object", "description": "Channels for single kinds of notification, by kind; a kind "
                                                    "not named here uses inApp, email and webhook above "
                                                    "(reminderMissed is in-app only).",
                   "propertyNames": text(enum=KINDS_WITH_CHANNELS), "additionalProperties": ref("ChannelSet")},
    }, description="NOTIF-2: the channels the member hears notifications on."),
    "Preferences": obj({
        "timeZone": text("An IANA time zone name.", examples=["Europe/Berlin"]),
        "weekStart": ref("Weekday"),
        "theme": ref("Theme"),
        "accentColor": ref("Color"),
        "defaultSort": ref("TaskSort"),
        "quietHours": ref("QuietHours"),
        "notificationChannels": ref("NotificationChannels"),
        "gameOptIn": BOOL,
        "calDAVAccountPassword": boolean("INTEROP-1: whether the account's password signs CalDAV apps in (app "
                                         "passwords always do). Default true."),
    }, required=["timeZone", "weekStart", "theme", "accentColor", "defaultSort", "notificationChannels",
                 "gameOptIn", "calDAVAccountPassword"],
        description="ACC-7. `quietHours` is absent when none are set."),
    "Account": obj({
        "id": ID,
        "email": ref("Email"),
        "username": ref("Username"),
        "firstName": text(minLength=1),
        "lastName": text(minLength=1),
        "gender": nullable(ref("Gender")),
        "genderDescription": nullable(text("Set only with gender selfDescribed (1 to 30 characters).",
                                           minLength=1)),
        "dateOfBirth": nullable(ref("Day")),
        "educationLevel": nullable(ref("EducationLevel")),
        "phone": nullable(ref("Phone")),
        "showEmail": boolean("Whether the public profile shows the email."),
        "showPhone": boolean("Whether the public profile shows the phone."),
        "isAdmin": BOOL,
        "inboxId": ID,
        "preferences": ref("Preferences"),
        "createdAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
    }, description="ACC-1 and ACC-3: the signed-in member's own account."),
    "Session": obj({
        "account": ref("Account"),
        "token": text("A session secret for `Authorization: Bearer`; valid for 90 days.",
                      pattern="^dses_[A-Za-z0-9_-]{43}$"),
    }),
    "PublicProfile": obj({
        "username": ref("Username"),
        "displayName": text("First and last name, or the username when both are empty.", minLength=1),
        "email": nullable(described("Email", "Null unless the member chose to show it.")),
        "phone": nullable(ref("Phone")),
        "market": ref("MarketProfile"),
    }, description="ACC-3: what any member may see of another, with its standing on the marketplace."),
    "Credential": obj({
        "id": ID,
        "name": text("Session for sign-in sessions; otherwise as given (1 to 100 characters).", minLength=1),
        "kind": ref("CredentialKind"),
        "scope": ref("CredentialScope"),
        "createdAt": TIMESTAMP,
        "expiresAt": nullable(TIMESTAMP),
        "isCurrent": boolean("Whether this is the credential of the request."),
    }, description="ACC-5: a session, access token or app password; its secret is never shown again."),
    "IssuedCredential": obj({
        "credential": ref("Credential"),
        "secret": text("Shown only in this response.", pattern="^(dpat|dapp)_[A-Za-z0-9_-]{43}$"),
    }),
    "List": obj({
        "id": ID,
        "name": text(minLength=1),
        "description": text(),
        "color": ref("Color"),
        "icon": nullable(text("A single emoji.")),
        "isInbox": BOOL,
        "isArchived": BOOL,
        "openTaskCount": integer("Live tasks of the list that are not completed (0 in the trash and in exports).",
                                 minimum=0),
        "role": described("ListRole", "COLLAB-1: the caller's role in the list (owner for its own lists)."),
        "memberCount": integer("COLLAB-1: how many people share the list, the owner included (1 in the trash and "
                               "in exports).", minimum=1),
        "ownerId": described("Id", "The account that owns the list (and its tasks)."),
        "createdAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
        "deletedAt": nullable(described("Timestamp", "When it went to the trash; null when it is not there.")),
        "version": integer("Raised by every change. Send it back as `If-Match` (quoted, as the `ETag` header "
                           "gives it) to make a write fail with 409 `version_mismatch` if the item changed "
                           "meanwhile.", minimum=1),
    }, description="LIST-1..4 and COLLAB-1: one of the caller's own lists or one shared with it."),
    "SubtaskProgress": obj({"done": integer(minimum=0), "total": integer(minimum=0)},
                           description="TASK-4: completed and all live tasks of the subtree below the task."),
    "Task": obj({
        "id": ID,
        "listId": ID,
        "parentId": nullable(ID),
        "title": text(minLength=1),
        "notes": text(),
        "status": ref("TaskStatus"),
        "priority": ref("TaskPriority"),
        "due": nullable(ref("TaskDate")),
        "start": nullable(ref("TaskDate")),
        "labelIds": array(ID),
        "attachmentIds": array(ID, maxItems=10, description="TASK-11: the task's photos, oldest first; each one's "
                                                            "bytes are at GET /api/v1/attachments/{id}. Filled in "
                                                            "by the task operations and the export; empty in sync "
                                                            "pulls, the trash and webhook payloads."),
        "estimatedMinutes": nullable(integer(minimum=1, maximum=100_000)),
        "category": nullable(ref("TaskCategory")),
        "assigneeId": nullable(ID),
        "recurrence": nullable(text("TASK-10: the repeat rule, an RFC 5545 RRULE value in its canonical form (parts "
                                    "upper-case, FREQ first, COUNT and UNTIL last), e.g. FREQ=WEEKLY;BYDAY=MO,WE; "
                                    "null when the task does not repeat. COUNT counts down as occurrences are "
                                    "completed.", minLength=1)),
        "recurrenceBasis": ref("RecurrenceBasis"),
        "completedAt": nullable(TIMESTAMP),
        "isOverdue": boolean("TASK-3: its due moment passed while not completed."),
        "progress": ref("SubtaskProgress"),
        "createdAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
        "deletedAt": nullable(TIMESTAMP),
        "version": integer("Raised by every change. Send it back as `If-Match` (quoted, as the `ETag` header "
                           "gives it) to make a write fail with 409 `version_mismatch` if the item changed "
                           "meanwhile.", minimum=1),
        "rank": text("TASK-5: the task's place among its siblings, a fractional key (base-62 digits after a "
                     "letter); siblings sort by (rank, id).", minLength=1),
    }, description="TASK-1..4 and TASK-10. Completing a repeating task moves this same task on to its next "
                   "occurrence (new dates, pending again, subtasks reset, reminders moved along) and records the "
                   "occurrence done; reopening it puts that occurrence back."),
    "TaskPage": obj({
        "tasks": array(ref("Task")),
        "nextOffset": nullable(integer("The offset of the next page; null on the last page.", minimum=1)),
    }),
    "Label": obj({
        "id": ID,
        "name": text(minLength=1),
        "color": ref("Color"),
        "createdAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
        "version": integer("Raised by every change. Send it back as `If-Match` (quoted, as the `ETag` header "
                           "gives it) to make a write fail with 409 `version_mismatch` if the item changed "
                           "meanwhile.", minimum=1),
    }, description="TASK-6."),
    "Trash": obj({
        "lists": array(ref("List")),
        "tasks": array(ref("Task"), description="Tasks deleted by themselves (not those that went with a list "
                                                "or a parent)."),
        "retentionDays": integer("Days an item stays restorable before it is deleted for good.", minimum=1),
    }, description="TASK-8."),
    "Export": obj({
        "exportedAt": TIMESTAMP,
        "account": ref("Account"),
        "lists": array(ref("List"), description="Every list, trashed ones included (openTaskCount is 0)."),
        "tasks": array(ref("Task"), description="Every task, trashed ones included."),
        "labels": array(ref("Label")),
        "tokens": array(ref("Credential")),
        "memberships": array(ref("Membership"), description="COLLAB-1: who the caller's lists are shared with, "
                                                            "and the caller's memberships of others' lists."),
        "comments": array(ref("Comment"), description="TASK-12: the comments on the caller's tasks and those it "
                                                      "wrote on tasks it can still see; here `author` is null and "
                                                      "`canEdit` and `canDelete` are false."),
        "reminders": array(ref("Reminder"), description="NOTIF-1: the caller's own reminders."),
        "webhooks": array(ref("Webhook"), description="INTEROP-4: the caller's webhooks, without their secrets."),
        "postings": array(ref("Posting"), description="MKT-1: the caller's postings."),
        "bids": array(ref("MyBid"), description="MKT-4: the caller's bids, each with its posting."),
        "questions": array(ref("Question"), description="The questions the caller asked on postings it bid on."),
        "reviews": array(ref("Review"), description="The reviews the caller wrote or received."),
        "photos": array(ref("Photo"), description="TASK-11: the photos of the caller's tasks and postings "
                                                  "(the bytes are at each one's url)."),
        "calendar": text("The live tasks as an iCalendar (RFC 5545) document of VTODOs, with RRULE for repeating "
                         "tasks and a VALARM per reminder."),
    }, description="ACC-6: everything of mine."),
    "Membership": obj({
        "listId": ID,
        "accountId": ID,
        "role": ref("GrantableRole"),
        "createdAt": TIMESTAMP,
    }, description="COLLAB-1, in the export: one account's role in one list (the owner has none: the list's "
                   "`ownerId` names it)."),
    "Member": obj({
        "accountId": ID,
        "username": ref("Username"),
        "displayName": text("First and last name, or the username when both are empty.", minLength=1),
        "role": ref("ListRole"),
        "addedAt": described("Timestamp", "When the member was added; the list's creation for its owner."),
        "version": integer("The membership's version (the list's for its owner). Send it back as `If-Match` "
                           "(quoted) to make a change of the role or a removal fail with 409 `version_mismatch` "
                           "if the membership changed meanwhile.", minimum=1),
    }, description="COLLAB-1: a person with access to a list."),
    "Comment": obj({
        "id": ID,
        "taskId": ID,
        "author": nullable(described("Username", "The author's username; null when the author's account is "
                                                 "gone.")),
        "authorId": ID,
        "body": text("Plain text, 1 to 5,000 characters.", minLength=1, maxLength=5_000),
        "createdAt": TIMESTAMP,
        "editedAt": nullable(described("Timestamp", "When the author last changed the text; null if never.")),
        "canEdit": boolean("Whether the caller may edit it: its author, with the editor role or higher."),
        "canDelete": boolean("Whether the caller may delete it: its author with the editor role or higher, or an "
                             "admin or the owner of the list."),
        "version": integer("Raised by every change. Send it back as `If-Match` (quoted, as the `ETag` header "
                           "gives it) to make a write fail with 409 `version_mismatch` if the item changed "
                           "meanwhile.", minimum=1),
    }, description="TASK-12: a comment on a task, oldest first in a listing."),
    "Activity": obj({
        "id": ID,
        "taskId": ID,
        "actorId": nullable(described("Id", "Who did it; null for the server's own work.")),
        "actor": nullable(described("Username", "The actor's username; null for the server or an account that "
                                                "is gone.")),
        "action": text(enum=["created", "edited", "completed", "reopened", "moved", "deleted", "restored",
                             "assigned", "unassigned", "commented"]),
        "fields": array(text(enum=["title", "notes", "priority", "due", "start", "estimatedMinutes", "category",
                                   "labelIds", "parentId", "status", "listId", "assigneeId"]),
                        description="The fields the change touched (empty for most actions other than edited, "
                                    "moved, assigned and unassigned)."),
        "detail": text("A short human detail, such as the list a task moved to, the assignee's username or the "
                       "copied task's title; may be empty."),
        "at": TIMESTAMP,
    }, description="TASK-12: one line of a task's history."),
    "Notification": obj({
        "id": ID,
        "kind": ref("NotificationKind"),
        "title": text("At most 300 characters."),
        "body": text("At most 500 characters."),
        "taskId": nullable(described("Id", "The task it is about (null for listShared and reminderMissed).")),
        "listId": nullable(described("Id", "The list it is about (null for reminderMissed and the marketplace's).")),
        "postingId": nullable(described("Id", "MKT-8: the marketplace posting it is about (null for the other "
                                              "kinds).")),
        "createdAt": described("Timestamp", "When it was made; for a reminder, when the reminder fired."),
        "readAt": nullable(described("Timestamp", "When it was marked read; null while unread.")),
        "silent": boolean("NOTIF-3: a reminder that fired inside the member's quiet hours, delivered silently: in "
                          "the notification centre only (no email, webhook call or browser notification)."),
    }, description="NOTIF-2 and NOTIF-4: an entry of the in-app notification centre."),
    "NotificationPage": obj({
        "notifications": array(ref("Notification"), description="Newest first."),
        "unreadCount": integer("All unread notifications of the caller, whatever the filter and limit.",
                               minimum=0),
        "nextCursor": nullable(text("Pass as `before` for the next, older page; null on the last page.")),
    }),
    "UnreadCount": obj({"unreadCount": integer("The caller's notifications still unread.", minimum=0)}),
    "Reminder": obj({
        "id": ID,
        "taskId": ID,
        "at": nullable(described("Timestamp", "A reminder at a moment; null for one relative to a date.")),
        "relativeTo": nullable(described("ReminderAnchor", "A reminder relative to the task's due or start date; "
                                                           "null for one at a moment.")),
        "offsetMinutes": nullable(integer("Minutes from the date (negative is before: -15 is 15 minutes before); "
                                          "null for a reminder at a moment.", minimum=-527_040, maximum=527_040)),
        "nextAt": nullable(described("Timestamp", "When it fires next: its moment, or the end of a snooze or of "
                                                  "deferring quiet hours; null when it will not (it fired for its "
                                                  "moment, is silenced, the task has no such date, is completed "
                                                  "or in the trash). It moves with the task's dates and with each "
                                                  "occurrence of a repeating task.")),
        "snoozedUntil": nullable(described("Timestamp", "NOTIF-3: it fires at this moment instead (a snooze, or "
                                                        "quiet hours in defer mode); null otherwise.")),
        "silenced": boolean("NOTIF-3: it does not fire again until the task's next occurrence or a new moment."),
        "firedFor": nullable(described("Timestamp", "The moment it last fired (or was dropped as stale) for; "
                                                    "null if never.")),
        "createdAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
        "version": integer("Raised by every change. Send it back as `If-Match` (quoted, as the `ETag` header "
                           "gives it) to make a write fail with 409 `version_mismatch` if the item changed "
                           "meanwhile.", minimum=1),
    }, description="NOTIF-1 and NOTIF-3: one of the caller's own reminders on a task; either `at`, or "
                   "`relativeTo` with `offsetMinutes`. Reminders are personal: each member of a shared list sets "
                   "its own, and nobody else sees or hears them."),
    "Webhook": obj({
        "id": ID,
        "url": text("The http(s) address the deliveries are POSTed to.", minLength=1, maxLength=2000),
        "events": array(ref("WebhookEvent"), minItems=1, uniqueItems=True,
                        description="The events it subscribes to, in the order given, without repeats."),
        "createdAt": TIMESTAMP,
    }, description="INTEROP-4: one of the caller's outgoing webhooks (its secret is shown only when it is made). "
                   "See `webhooks` › `doableEvent` in this document for what it receives."),
    "CreatedWebhook": obj({
        "id": ID,
        "url": text("As given, without surrounding spaces.", minLength=1, maxLength=2000),
        "events": array(ref("WebhookEvent"), minItems=1, uniqueItems=True,
                        description="The events it subscribes to, in the order given, without repeats."),
        "createdAt": TIMESTAMP,
        "secret": text("The key of the HMAC-SHA256 signature in `X-Doable-Signature`; shown only in this "
                       "response.", pattern="^whsec_[A-Za-z0-9_-]{43}$"),
    }, description="INTEROP-4: a webhook just made, with its secret."),
    "DeliveryAttempt": obj({
        "number": integer("1 for the first try.", minimum=1),
        "at": TIMESTAMP,
        "succeeded": BOOL,
        "detail": text("The answer (HTTP 200, 250 accepted by …) or the error; at most 500 characters.",
                       maxLength=500),
    }, description="NOTIF-5: one try at sending a delivery."),
    "Delivery": obj({
        "id": described("Id", "Also the webhook body's `id` and its `X-Doable-Delivery` header."),
        "channel": text(enum=["email", "webhook"]),
        "event": described("WebhookEvent", "The event (`X-Doable-Event` of a webhook call; for an email, the "
                                           "event of its kind of notification)."),
        "state": text("pending: waiting for its next attempt; sent; failed: refused for good (a 4xx from the "
                      "webhook other than 408, 425 and 429, a 5xx SMTP reply, a deleted webhook, too many "
                      "redirects) or still failing a day after it was queued.",
                      enum=["pending", "sent", "failed"]),
        "attempts": array(ref("DeliveryAttempt"), description="Oldest first."),
        "lastError": nullable(text("The last failure; null once sent or before the first attempt.",
                                   maxLength=500)),
        "createdAt": described("Timestamp", "When it was queued, in the transaction of the change it tells of."),
        "sentAt": nullable(TIMESTAMP),
        "nextAttemptAt": nullable(described("Timestamp", "While pending: when it is tried (again); null once "
                                                         "sent or failed.")),
    }, description="NOTIF-5: a queued email or webhook call of the caller's and its attempts. A failure worth "
                   "retrying (a timeout, HTTP 408, 425, 429 or 5xx, a 4xx SMTP reply) is tried again 30 s later, "
                   "then twice as long after each further failure (at most an hour), each wait times a random "
                   "factor from 0.5 to 1.5, until a day after it was queued."),
    "WebhookPayload": obj({
        "id": described("Id", "The delivery's id (also in `X-Doable-Delivery`): a crash between sending and "
                              "recording may repeat a delivery once, with the same id, so drop repeats by it."),
        "event": ref("WebhookEvent"),
        "createdAt": described("Timestamp", "When the delivery was queued: the moment of the change or "
                                            "notification (for a reminder, when it fired)."),
        "data": obj({
            "title": text("The notification's title (a reminder's is the task's title), or the task's title for "
                          "task events (empty when the task was purged)."),
            "body": text("The notification's text (a reminder's says when the task is due); empty for task "
                         "events."),
            "taskId": nullable(ID),
            "listId": nullable(ID),
            "reminderId": nullable(described("Id", "For reminder: the reminder that fired.")),
            "postingId": nullable(described("Id", "For marketplace events (bid.*, posting.*): the posting.")),
            "task": nullable(described("Task", "For task events: the task as it was when the event was queued "
                                               "(labelIds as stored on the task, progress 0 of 0); null for "
                                               "notifications and for a task purged from the trash.")),
        }),
    }, description="INTEROP-4: the JSON body of a webhook call (keys sorted, UTF-8)."),
}

# MARK: - Request schemas (the `allowed:` sets and reads of each handler)

TITLE = text("1 to 200 characters after trimming.", minLength=1, maxLength=200)
LIST_NAME = text("1 to 50 characters after trimming; unique among the owner's lists, case-insensitively.",
                 minLength=1, maxLength=50)
LABEL_NAME = text("1 to 50 characters after trimming; unique among the owner's labels, case-insensitively.",
                  minLength=1, maxLength=50)
PERSON_NAME = text("1 to 30 characters after trimming.", minLength=1, maxLength=30)
PASSWORD = text("8 to 72 bytes (UTF-8).", minLength=8, maxLength=72)
GENDER_DESCRIPTION = nullable(text("1 to 30 characters, only with gender selfDescribed; otherwise null or empty.",
                                   maxLength=30))
DATE_OF_BIRTH = nullable(text("YYYY-MM-DD; not in the future and at least 13 years ago.", format="date"))

TASK_FIELDS = {
    "title": TITLE,
    "notes": text("At most 10,000 characters.", maxLength=10_000),
    "listId": id_input("A live list the caller may add tasks to: its own, or one shared with it as editor or "
                       "above (403 for a viewer); without it a new task goes to the parent's list or the Inbox. "
                       "Changing it moves the task with its subtasks; an assignee who is not a member of the new "
                       "list is cleared."),
    "parentId": nullable(id_input("A live task in the same list that the caller may edit; null for the top "
                                  "level.")),
    "status": ref("TaskStatus"),
    "priority": ref("TaskPriority"),
    "due": nullable(described("TaskDateInput", "Not in the past when set or changed through the API (TASK-2).")),
    "start": nullable(described("TaskDateInput", "Not after the due date.")),
    "labelIds": array(ID_INPUT, description="Labels of the caller; duplicates are dropped. Labels are each "
                                            "member's own: on a shared task they replace only the caller's, and "
                                            "the caller sees only its own."),
    "estimatedMinutes": nullable(integer("1 to 100,000.", minimum=1, maximum=100_000)),
    "category": nullable(ref("TaskCategory")),
    "assigneeId": nullable(id_input("COLLAB-2: the owner or a member of the task's list (400 naming "
                                    "assigneeId otherwise); null unassigns. Someone other than the caller is "
                                    "notified (NOTIF-4).")),
    "recurrence": nullable(text("TASK-10: an RFC 5545 RRULE value (a leading `RRULE:` is allowed; names and values "
                                "in any case, parts in any order), at most 500 bytes; null stops repeating. FREQ is "
                                "DAILY, WEEKLY, MONTHLY or YEARLY; INTERVAL and COUNT 1 to 1,000; UNTIL a date "
                                "(20261231) or a UTC time (20261231T235959Z), not before the task's first date; "
                                "BYDAY (MO…SU, with an ordinal for monthly and yearly rules: 2TU, -1FR), BYMONTHDAY "
                                "(1 to 31 or -31 to -1), BYMONTH, BYSETPOS and WKST. BYHOUR, BYMINUTE, BYSECOND, "
                                "BYYEARDAY, BYWEEKNO and finer frequencies are refused. The task needs a due or start "
                                "date to repeat from. 400 naming `recurrence` for anything else.",
                                maxLength=500)),
    "recurrenceBasis": described("RecurrenceBasis", "Default due."),
}

LIST_FIELDS = {
    "name": LIST_NAME,
    "description": text("At most 500 characters.", maxLength=500),
    "color": ref("ColorInput"),
    "icon": nullable(text("A single emoji.", minLength=1)),
    "isArchived": BOOL,
}

PREFERENCES_INPUT = obj({
    "timeZone": text("An IANA time zone name like Europe/Berlin.", pattern="^[A-Za-z0-9/_+-]{1,64}$"),
    "weekStart": ref("Weekday"),
    "theme": ref("Theme"),
    "accentColor": ref("ColorInput"),
    "defaultSort": ref("TaskSort"),
    "quietHours": nullable(obj({"start": ref("ClockTime"), "end": ref("ClockTime"),
                                "mode": described("QuietHoursMode", "Default silent.")},
                               required=["start", "end"])),
    "notificationChannels": obj({
        "inApp": BOOL, "email": BOOL, "webhook": BOOL,
        "byKind": obj({kind: obj({"inApp": BOOL, "email": BOOL, "webhook": BOOL}, required=[])
                       for kind in KINDS_WITH_CHANNELS}, required=[],
                      description="NOTIF-2: channels per kind of notification; a channel left out keeps what the "
                                  "kind has now. reminderMissed is in-app only. An unknown kind or channel is "
                                  "refused with 400 naming it "
                                  "(preferences.notificationChannels.byKind.reminder.email)."),
    }, required=[]),
    "gameOptIn": BOOL,
    "calDAVAccountPassword": BOOL,
}, required=[], description="ACC-7: only the fields given change; quietHours null clears them.")

AT_INPUT = text("An RFC 3339 date-time (an offset is converted to UTC), not more than a minute in the past and at "
                "most 10 years ahead.", format="date-time")
OFFSET_INPUT = integer("Minutes from the date, -527,040 to 527,040 (a year either way); negative is before. "
                       "Default 0.", minimum=-527_040, maximum=527_040)
ANCHOR_INPUT = described("ReminderAnchor", "The task must have this date (400 naming relativeTo otherwise).")
# `at` (a string) excludes relativeTo and offsetMinutes; offsetMinutes needs relativeTo; `at: null` counts as absent.
AT_ALONE = {"required": ["at"], "properties": {"at": {"type": "string"}},
            "not": {"anyOf": [{"required": ["relativeTo"]}, {"required": ["offsetMinutes"]}]}}
RELATIVE = {"required": ["relativeTo"], "properties": {"at": {"type": "null"}}}
NO_TRIGGER = {"properties": {"at": {"type": "null"}},
              "not": {"anyOf": [{"required": ["relativeTo"]}, {"required": ["offsetMinutes"]}]}}

RESPONSE_SCHEMAS.update({
    "SyncResult": obj({
        "id": integer(minimum=1),
        "status": text(enum=["applied", "rejected", "duplicate"]),
        "superseded": array(text(), description="SYNC-2: fields a later write (by clock) had set already; not "
                                                "changed."),
        "error": obj({"code": text(), "field": nullable(text()), "message": text()}),
    }, required=["id", "status"], description="What became of one mutation: `duplicate` when an earlier push "
                                              "handled it (a rejected one says `rejected` again, with its reason)."),
    "SyncPushResponse": obj({
        "lastMutationId": integer("The last of the device's mutations the server has handled.", minimum=0),
        "serverTime": described("Timestamp", "The server's clock, which devices take into their hybrid clock."),
        "results": array(ref("SyncResult")),
    }),
    "SyncPullResponse": obj({
        "cursor": text("Where the next pull starts; opaque."),
        "more": boolean("Pull again at once with the new cursor."),
        "reset": boolean("The device empties its replica before applying this page: this page and the ones after "
                         "it (until `more` is false) are the whole state."),
        "lastMutationId": integer("The last of the device's mutations the server has handled; when `more` is "
                                  "false the state returned includes them all.", minimum=0),
        "serverTime": ref("Timestamp"),
        "account": described("Account", "Present when the caller's profile or preferences changed."),
        "lists": array(ref("List")),
        "tasks": array(ref("Task")),
        "labels": array(ref("Label")),
        "reminders": array(ref("Reminder")),
        "deleted": array(obj({"entity": text(enum=["list", "task", "label", "reminder"]), "id": ID}),
                         description="What is gone for the caller: deleted for good, or no longer shared with it "
                                     "(a list's tasks go with it). A list in the trash comes to its owner with "
                                     "`deletedAt`, and is gone for its members."),
    }, required=["cursor", "more", "reset", "lastMutationId", "serverTime", "lists", "tasks", "labels", "reminders",
                 "deleted"], description="SYNC-1 and SYNC-4: each entity at most once, in its current state."),
})

REQUEST_SCHEMAS = {
    "RegistrationRequest": obj({
        "email": ref("Email"),
        "password": PASSWORD,
        "username": ref("Username"),
        "firstName": PERSON_NAME,
        "lastName": PERSON_NAME,
        "gender": nullable(ref("Gender")),
        "genderDescription": GENDER_DESCRIPTION,
        "dateOfBirth": DATE_OF_BIRTH,
        "educationLevel": nullable(ref("EducationLevel")),
        "phone": nullable(ref("Phone")),
    }, required=["email", "password", "username", "firstName", "lastName"], description="ACC-1.",
        examples=[{"email": "ann@example.com", "password": "a long secret", "username": "ann", "firstName": "Ann",
                   "lastName": "Lee", "dateOfBirth": "1990-04-01", "phone": "+14155550123"}]),
    "SignInRequest": obj({
        "login": text("The email or the username (case-insensitive)."),
        "password": text(),
    }, examples=[{"login": "ann", "password": "a long secret"}]),
    "ProfilePatch": obj({
        "email": ref("Email"),
        "username": ref("Username"),
        "firstName": PERSON_NAME,
        "lastName": PERSON_NAME,
        "gender": nullable(ref("Gender")),
        "genderDescription": GENDER_DESCRIPTION,
        "dateOfBirth": DATE_OF_BIRTH,
        "educationLevel": nullable(ref("EducationLevel")),
        "phone": nullable(ref("Phone")),
        "showEmail": BOOL,
        "showPhone": BOOL,
        "preferences": PREFERENCES_INPUT,
    }, required=[], description="ACC-3 and ACC-7: only the fields given change; null clears a nullable one."),
    "ChangePasswordRequest": obj({"currentPassword": text(), "newPassword": PASSWORD}),
    "DeleteAccountRequest": obj({"password": text("The current password.")}),
    "CreateTokenRequest": obj({
        "name": text("1 to 100 characters after trimming.", minLength=1, maxLength=100),
        "kind": text("Default accessToken.", enum=["accessToken", "appPassword"]),
        "scope": described("CredentialScope", "Default readWrite."),
        "expiresAt": nullable(text("In the future; null or absent for no expiry.", format="date-time")),
    }, required=["name"], description="ACC-5.",
        examples=[{"name": "Backup script", "kind": "accessToken", "scope": "read"}]),
    "CreateListRequest": obj(LIST_FIELDS, required=["name"], description="LIST-1. Colour defaults to blue.",
                             examples=[{"name": "Groceries", "color": "#16A34A", "icon": "🛒"}]),
    "UpdateListRequest": obj(LIST_FIELDS, required=[],
                             description="LIST-2: only the fields given change. The Inbox cannot be renamed or "
                                         "archived."),
    "MoveListRequest": obj({
        "beforeId": id_input("Put the list right before this other list of the caller."),
        "afterId": id_input("Put the list right after this other list (ignored when beforeId is "
                                        "given)."),
    }, required=[], anyOf=[{"required": ["beforeId"]}, {"required": ["afterId"]}], description="LIST-2."),
    "CreateTaskRequest": obj(TASK_FIELDS, required=["title"], description="TASK-1.",
                             examples=[{"title": "Buy oat milk", "priority": "high", "due": "2099-01-31",
                                        "estimatedMinutes": 15, "category": "personal"}]),
    "UpdateTaskRequest": obj(TASK_FIELDS, required=[],
                             description="TASK-2: only the fields given change; null clears a nullable one."),
    "CompleteTaskRequest": obj({
        "includeSubtasks": boolean("Also complete the open subtasks (TASK-4). Default false."),
    }, required=[]),
    "MoveTaskRequest": obj({
        "listId": id_input("Another live list of the caller; the subtasks move along."),
        "parentId": nullable(id_input("The new parent (same list, not the task or its subtasks); "
                                                  "null for the top level.")),
        "beforeId": id_input("Put the task right before this sibling."),
        "afterId": id_input("Put the task right after this sibling."),
    }, required=[], description="TASK-5 and TASK-9: give at most one of beforeId and afterId.",
        **{"not": {"required": ["beforeId", "afterId"]}}),
    "CreateLabelRequest": obj({"name": LABEL_NAME, "color": described("ColorInput", "Default gray.")},
                              required=["name"], description="TASK-6.", examples=[{"name": "home", "color": "teal"}]),
    "UpdateLabelRequest": obj({"name": LABEL_NAME, "color": ref("ColorInput")}, required=[],
                              description="TASK-6: rename or recolour."),
    "AddMemberRequest": obj({
        "login": text("The username or email of an active member (case-insensitive; spaces around it are "
                      "trimmed), not the caller's own.", minLength=1, maxLength=254),
        "role": ref("GrantableRole"),
    }, description="COLLAB-1.", examples=[{"login": "ben", "role": "editor"}]),
    "UpdateMemberRequest": obj({
        "role": text("viewer, editor or admin; `owner` hands the list over to this member, who must be an "
                     "admin (the owner only): the member then owns the list and its tasks, and the former owner "
                     "stays on as an admin.", enum=["viewer", "editor", "admin", "owner"]),
    }, description="COLLAB-1: change a member's role.", examples=[{"role": "viewer"}]),
    "CommentRequest": obj({
        "body": text("Plain text, 1 to 5,000 characters after trimming.", minLength=1, maxLength=5_000),
    }, description="TASK-12.", examples=[{"body": "I'll pick it up on Friday."}]),
    "MarkNotificationsReadRequest": obj({
        "ids": array(ID_INPUT, maxItems=1_000, description="Notifications of the caller to mark read (at most "
                                                           "1,000; duplicates are ignored)."),
        "all": boolean("true marks every notification of the caller read."),
    }, required=[], description="NOTIF-2: give either `ids` or `all: true`, not both.",
        oneOf=[{"required": ["ids"], "properties": {"all": {"const": False}}},
               {"required": ["all"], "properties": {"all": {"const": True}}, "not": {"required": ["ids"]}}],
        examples=[{"all": True}]),
    "SyncMutation": obj({
        "id": integer("The device's number for the mutation: 1, 2, 3… with no gaps.", minimum=1),
        "name": text("task.create, task.update, task.complete, task.reopen, task.move, task.delete, task.restore, "
                     "list.create, list.update, list.delete, list.restore, label.create, label.update, label.delete, "
                     "reminder.create or reminder.delete; an unknown name is rejected, not refused."),
        "hlc": text("SYNC-2: the device's hybrid logical clock reading when the change was made; one more than 5 "
                    "minutes ahead of the server is clamped.", pattern="^[0-9]{18}-[0-9]{5}-[!-~]{1,64}$"),
        "args": {"type": "object", "description": "The mutation's arguments (docs/sync.md): the REST API's fields, "
                                                  "plus `id` (made by the device) and `rank`; an update has `id` "
                                                  "and `fields`."},
    }, required=["id", "name", "hlc"], description="SYNC-1: one change a device made."),
    "SyncPushRequest": obj({
        "clientId": id_input("The device's id, made once and kept with its replica."),
        "mutations": array(ref("SyncMutation"), maxItems=100),
    }),
    "SyncPullRequest": obj({
        "clientId": id_input("The device's id, for `lastMutationId`."),
        "cursor": nullable(text("What the last pull answered; left out for a first sync.")),
        "limit": integer("Entities per page.", minimum=1, maximum=5000, default=5000),
    }, required=[]),
    "CreateReminderRequest": obj({
        "at": nullable(AT_INPUT),
        "relativeTo": ANCHOR_INPUT,
        "offsetMinutes": OFFSET_INPUT,
    }, required=[], description="NOTIF-1: either `at` (a moment), or `relativeTo` with `offsetMinutes`; `at: null` "
                                "counts as absent. Both, neither, or offsetMinutes without relativeTo: 400 naming "
                                "the field (at, or relativeTo).",
        oneOf=[AT_ALONE, RELATIVE],
        examples=[{"relativeTo": "due", "offsetMinutes": -15}, {"at": "2099-01-30T08:00:00Z"}]),
    "UpdateReminderRequest": obj({
        "at": nullable(AT_INPUT),
        "relativeTo": ANCHOR_INPUT,
        "offsetMinutes": OFFSET_INPUT,
        "silenced": boolean("NOTIF-3: true silences it (and ends a snooze) until the task's next occurrence; false "
                            "lets it fire again."),
    }, required=[], description="NOTIF-1 and NOTIF-3: a new trigger (as for a new reminder; it replaces the old "
                                "one, and the reminder may fire again for its new moment), and or `silenced`; "
                                "only what is given changes.",
        oneOf=[AT_ALONE, RELATIVE, NO_TRIGGER], examples=[{"silenced": True}, {"relativeTo": "start"}]),
    "SnoozeReminderRequest": obj({
        "minutes": integer("Fire again this many minutes from now, 1 to 10,080 (a week).", minimum=1,
                           maximum=10_080),
        "until": text("Fire again at this moment: in the future, at most 366 days ahead.", format="date-time"),
        "preset": text("5m, 1h, or tomorrow (09:00 tomorrow in the member's time zone).",
                       enum=["5m", "1h", "tomorrow"]),
    }, required=[], description="NOTIF-3: exactly one of `minutes`, `until` and `preset`. It works also after the "
                                "reminder fired, and ends silencing.",
        oneOf=[{"required": ["minutes"]}, {"required": ["until"]}, {"required": ["preset"]}],
        examples=[{"preset": "1h"}, {"minutes": 20}]),
    "CreateWebhookRequest": obj({
        "url": text("An http:// or https:// address with a host, without user name or password, at most 2,000 "
                    "bytes after trimming spaces, not this server itself, and not a loopback, private, link-local or "
                    "unique-local address in any written form (OPS-7; an admin may allow ranges with "
                    "--allow-outgoing). The addresses a host name resolves to are checked again at each call; "
                    "redirects are not followed.", minLength=1, maxLength=2000),
        "events": array(ref("WebhookEvent"), minItems=1, maxItems=100,
                        description="At least one; repeats are dropped."),
    }, description="INTEROP-4: an account has at most 20 webhooks.",
        examples=[{"url": "https://example.com/doable-hook", "events": ["reminder", "task.completed"]}]),
}

# MARK: - The marketplace (MKT) and photos (TASK-11): API/MarketDTOs.swift

IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"]
MONEY_RULES = ("a JSON number with at most two decimals, more than 0 and at most 1,000,000 (12.345 is refused, "
               "not rounded; a string such as \"12.50\" is refused too)")

# GAME-7: a plan's price may be 0 (a free plan), which a posting's money may not.
PLAN_PRICE = {"type": "number", "minimum": 0, "maximum": 1_000_000,
              "description": "The price per period: a JSON number with at most two decimals, 0 (a free plan) to "
                             "1,000,000 (12.345 is refused, not rounded; a string such as \"12.50\" is refused too)."}

VALUE_SCHEMAS.update({
    "Money": {"type": "number", "exclusiveMinimum": 0, "maximum": 1_000_000,
              "description": "MKT-1 and MKT-4: an amount of money, a JSON number with at most two decimals, written "
                             "exactly from whole cents (12.5 is 12.50)."},
    "PostingStatus": text("MKT-1, MKT-4, MKT-6, MKT-7: requested (no open bid), bidded (open bids), assigned (a bid "
                          "was accepted) or done (the poster marked it done).",
                          enum=["requested", "bidded", "assigned", "done"]),
    "BidStatus": text("MKT-4, MKT-6: open, accepted (the posting is assigned to its bidder), declined (by the "
                      "poster, or because another bid was accepted or the posting withdrawn) or withdrawn (by its "
                      "bidder).", enum=["open", "accepted", "declined", "withdrawn"]),
    "ImageKind": text("TASK-11: what the photo's bytes are.", enum=["jpeg", "png", "gif", "webp"]),
})

POSTING_FIELDS = {
    "id": ID,
    "poster": nullable(described("Username", "The poster's username; null when the account is gone.")),
    "title": text("1 to 30 characters.", minLength=1),
    "description": text("1 to 300 characters.", minLength=1),
    "category": nullable(described("CategoryRef", "MKT-11: the posting's category, an object with its id and "
                                                  "name (null only if the category no longer exists).")),
    "suggestedCategory": nullable(text("MKT-11: with the category Other, the category the poster suggests.",
                                       minLength=1)),
    "maxBid": described("Money", "The most a bid may ask."),
    "status": ref("PostingStatus"),
    "lowestBid": nullable(described("Money", "MKT-3: the lowest open bid; null without one.")),
    "bidCount": integer("Open bids.", minimum=0),
    "location": nullable(ref("Location")),
    "distanceKm": nullable({"type": "number", "minimum": 0,
                            "description": "MKT-9: kilometres from the point of `near` (two decimals); null "
                                           "without `near` or without a location."}),
    "bearingDegrees": nullable({"type": "number", "minimum": 0, "exclusiveMaximum": 360,
                                "description": "MKT-9: the direction from the point of `near`, degrees clockwise "
                                               "from north (one decimal); null as distanceKm."}),
    "assignee": nullable(described("Username", "The bidder it is assigned to, while assigned or done.")),
    "photoIds": array(ID, maxItems=10, description="TASK-11: its photos, oldest first (bytes at GET "
                                                   "/api/v1/attachments/{id})."),
    "createdAt": TIMESTAMP,
    "updatedAt": described("Timestamp", "Changes with every bid too."),
    "doneAt": nullable(TIMESTAMP),
    "version": integer("Raised by every change, bids included. Send it back as `If-Match` (quoted, as the `ETag` "
                       "header gives it) to make a write fail with 409 `version_mismatch` if the posting changed "
                       "meanwhile.", minimum=1),
    "myBid": nullable(described("OwnBid", "The caller's own open bid on it, if any.")),
    "unseenBidCount": nullable(integer("MKT-8: for the poster, open bids placed or changed since it last read "
                                       "them; null for everyone else.", minimum=0)),
}

BID_FIELDS = {
    "id": ID,
    "postingId": ID,
    "bidder": nullable(described("Username", "The bidder's username; null when the account is gone.")),
    "amount": ref("Money"),
    "message": text("The bidder's word to the poster; may be empty."),
    "status": ref("BidStatus"),
    "createdAt": TIMESTAMP,
    "updatedAt": TIMESTAMP,
    "version": integer("Raised by every change. Send it back as `If-Match` (quoted) to make a change or a "
                       "withdrawal fail with 409 `version_mismatch` if the bid changed meanwhile.", minimum=1),
    "bidderRating": described("MarketRating", "MKT-6: the bidder's standing, for the poster to weigh the bid."),
}

RESPONSE_SCHEMAS.update({
    "CategoryRef": obj({"id": ID, "name": text(minLength=1)}, description="MKT-11: a posting's category."),
    "Location": obj({
        "latitude": {"type": "number", "minimum": -90, "maximum": 90},
        "longitude": {"type": "number", "minimum": -180, "maximum": 180},
        "placeName": text("May be empty."),
        "exact": boolean("True for the poster and the assignee; for everyone else the point is rounded to two "
                         "decimals of a degree (about 1 km)."),
    }, description="MKT-1 and MKT-9: where the task is to be done (WGS 84 degrees)."),
    "OwnBid": obj({
        "id": ID,
        "amount": ref("Money"),
        "message": text(),
        "status": ref("BidStatus"),
        "createdAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
        "version": integer(minimum=1),
    }, description="The caller's own open bid, inside a posting."),
    "MarketRating": obj({
        "average": nullable({"type": "number", "minimum": 1, "maximum": 5,
                             "description": "The average of the member's visible ratings (two decimals); null "
                                            "without any."}),
        "count": integer("How many visible ratings.", minimum=0),
        "completionRate": nullable({"type": "number", "minimum": 0, "maximum": 1,
                                    "description": "completedCount / assignedCount (three decimals); null when "
                                                   "never assigned."}),
        "assignedCount": integer("Postings the member was assigned (its accepted bids).", minimum=0),
        "completedCount": integer("Of those, the ones their posters marked done.", minimum=0),
    }, description="A member's standing on the marketplace. A rating counts once it is visible: when both sides "
                   "of a posting rated, or 14 days after it was done."),
    "Posting": obj(POSTING_FIELDS, description="MKT-1, MKT-3, MKT-9: a posting as the caller may see it."),
    "PostingDetail": obj({
        **POSTING_FIELDS,
        "bids": array(ref("Bid"), description="MKT-6: every bid for the poster (reading them marks them seen, "
                                              "MKT-8; `unseenBidCount` counts those new before this read); the "
                                              "caller's own for anyone else. Oldest first."),
        "questions": array(ref("Question"), description="Public questions, oldest first."),
        "reviews": array(ref("Review"), description="Visible reviews, and the caller's own hidden one."),
        "canReview": boolean("The caller is the poster or the assignee of this done posting and has not rated "
                             "it yet."),
    }, description="A posting's page: the posting with its bids, questions and reviews."),
    "PostingPage": obj({
        "postings": array(ref("Posting")),
        "nextCursor": nullable(text("Pass as `cursor` for the next page; null on the last page and with `near`.",
                                    minLength=1)),
    }),
    "MyPostings": obj({
        "postings": array(ref("Posting"), description="Newest first."),
        "unseenBidCount": integer("MKT-8: the badge: open bids on all the caller's postings it has not seen.",
                                  minimum=0),
    }),
    "Bid": obj(BID_FIELDS, description="MKT-4 and MKT-6: a bid with its bidder's standing."),
    "MyBid": obj({**BID_FIELDS, "posting": ref("Posting")},
                 description="MKT-5: one of the caller's bids with its posting."),
    "Question": obj({
        "id": ID,
        "postingId": ID,
        "asker": nullable(described("Username", "Null when the account is gone.")),
        "body": text(minLength=1),
        "answer": nullable(text("The poster's answer; null until it answers.", minLength=1)),
        "answeredAt": nullable(TIMESTAMP),
        "createdAt": TIMESTAMP,
        "version": integer(minimum=1),
    }, description="A public question on a posting, and the poster's answer."),
    "Review": obj({
        "id": ID,
        "postingId": ID,
        "reviewer": nullable(described("Username", "Null when the account is gone.")),
        "reviewee": nullable(described("Username", "Null when the account is gone, and on a public profile (the "
                                                   "profile's member).")),
        "rating": integer(minimum=1, maximum=5),
        "body": text("May be empty."),
        "createdAt": TIMESTAMP,
        "isVisible": boolean("False while only its writer sees it: until the other side rated too, or 14 days "
                             "after the posting was done."),
    }, description="After a posting is done, the poster rates the assignee and the assignee the poster, once "
                   "each."),
    "Category": obj({
        "id": ID,
        "name": text(minLength=1),
        "isOther": boolean("The category Other, with which a member suggests a new one; always offered."),
        "isArchived": boolean("Offered for new postings no more; postings in it keep it."),
        "createdAt": TIMESTAMP,
        "version": integer(minimum=1),
    }, description="MKT-11: a marketplace category, set by admins."),
    "CategorySuggestion": obj({
        "postingId": ID,
        "postingTitle": text(minLength=1),
        "suggestion": text(minLength=1),
        "poster": nullable(ref("Username")),
        "createdAt": TIMESTAMP,
    }, description="MKT-11: a category a member suggested with Other."),
    "Photo": obj({
        "id": ID,
        "taskId": nullable(described("Id", "The task it belongs to; null for a posting's photo.")),
        "postingId": nullable(described("Id", "The posting it belongs to; null for a task's photo.")),
        "kind": ref("ImageKind"),
        "contentType": text(enum=IMAGE_TYPES),
        "byteCount": integer(minimum=1, maximum=65_536),
        "url": text("Where its bytes are.", pattern="^/api/v1/attachments/[0-9a-f-]{36}$"),
        "createdAt": TIMESTAMP,
    }, description="TASK-11: a photo of a task or of a marketplace posting."),
    "MarketProfile": obj({
        "rating": ref("MarketRating"),
        "reviews": array(ref("Review"), description="The latest visible reviews of the member (at most 20), "
                                                    "newest first."),
    }, description="A member's standing on the marketplace."),
})

MONEY_INPUT = {"type": "number", "exclusiveMinimum": 0, "maximum": 1_000_000}
LOCATION_INPUT = obj({
    "latitude": {"type": "number", "minimum": -90, "maximum": 90, "description": "-90 to 90."},
    "longitude": {"type": "number", "minimum": -180, "maximum": 180, "description": "-180 to 180."},
    "placeName": text("At most 100 characters after trimming; default empty.", maxLength=100),
}, required=["latitude", "longitude"], description="WGS 84 degrees; an error names `location.latitude` and so on.")
POSTING_INPUT_FIELDS = {
    "title": text("1 to 30 characters after trimming.", minLength=1, maxLength=30),
    "description": text("1 to 300 characters after trimming.", minLength=1, maxLength=300),
    "category": text("A category's id or name (case-insensitive) as GET /api/v1/market/categories lists them; not "
                     "an archived one.", minLength=1, maxLength=40),
    "suggestedCategory": nullable(text("MKT-11: with the category Other, a category to suggest to the admins (1 to "
                                       "40 characters after trimming; empty or null for none); ignored with any "
                                       "other category.", maxLength=40)),
    "maxBid": {**MONEY_INPUT, "description": "The most a bid may ask: " + MONEY_RULES + "."},
    "location": nullable({**LOCATION_INPUT, "description": "Where the task is to be done, or null for nowhere in "
                                                           "particular (MKT-9 finds only postings with one)."}),
}
BID_INPUT_FIELDS = {
    "amount": {**MONEY_INPUT, "description": "MKT-4: " + MONEY_RULES + "; at most the posting's maxBid."},
    "message": text("A word to the poster: at most 300 characters after trimming; default empty.", maxLength=300),
}

REQUEST_SCHEMAS.update({
    "CreatePostingRequest": obj(POSTING_INPUT_FIELDS, required=["title", "description", "category", "maxBid"],
                                description="MKT-1: a new posting, requested.",
                                examples=[{"title": "Mow the lawn", "description": "Front and back, about 200 m².",
                                           "category": "Gardening", "maxBid": 40,
                                           "location": {"latitude": 52.52, "longitude": 13.405,
                                                        "placeName": "Mitte"}}]),
    "UpdatePostingRequest": obj(POSTING_INPUT_FIELDS, required=[],
                                description="MKT-10: only the fields given change; null clears location or "
                                            "suggestedCategory. maxBid may not go below an open bid.",
                                examples=[{"maxBid": 45.5}]),
    "PlaceBidRequest": obj(BID_INPUT_FIELDS, required=["amount"], description="MKT-4.",
                           examples=[{"amount": 35.5, "message": "Tomorrow morning"}]),
    "UpdateBidRequest": obj(BID_INPUT_FIELDS, required=[], description="MKT-4: a new amount, message, or both.",
                            anyOf=[{"required": ["amount"]}, {"required": ["message"]}], examples=[{"amount": 30}]),
    "QuestionRequest": obj({
        "body": text("1 to 500 characters after trimming.", minLength=1, maxLength=500),
    }, examples=[{"body": "Is there a lawn mower?"}]),
    "AnswerRequest": obj({
        "answer": text("1 to 500 characters after trimming; replaces an earlier answer.", minLength=1, maxLength=500),
    }, examples=[{"answer": "Yes, in the shed."}]),
    "ReviewRequest": obj({
        "rating": integer("1 to 5.", minimum=1, maximum=5),
        "body": text("At most 500 characters after trimming; default empty.", maxLength=500),
    }, required=["rating"], examples=[{"rating": 5, "body": "Quick and careful."}]),
    "CreateCategoryRequest": obj({
        "name": text("1 to 40 characters after trimming.", minLength=1, maxLength=40),
    }, examples=[{"name": "Cooking"}]),
    "UpdateCategoryRequest": obj({
        "name": text("1 to 40 characters after trimming.", minLength=1, maxLength=40),
        "isArchived": boolean("true: no longer offered for new postings (not for Other); false: offered again."),
    }, required=[], anyOf=[{"required": ["name"]}, {"required": ["isArchived"]}],
        examples=[{"isArchived": True}]),
})

# MARK: - The companion game and statistics (GAME): API/GameDTOs.swift, API/StatsDTOs.swift

# GameRules.constants: each constant's name, the range an admin may set it to, and what it is.
GAME_RULES = [
    ("basePoints", 1, 1000, "Points (and XP) for any task done on time."),
    ("minutesPerBonusPoint", 1, 1440, "One extra point per this many minutes of the task's estimate…"),
    ("durationBonusCap", 0, 1000, "…up to this many extra points."),
    ("pointsPerDayEarly", 0, 1000, "Extra points per whole day a task with a deadline is done before it…"),
    ("earlyBonusCap", 0, 1000, "…up to this many."),
    ("recurringPercent", 100, 1000, "A repeating task done on time on every occurrence so far earns this "
                                    "percentage of its reward."),
    ("latePercent", 0, 100, "A task done after its deadline earns this percentage of the base (at least "
                            "minimumPoints); in strict mode nothing."),
    ("farmingSeconds", 0, 86_400, "A task completed within this many seconds of being created earns only "
                                  "minimumPoints."),
    ("minimumPoints", 0, 1000, "The least a completion earns (outside strict mode)."),
    ("xpPercent", 0, 1000, "XP is this percentage of the points of a reward."),
    ("streakBonusPerDay", 0, 1000, "A kept day pays this many points per day of the streak…"),
    ("streakBonusCapDays", 0, 1000, "…counting at most this many days."),
    ("restoreBase", 0, 100_000, "Buying back a broken streak costs this…"),
    ("restorePerDay", 0, 10_000, "…plus this per day of the streak lost…"),
    ("restoreHours", 1, 720, "…within this many hours of the end of the missed day."),
    ("warningHour", 0, 23, "The local hour after which the \"streak about to break\" warning may go out."),
]
STATS_CHARTS = ["completions", "ontime", "weekdays", "points", "monthly"]
WEEKDAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
COUNT = integer(minimum=0)
SVG_CONTENT = {"image/svg+xml": {"schema": text("An SVG document: shapes and text only, no script, nothing "
                                                "fetched.")}}
COMPANION_NAME = text("1 to 30 characters after trimming, no control characters.", minLength=1, maxLength=30)

VALUE_SCHEMAS.update({
    "Species": text("GAME-2: what the companion is.", enum=["cat", "dog", "fox", "owl", "bunny", "dragon"]),
    "CompanionColor": text("GAME-2: the companion's color.",
                           enum=["amber", "coral", "rose", "violet", "sky", "teal", "moss", "slate"]),
    "Mood": text("GAME-2: from the last three closed days and the last three days' completions (kept days and "
                 "on-time completions raise it, missed days and late completions lower it).",
                 enum=["happy", "neutral", "sad"]),
    "Badge": text("GAME-5: firstTask, tasks10, tasks100, tasks1000 (tasks completed with the game on), streak7, "
                  "streak30, streak100 (days of a streak), recurring10 (one repeating task done 10 times), "
                  "perfectWeek (every day of a Monday-to-Sunday week kept or off, one at least kept).",
                  enum=["firstTask", "tasks10", "tasks100", "tasks1000", "streak7", "streak30", "streak100",
                        "recurring10", "perfectWeek"]),
    "ItemCategory": text("GAME-3.", enum=["clothes", "accessory", "furniture", "trinket"]),
    "ItemSlot": text("GAME-3: where an item goes; equipping one empties its slot of any other. Worn by the "
                     "companion: head, eyes, neck, body, held; in its home: floorLeft, floorRight, wall, rug, shelf.",
                     enum=["head", "eyes", "neck", "body", "held", "floorLeft", "floorRight", "wall", "rug",
                           "shelf"]),
    "PlanPeriod": text("GAME-7: what the price is for.", enum=["month", "year"]),
    "GameRules": obj({name: integer(description, minimum=low, maximum=high)
                      for name, low, high, description in GAME_RULES},
                     description="GAME-1 and GAME-4: the constants of the game's formulas (docs/game.md), each a "
                                 "whole number; admins change them."),
})

STORE_ITEM_FIELDS = {
    "id": ID,
    "name": text("1 to 60 characters.", minLength=1, maxLength=60),
    "description": text("At most 300 characters.", maxLength=300),
    "category": ref("ItemCategory"),
    "slot": ref("ItemSlot"),
    "price": integer("Points.", minimum=0, maximum=100_000),
    "retired": boolean("No longer sold; whoever owns it keeps it."),
}
PLAN_FIELDS = {
    "id": ID,
    "name": text("1 to 60 characters.", minLength=1, maxLength=60),
    "price": {"type": "number", "minimum": 0, "maximum": 1_000_000,
              "description": "The price per period, a number with at most two decimals (payment is out of scope)."},
    "period": ref("PlanPeriod"),
    "description": text("At most 1,000 characters.", maxLength=1000),
}
BUCKET = obj({
    "label": text("Mon 23 (a day of the week), Nov 23 (a day of the month), Nov 2026 (a month).", minLength=1),
    "from": ref("Day"),
    "through": ref("Day"),
    "completed": COUNT,
    "pending": integer("Open tasks (now) due in it (0 in `monthly`).", minimum=0),
    "onTime": integer("Completions with a deadline, done by it.", minimum=0),
    "late": integer("Completions done after their deadline.", minimum=0),
    "points": nullable(integer("Points earned in it (rewards, reversals and streak bonuses); null with the game "
                               "off.")),
}, description="GAME-6: one bar of the charts.")

RESPONSE_SCHEMAS.update({
    "Companion": obj({
        "name": COMPANION_NAME,
        "species": ref("Species"),
        "color": ref("CompanionColor"),
        "mood": ref("Mood"),
        "level": integer("The member's level, which the companion grows with.", minimum=1, maximum=100),
        "equipped": array(ref("StoreItem"), description="GAME-3: what the companion wears and its home holds."),
        "greeting": text("What it says now (by the time of day, the mood and the streak).", minLength=1),
        "svgUrl": text("Its picture, wearing what is equipped.", const="/api/v1/game/companion.svg"),
    }, description="GAME-2: the companion (SPEC's fields name, species, color, mood, level, equipped)."),
    "GameDay": obj({
        "date": ref("Day"),
        "status": text("kept: every task due that day done, and one at least; missed; off: a day off; paused: the "
                       "game was off; restored: a missed day bought back.",
                       enum=["kept", "missed", "off", "paused", "restored"]),
        "streak": integer("The streak after the day.", minimum=0),
        "bonus": integer("Streak bonus points paid for it.", minimum=0),
        "dueCount": COUNT,
        "doneCount": COUNT,
    }, description="GAME-4: a closed day (closed once, after the member's midnight in its time zone)."),
    "Streak": obj({
        "current": integer("The streak after the last closed day.", minimum=0),
        "best": integer("The longest streak of the last 400 closed days.", minimum=0),
        "today": obj({
            "date": ref("Day"),
            "openDue": integer("Tasks due today still open.", minimum=0),
            "done": integer("Tasks done today.", minimum=0),
            "kept": boolean("Kept so far: nothing due is open and something was done."),
            "off": boolean("A day off."),
        }),
        "offWeekdays": array(integer(minimum=0, maximum=6), maxItems=6, uniqueItems=True,
                             description="Weekdays off, 0 Monday to 6 Sunday."),
        "offDays": array(ref("Day"), uniqueItems=True, description="Days off (a vacation), oldest first."),
        "restore": nullable(obj({
            "day": described("Day", "The missed day that broke the streak."),
            "lostStreak": integer(minimum=1),
            "cost": integer("Points it costs (restoreBase + restorePerDay × lostStreak).", minimum=0),
            "deadline": described("Timestamp", "restoreHours after the end of the missed day."),
        }, description="A broken streak that can still be bought back (POST /api/v1/game/streak/restore); null "
                       "when there is none.")),
        "restorableUntil": nullable(described("Timestamp", "SPEC's name: until when the broken streak can be bought "
                                                           "back (restore.deadline); null when there is none.")),
        "days": array(ref("GameDay"), maxItems=14, description="The last 14 closed days, oldest first."),
    }, description="GAME-4."),
    "StoreItem": obj({
        **STORE_ITEM_FIELDS,
        "svg": text("A standalone SVG picture of the item.", minLength=1),
        "owned": BOOL,
        "equipped": BOOL,
        "affordable": boolean("The caller has at least its price in points."),
    }, description="GAME-3: an item as the caller sees it."),
    "EarnedBadge": obj({
        "id": ref("Badge"),
        "title": text(minLength=1),
        "summary": text(minLength=1),
        "awardedAt": TIMESTAMP,
    }, description="GAME-5: a badge the member holds (each is awarded once)."),
    "BadgeStatus": obj({
        "id": ref("Badge"),
        "title": text(minLength=1),
        "summary": text(minLength=1),
        "earned": BOOL,
        "awardedAt": nullable(described("Timestamp", "When it was earned; null if not yet.")),
    }, description="GAME-5: a badge, earned or not."),
    "Game": obj({
        "enabled": boolean("Whether the game is on (the preference gameOptIn)."),
        "strict": boolean("Strict mode: a task done after its deadline earns nothing."),
        "points": integer("Points to spend (may be below zero after a reward was taken back)."),
        "xp": integer(minimum=0),
        "level": integer(minimum=1, maximum=100),
        "levelXp": integer("XP gained into the level.", minimum=0),
        "levelNeeds": integer("XP the next level needs (0 at level 100).", minimum=0),
        "completedCount": integer("Net tasks completed with the game on.", minimum=0),
        "companion": ref("Companion"),
        "streak": ref("Streak"),
        "badges": array(ref("EarnedBadge"), description="Earned badges, oldest first."),
        "rules": ref("GameRules"),
    }, description="GAME-1, GAME-2, GAME-4, GAME-5: the caller's game (the days that ended since the last look "
                   "are closed first)."),
    "Pet": obj({"says": text(minLength=1), "mood": ref("Mood")}, description="GAME-2: petting the companion."),
    "Store": obj({"points": integer("The caller's points."), "items": array(ref("StoreItem"))},
                 description="GAME-3: the items on sale."),
    "LedgerEntry": obj({
        "id": ID,
        "kind": text("reward and reversal (a completion and its taking back), streakBonus, purchase, "
                     "streakRestore.", enum=["reward", "reversal", "streakBonus", "purchase", "streakRestore"]),
        "reference": text("The completion's id (reward, reversal), the day (streakBonus, streakRestore) or the "
                          "item's id (purchase)."),
        "points": integer(),
        "xp": integer(),
        "date": described("Day", "The member's day it counts on."),
        "detail": text("How it was worked out, in words."),
        "at": TIMESTAMP,
    }, description="GAME-1: a change to the member's points or XP; the ledger adds up to the profile."),
    "Plan": obj(PLAN_FIELDS, description="GAME-7: a subscription plan on offer."),
    "AdminPlan": obj({**PLAN_FIELDS, "retired": boolean("No longer offered."), "createdAt": TIMESTAMP,
                      "updatedAt": TIMESTAMP, "version": integer(minimum=1)},
                     description="GAME-7: a plan as admins see it."),
    "AdminStoreItem": obj({
        **STORE_ITEM_FIELDS,
        "svg": text("The item's SVG fragment as stored (drawn in its slot's 100×100 box)."),
        "preview": text("A standalone SVG picture of the item.", minLength=1),
        "createdAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
        "version": integer(minimum=1),
    }, description="GAME-3: an item as admins see it."),
    "Reward": obj({
        "points": integer(minimum=0),
        "xp": integer(minimum=0),
        "message": text("One line for people: \"+14 points and 14 XP: base 10, 2 days early +4.\"", minLength=1),
        "parts": array(obj({"label": text(minLength=1), "points": integer(minimum=0)}),
                       description="Each part of the sum, in order."),
        "onTime": nullable(boolean("Done by its deadline; null without one.")),
        "late": boolean("Done after its deadline (earns less, nothing in strict mode)."),
        "totalPoints": integer("The caller's points after it."),
        "level": integer(minimum=1, maximum=100),
        "leveledUp": BOOL,
        "badges": array(ref("Badge"), description="Badges this completion earned."),
        "companion": obj({"name": COMPANION_NAME, "mood": ref("Mood"), "says": text(minLength=1)}),
    }, description="QR-01 and GAME-1: what completing a task earned (the formula in docs/game.md)."),
    "Stats": obj({
        "period": text(enum=["week", "month", "year"]),
        "from": ref("Day"),
        "through": described("Day", "Today."),
        "completed": integer("Completions in the period.", minimum=0),
        "pending": integer("Open tasks now.", minimum=0),
        "overdue": integer("Open tasks now past due.", minimum=0),
        "onTimeRate": nullable({"type": "number", "minimum": 0, "maximum": 1,
                                "description": "Share of the period's completions with a deadline done by it "
                                               "(three decimals); null when none had one."}),
        "averageSecondsToComplete": nullable({"type": "number", "description": "Mean whole seconds from a task's "
                                                                               "creation (or its previous "
                                                                               "occurrence) to its completion; "
                                                                               "null without data."}),
        "busiestWeekday": nullable(text("The weekday with the most completions; null with none.",
                                        enum=WEEKDAY_NAMES)),
        "weekdayCounts": obj({day: COUNT for day in WEEKDAY_NAMES}, description="Completions per weekday."),
        "points": nullable(integer("Points earned in the period; null with the game off.")),
        "buckets": array(ref("StatsBucket"), description="A day each (week: 7, month: 30) or a month each (year: "
                                                         "12), oldest first."),
        "monthly": nullable(array(ref("StatsBucket"), minItems=12, maxItems=12,
                                  description="After a month of use: the last 12 months, oldest first; null "
                                              "before.")),
        "charts": obj({
            "completions": text("Completed and pending per bucket.", minLength=1),
            "ontime": text("On time and late per bucket.", minLength=1),
            "weekdays": text("Completions per weekday.", minLength=1),
            "points": nullable(text("Points per bucket; null with the game off.", minLength=1)),
            "monthly": nullable(text("The monthly progress; null before a month of use.", minLength=1)),
        }, description="The charts' URLs (SVG)."),
    }, description="GAME-6: the caller's statistics, game on or off."),
    "StatsBucket": BUCKET,
    "GameExport": obj({
        "enabled": BOOL,
        "strict": BOOL,
        "points": integer(),
        "xp": integer(minimum=0),
        "level": integer(minimum=1, maximum=100),
        "completedCount": integer(minimum=0),
        "companion": obj({"name": COMPANION_NAME, "species": ref("Species"), "color": ref("CompanionColor")}),
        "owned": array(obj({"itemId": ID, "boughtAt": TIMESTAMP})),
        "equipped": array(ID),
        "badges": array(obj({"id": ref("Badge"), "awardedAt": TIMESTAMP})),
        "offWeekdays": array(integer(minimum=0, maximum=6)),
        "offDays": array(ref("Day")),
        "lastClosedDay": ref("Day"),
        "createdAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
        "days": array(ref("GameDay"), description="Every closed day, oldest first."),
        "ledger": array(ref("LedgerEntry"), description="The whole ledger, newest first."),
    }, description="GAME in the export: the profile, every closed day and the ledger."),
})
RESPONSE_SCHEMAS["Task"]["properties"]["reward"] = described(
    "Reward", "Only in the answer to POST /api/v1/tasks/{id}/complete, when completing earned a reward (the game "
              "is on); absent everywhere else.")
RESPONSE_SCHEMAS["Export"]["properties"]["game"] = nullable(described(
    "GameExport", "The companion game; null if the member never played."))
RESPONSE_SCHEMAS["Export"]["required"].append("game")

REQUEST_SCHEMAS.update({
    "GamePatch": obj({
        "enabled": boolean("Turn the game on or off (409 when it already is)."),
        "strict": boolean("Strict mode: a task done after its deadline earns nothing."),
        "offWeekdays": array(integer(minimum=0, maximum=6), maxItems=7,
                             description="Weekdays off, 0 Monday to 6 Sunday (not all seven); replaces the set."),
        "offDays": array(text(format="date"), maxItems=366,
                         description="Days off, YYYY-MM-DD, replacing the set: new ones from today to a year ahead "
                                     "(past ones stay as they were)."),
    }, required=[], description="GAME-1 and GAME-4: only the fields given change.",
        examples=[{"enabled": True}, {"offWeekdays": [5, 6]}]),
    "CompanionPatch": obj({
        "name": COMPANION_NAME,
        "species": ref("Species"),
        "color": ref("CompanionColor"),
        "colour": {**ref("CompanionColor"), "deprecated": True,
                   "description": "The name of `color` before it matched SPEC; read when `color` is absent."},
    }, required=[], description="GAME-2: only the fields given change; the game must be on.",
        examples=[{"name": "Biscuit", "species": "fox", "color": "teal"}]),
    "GameRulesPatch": obj({name: integer(description, minimum=low, maximum=high)
                           for name, low, high, description in GAME_RULES},
                          required=[], description="GAME-1: any of the constants; an unknown name or a value out "
                                                   "of range is a 400 naming rules.NAME, and nothing changes.",
                          examples=[{"basePoints": 12}]),
    "CreateStoreItemRequest": obj({
        "name": text("1 to 60 characters after trimming.", minLength=1, maxLength=60),
        "description": text("At most 300 characters; default empty.", maxLength=300),
        "category": ref("ItemCategory"),
        "slot": ref("ItemSlot"),
        "price": integer("Points, 0 to 100,000.", minimum=0, maximum=100_000),
        "svg": text("An SVG fragment (no <svg> root) drawn in the slot's 100×100 box: shapes, paths and text only, "
                    "no script, event attributes, links or external references."),
        "retired": boolean("Default false."),
    }, required=["name", "category", "slot", "price", "svg"], description="GAME-3.",
        examples=[{"name": "Bow tie", "category": "clothes", "slot": "neck", "price": 30,
                   "svg": "<path d=\"M35 50 L50 58 L65 50 L65 66 L50 58 L35 66 Z\" fill=\"#2563eb\"/>"}]),
    "UpdateStoreItemRequest": obj({
        "name": text("1 to 60 characters after trimming.", minLength=1, maxLength=60),
        "description": text("At most 300 characters.", maxLength=300),
        "category": ref("ItemCategory"),
        "slot": ref("ItemSlot"),
        "price": integer("Points, 0 to 100,000.", minimum=0, maximum=100_000),
        "svg": text("An SVG fragment, as for a new item."),
        "retired": boolean("true takes it off sale (whoever owns it keeps it); false sells it again."),
    }, required=[], description="GAME-3: only the fields given change.", examples=[{"retired": True}]),
    "CreatePlanRequest": obj({
        "name": text("1 to 60 characters after trimming.", minLength=1, maxLength=60),
        "price": PLAN_PRICE,
        "period": ref("PlanPeriod"),
        "description": text("At most 1,000 characters; default empty.", maxLength=1000),
        "retired": boolean("Default false."),
    }, required=["name", "price", "period"], description="GAME-7.",
        examples=[{"name": "Plus", "price": 4.99, "period": "month", "description": "Every store item."}]),
    "UpdatePlanRequest": obj({
        "name": text("1 to 60 characters after trimming.", minLength=1, maxLength=60),
        "price": PLAN_PRICE,
        "period": ref("PlanPeriod"),
        "description": text("At most 1,000 characters.", maxLength=1000),
        "retired": boolean("true takes it off offer; false offers it again."),
    }, required=[], description="GAME-7: only the fields given change.", examples=[{"retired": True}]),
})


# MARK: - Responses

ERROR_CODES = {
    400: ("validation_failed", "The request breaks a rule: a missing, unknown or mistyped field, a value out of "
                               "range, a body that is not a JSON object, or an object that repeats a name. `field` "
                               "names the input."),
    401: ("unauthenticated", "No `Authorization: Bearer` token, or one that is unknown, revoked or expired."),
    403: ("forbidden", "The token may only read."),
    404: ("not_found", "Nothing the caller may see has this id (a malformed id in the path too). A referenced "
                       "id in the body is named in `field`."),
    413: ("payload_too_large", "The request body is larger than 1 MiB; the connection is closed after the answer."),
    415: ("unsupported_media_type", "The body is not sent as `Content-Type: application/json` (UTF-8)."),
    429: ("rate_limited", "Too many requests of this account at once (more than 16 running and 512 waiting)."),
    503: ("not_ready", "The database does not answer within a second, or its storage is full (`storage_full`)."),
}

QUERY_TIMEOUT = ("The database cannot take the request now; nothing was changed, try again after Retry-After. "
                 "`query_timeout`: a query ran past the server's time limit (`--query-timeout`, 5 s by default) and "
                 "was stopped. `database_unavailable` (issue 34): the database cannot be reached (PostgreSQL stopped "
                 "or restarting); answered at once, never after a hang.")
STORAGE_FULL = ("Issue 34: the database's storage is full, so nothing was written (reads go on). Code "
                "`storage_full`; the operator must free space; try again after Retry-After.")

CONFLICTS = {
    "client_taken": "the client id belongs to another account (a device makes a new one)",
    "already_exists": "the name, email or username is taken (`field` names it)",
    "inbox_protected": "the Inbox cannot be renamed, archived or deleted",
    "in_trash": "the task is in the trash; restore it first",
    "task_done": "the task is completed or in the trash, so there is nothing to remind of",
    "not_in_trash": "it is not in the trash",
    "edit_conflict": "it was changed or removed at the same moment; try again",
    "version_mismatch": "`If-Match` names a version the item no longer has (it was changed meanwhile)",
    "already_member": "the member already has access to the list (`field` is login)",
    "owner_role": "the owner's own role cannot change (the owner hands the list to an admin first)",
    "owner_needs_admin": "only an admin member can become the owner",
    "owner_cannot_leave": "the owner cannot leave or be removed (hand the list over first, or delete it)",
    "posting_assigned": "the posting is assigned or done (say, assigned meanwhile): it can no longer be changed "
                        "or deleted",
    "posting_closed": "the posting is assigned or done and takes no more bids or questions (the message says "
                      "whether it was assigned meanwhile)",
    "posting_not_assigned": "only an assigned posting can be marked done or returned to requested",
    "posting_not_done": "poster and assignee rate each other once the posting is done",
    "own_posting": "nobody bids on, or asks a question on, its own posting",
    "bid_not_open": "the bid was accepted, declined or withdrawn already",
    "already_reviewed": "the caller rated this posting already; a rating can't be changed",
    "too_many_photos": "there are 10 photos already; remove one first (`field` body)",
}


ERROR_SCHEMA_NAMES = {400: "ValidationFailed", 401: "Unauthenticated", 403: "Forbidden", 404: "NotFound",
                      413: "PayloadTooLarge", 415: "UnsupportedMediaType", 429: "RateLimited", 503: "NotReady"}


def error_schema(codes):
    """The one error shape with its `code` narrowed to the given codes."""
    code = {"enum": codes} if len(codes) > 1 else {"const": codes[0]}
    return {"allOf": [ref("Error"), {"properties": {"error": {"properties": {"code": code}}}}]}


ERROR_SCHEMAS = {ERROR_SCHEMA_NAMES[status]: error_schema([code]) for status, (code, _) in ERROR_CODES.items()}


def json_content(schema):
    return {"application/json": {"schema": schema}}


def error_response(status, description=None, codes=None, headers=None):
    schema = error_schema(codes) if codes else ref(ERROR_SCHEMA_NAMES[status])
    response = {"description": description or ERROR_CODES[status][1], "content": json_content(schema)}
    if headers:
        response["headers"] = headers
    return response


RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before trying again.", "required": True,
                               "schema": {"type": "integer", "minimum": 1}}}
WWW_AUTHENTICATE = {"WWW-Authenticate": {"description": "Always `Bearer`.", "required": True,
                                         "schema": {"type": "string", "const": "Bearer"}}}

SHARED_RESPONSES = {
    "BadRequest": error_response(400),
    "Unauthorized": error_response(401, headers=WWW_AUTHENTICATE),
    "Forbidden": error_response(403),
    "NotFound": error_response(404),
    "PayloadTooLarge": error_response(413),
    "UnsupportedMediaType": error_response(415),
    "TooManyRequests": error_response(429, headers=RETRY_AFTER),
    "NoContent": {"description": "Done; no body."},
    "QueryTimeout": error_response(503, QUERY_TIMEOUT, codes=["query_timeout", "database_unavailable"],
                                   headers=RETRY_AFTER),
    "StorageFull": error_response(507, STORAGE_FULL, codes=["storage_full"], headers=RETRY_AFTER),
}


def shared(name):
    return {"$ref": f"#/components/responses/{name}"}


def conflict(*codes):
    description = "A conflict: " + "; ".join(f"`{code}` when {CONFLICTS[code]}" for code in codes) + "."
    return error_response(409, description, list(codes))


# MARK: - Operations

ID_PARAMETER = {"$ref": "#/components/parameters/Id"}
ACCOUNT_ID_PARAMETER = {"$ref": "#/components/parameters/AccountId"}
PARAMETERS = {
    "Id": {"name": "id", "in": "path", "required": True,
           "description": "A UUID; one that is malformed or names nothing the caller may see answers 404.",
           "schema": {"type": "string", "format": "uuid"}},
    "AccountId": {"name": "accountId", "in": "path", "required": True,
                  "description": "The member's account id; one that is malformed or names no member of the list "
                                 "answers 404.",
                  "schema": {"type": "string", "format": "uuid"}},
}

# COLLAB-3: what a 403 means where the caller's role in a list decides.
def role_forbidden(needed):
    return (f"The token may only read, or the caller's role in the list is too small: {needed}; the message "
            f"names the role needed. Someone with no role in the list gets 404, never 403.")


EDITOR_NEEDED = role_forbidden("this needs the editor role or higher")
ADMIN_NEEDED = role_forbidden("this needs the admin role or the owner")
OWNER_NEEDED = role_forbidden("only the owner may do this")


def operation(op_id, summary=None, *, ok, status=200, body=None, body_required=True, public=False, read_only=False,
              statuses=(), conflicts=(), forbidden=None, not_found=None, bad_request=None, unauthorized=None,
              too_many=None, parameters=None, description=None, if_match=False, sse=False):
    """One operation. `statuses` lists the error statuses the handler itself can answer; authentication
    (401, fair-share 429) and the read-only check (403) are added for authenticated routes, 413 and 415 for
    bodies."""
    op = {"operationId": op_id, "summary": summary}
    if description:
        op["description"] = description
    if if_match:
        parameters = (parameters or []) + [IF_MATCH_PARAMETER]
        conflicts = tuple(conflicts) + ("version_mismatch",)
        statuses = tuple(statuses) + (400,)
        if ok is not None:
            ok = {**ok, "headers": ETAG_HEADER}
    if parameters:
        op["parameters"] = parameters
    if body is not None:
        op["requestBody"] = {"required": body_required, "content": json_content(ref(body))}
    responses = {}
    if status == 204:
        responses["204"] = shared("NoContent")
    else:
        responses[str(status)] = ok
    errors = set(statuses)
    if body is not None:
        errors |= {400, 413, 415}
    if conflicts:
        errors.add(409)
    if not public:
        errors |= {401, 429}
        if not read_only:
            errors.add(403)
    for code in sorted(errors):
        if code == 400:
            responses["400"] = error_response(400, bad_request) if bad_request else shared("BadRequest")
        elif code == 401:
            responses["401"] = (error_response(401, unauthorized, headers=WWW_AUTHENTICATE) if unauthorized
                                else shared("Unauthorized"))
        elif code == 403:
            responses["403"] = error_response(403, forbidden) if forbidden else shared("Forbidden")
        elif code == 404:
            responses["404"] = error_response(404, not_found) if not_found else shared("NotFound")
        elif code == 409:
            responses["409"] = conflict(*conflicts)
        elif code == 413:
            responses["413"] = shared("PayloadTooLarge")
        elif code == 415:
            responses["415"] = shared("UnsupportedMediaType")
        elif code == 429:
            responses["429"] = (error_response(429, too_many, headers=RETRY_AFTER) if too_many
                                else shared("TooManyRequests"))
        else:
            raise ValueError(code)
    op["responses"] = responses
    op["security"] = [] if public else [{"bearer": []}]
    return op


IF_MATCH_PARAMETER = {
    "name": "If-Match", "in": "header", "required": False,
    "description": "A precondition: the item's `ETag` (its version, quoted); the write fails with 409 "
                   "`version_mismatch` instead of overwriting a change made meanwhile. `*` or none: no condition.",
    "schema": {"type": "string"}}
ETAG_HEADER = {"ETag": {"description": "The item's version as an entity tag, for `If-Match`.", "required": True,
                        "schema": {"type": "string", "pattern": "^\"[0-9]+\"$"}}}


def ok(schema, description="OK."):
    return {"description": description, "content": json_content(schema)}


def wrapper(key, item):
    return obj({key: array(ref(item))})


def tagged(tag, op):
    op["tags"] = [tag]
    return op


def query(name, schema, description, **extra):
    return {"name": name, "in": "query", "required": False, "description": description, "schema": schema, **extra}


EVENTS_OPERATION = operation(
    "streamEvents", "SYNC-5 and VIEW-6: the caller's change feed, live, as server-sent events.", read_only=True,
    statuses=(400,), bad_request="`Last-Event-ID` or `lastEventId` is not a whole number 0 or more.",
    parameters=[
        {"name": "Last-Event-ID", "in": "header", "required": False,
         "description": "Resume after this feed sequence (browsers send it by themselves when they reconnect).",
         "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"}},
        {"name": "lastEventId", "in": "query", "required": False,
         "description": "The same, for clients that cannot set headers; the header wins.",
         "schema": {"type": "integer", "minimum": 0, "maximum": 999_999_999_999_999_999}},
    ],
    ok={"description": (
        "`text/event-stream`. It opens with `retry: 2000`; without a cursor an `event: ready` with `id` and "
        "`data: {\"latest\": N}` follows, then live changes only. Every change is `event: change` with `id` = "
        "its feed sequence and `data` a JSON object: `sequence`, `entity` (account, list, task, label, member, "
        "comment, notification, reminder, webhook, posting, bid, question, review, attachment, game), `id`, "
        "`kind` (put, delete), `listId`, `actorId` (null for the server's own work), `at`. With a cursor, every "
        "entry after it comes first, in order. A cursor older than the feed's retention, or beyond its end, gets "
        "`event: reset` with `data: {\"reason\": \"cursor_expired\"|\"cursor_ahead\", \"latest\": N}`: "
        "read everything afresh, then continue from N. A `: heartbeat` comment comes well inside the idle "
        "timeout. The stream ends when the credential is revoked or the server stops."),
        "content": {"text/event-stream": {"schema": {
            "type": "object", "description": "One event of the stream.",
            "properties": {
                "event": {"type": "string", "enum": ["ready", "change", "reset"]},
                "id": {"type": "string", "pattern": "^[0-9]+$"},
                "data": {"type": "string", "description": "A JSON object, as described above."},
                "retry": {"type": "integer", "minimum": 0},
            }}}}})

# Issue 10: a query parameter may be repeated at most 100 times on any route, and a filter takes at most 100 values.
MAX_VALUES = 100

TASK_QUERY = [
    query("q", text(), "TASK-7: words that must all appear (as word prefixes) in the title or notes."),
    query("list", ID_INPUT, "Only tasks of this live list (the caller's own or one shared with it); 404 when the "
          "caller may not see it."),
    query("parent", ID_INPUT, "Only the direct subtasks of this task."),
    query("label", array(ID_INPUT, maxItems=MAX_VALUES), "Only tasks carrying every one of these labels; repeat "
          "the parameter or separate ids with commas. At most 100 values (more is a 400 naming `label`).",
          style="form", explode=True),
    query("status", array(ref("TaskStatus"), maxItems=MAX_VALUES), "Any of these statuses; repeat or separate with "
          "commas; at most 100 values.", style="form", explode=True),
    query("priority", array(ref("TaskPriority"), maxItems=MAX_VALUES), "Any of these priorities; repeat or separate "
          "with commas; at most 100 values.", style="form", explode=True),
    query("dueFrom", ref("TaskDateInput"), "Due at or after this moment (a day counts from its start, UTC)."),
    query("dueTo", ref("TaskDateInput"), "Due at or before this moment (a day counts to its end, UTC)."),
    query("assignee", {"anyOf": [ID_INPUT, {"type": "string", "const": "me"}]},
          "Only tasks assigned to this member; `me` for the caller (COLLAB-2: in its own lists and in those shared "
          "with it alike)."),
    query("sort", ref("TaskSort"), "Default manual (TASK-5)."),
    query("limit", integer(minimum=1, maximum=500, default=200), "Page size."),
    query("offset", integer(minimum=0, maximum=1_000_000, default=0), "Tasks to skip."),
]

USERNAME_PARAMETER = {"name": "username", "in": "path", "required": True,
                      "description": "Case-insensitive; an unknown, disabled or malformed username answers 404.",
                      "schema": ref("Username")}

PASSWORD_LIMITS = ("Wrong passwords are limited per account, whichever login (email or username, any case) or "
                   "address they came with, and counting the password checks of a password change or an account "
                   "deletion: after 5 in 15 minutes the account answers 429 with Retry-After, even to the right "
                   "password. Per client address (through trusted proxies, see X-Forwarded-For in the README) "
                   "failures are not locked out but slowed down: past 10, each attempt waits, twice as long per "
                   "further failure, at most 8 s; more than 16 waiting at once answer 429.")
PASSWORD_LIMITED = ("Too many wrong passwords for this account (Retry-After says when to try again, even with the "
                    "right password), or too many attempts waiting from this address.")
PASSWORD_RECHECK_LIMITED = PASSWORD_LIMITED[:-1] + (", or too many requests of this account at once (more than 16 "
                                                    "running and 512 waiting).")
WRONG_PASSWORD = "The token may only read, or the password is wrong (`field` names it)."

PATHS = {
    "/healthz": {"get": tagged("Operations", operation(
        "getHealth", "OPS-3: liveness; answers while the process runs.", public=True,
        ok=ok(obj({"status": text(const="ok")}))))},
    "/readyz": {"get": tagged("Operations", operation(
        "getReadiness", "OPS-3: readiness; answers 200 once the database answers.", public=True,
        ok=ok(obj({"status": text(const="ready")}))))},
    "/api/v1/openapi.json": {"get": tagged("Operations", operation(
        "getOpenAPIDocument", "INTEROP-3: this OpenAPI 3.1 document.", public=True,
        ok=ok({"type": "object", "required": ["openapi", "info", "paths"]})))},
    "/api/v1/accounts": {"post": tagged("Accounts", operation(
        "register", "ACC-1: register; answers with the account and a session token.", public=True,
        body="RegistrationRequest", status=201, ok=ok(ref("Session"), "Registered and signed in."),
        conflicts=("already_exists",), statuses=(429,),
        too_many="This address was told 20 times within 15 minutes that an email or username is taken: its "
                 "registrations are refused until the oldest of those answers is 15 minutes old (Retry-After).",
        bad_request="A rule is broken (including a date of birth less than 13 years ago or in the future, a "
                    "gender description without gender selfDescribed); `field` names the input."))},
    "/api/v1/sessions": {
        "post": tagged("Accounts", operation(
            "signIn", "ACC-2: sign in with email or username and password.", public=True, body="SignInRequest",
            status=201, ok=ok(ref("Session"), "Signed in; a new session."), statuses=(401, 429),
            conflicts=("edit_conflict",),
            unauthorized="The login or the password is not correct, or the account is disabled.",
            too_many=PASSWORD_LIMITED,
            description=PASSWORD_LIMITS)),
        "delete": tagged("Accounts", operation(
            "signOutEverywhere", "ACC-2: sign out everywhere: ends every credential of the account.", status=204,
            ok=None, description="Every session, personal access token and app password of the account ends, this "
                                 "one included; none is accepted once the answer is sent.")),
    },
    "/api/v1/sessions/current": {"delete": tagged("Accounts", operation(
        "signOut", "ACC-2: sign out: ends the credential of this request.", status=204, ok=None))},
    "/api/v1/me": {
        "get": tagged("Accounts", operation("getMe", "ACC-3: own profile and preferences.", read_only=True,
                                            ok=ok(ref("Account")))),
        "patch": tagged("Accounts", operation(
            "updateMe", "ACC-3 and ACC-7: edit own profile and preferences.", body="ProfilePatch",
            ok=ok(ref("Account")), conflicts=("already_exists", "edit_conflict"))),
        "delete": tagged("Accounts", operation(
            "deleteMe", "ACC-6: delete own account and everything of it, at once; needs the password.",
            body="DeleteAccountRequest", status=204, ok=None, forbidden=WRONG_PASSWORD, statuses=(429,),
            too_many=PASSWORD_RECHECK_LIMITED, description="The password check counts against the sign-in limits.")),
    },
    "/api/v1/me/password": {"put": tagged("Accounts", operation(
        "changePassword", "ACC-4: change password; ends every other credential of the account.",
        body="ChangePasswordRequest", status=204, ok=None, forbidden=WRONG_PASSWORD, statuses=(429,),
        too_many=PASSWORD_RECHECK_LIMITED, conflicts=("edit_conflict",),
        description="Every other session, personal access token and app password of the account ends; the "
                    "caller's session stays (a token used for the change ends too). The check of the current "
                    "password counts against the sign-in limits."))},
    "/api/v1/me/export": {"get": tagged("Accounts", operation(
        "exportMe", "ACC-6: everything of mine as JSON, with the tasks as iCalendar.", read_only=True,
        ok=ok(ref("Export"))))},
    "/api/v1/users/{username}": {"get": tagged("Accounts", operation(
        "getPublicProfile", "ACC-3: another member's public profile, for members (issue 27: not for strangers).",
        read_only=True, parameters=[USERNAME_PARAMETER], statuses=(404,), ok=ok(ref("PublicProfile"))))},
    "/api/v1/tokens": {
        "get": tagged("Tokens", operation("listTokens", "ACC-5: sessions, access tokens and app passwords.",
                                          read_only=True, ok=ok(wrapper("tokens", "Credential")))),
        "post": tagged("Tokens", operation(
            "createToken", "ACC-5: a new access token or app password; its secret is shown once.",
            body="CreateTokenRequest", status=201, ok=ok(ref("IssuedCredential"), "Issued."),
            conflicts=("edit_conflict",))),
    },
    "/api/v1/tokens/{id}": {"delete": tagged("Tokens", operation(
        "revokeToken", "ACC-5: revoke a session, access token or app password.", parameters=[ID_PARAMETER],
        status=204, ok=None, statuses=(404,)))},
    "/api/v1/lists": {
        "get": tagged("Lists", operation(
            "listLists", "LIST-4 and COLLAB-1: all live lists with open-task counts: the caller's own in its order, "
            "then those shared with it in its order of them.", read_only=True, ok=ok(wrapper("lists", "List")))),
        "post": tagged("Lists", operation(
            "createList", "LIST-1: create a list; it goes after the others.", body="CreateListRequest",
            status=201, ok=ok(ref("List"), "Created."), conflicts=("already_exists", "edit_conflict"))),
    },
    "/api/v1/lists/{id}": {
        "get": tagged("Lists", operation("getList", "LIST-4: a live list the caller owns or is a member of, with "
                                         "its open-task count and the caller's role.",
                                         read_only=True, parameters=[ID_PARAMETER], statuses=(404,),
                                         ok=ok(ref("List")))),
        "patch": tagged("Lists", operation(
            "updateList", if_match=True, summary="LIST-2: edit name, description, colour, icon; archive or unarchive.",
            parameters=[ID_PARAMETER], body="UpdateListRequest", statuses=(404,), ok=ok(ref("List")),
            conflicts=("already_exists", "inbox_protected", "edit_conflict"), forbidden=ADMIN_NEEDED,
            description="COLLAB-3: the list's admins and owner change its settings.")),
        "delete": tagged("Lists", operation(
            "deleteList", if_match=True, summary="LIST-3: move a list with its tasks to the trash (TASK-8).", parameters=[ID_PARAMETER],
            status=204, ok=None, statuses=(404,), conflicts=("inbox_protected", "edit_conflict"),
            forbidden=OWNER_NEEDED, description="COLLAB-3: only the owner deletes a list; its members lose it "
                                                "until the owner restores it.")),
    },
    "/api/v1/lists/{id}/move": {"post": tagged("Lists", operation(
        "moveList", if_match=True, summary="LIST-2: reorder: put a list before or after another.", parameters=[ID_PARAMETER],
        body="MoveListRequest", statuses=(404,), ok=ok(ref("List")), conflicts=("edit_conflict",),
        description="The owner orders its own lists; a member (any role) orders the lists shared with it among "
                    "themselves, in an order of its own that nobody else sees."))},
    "/api/v1/lists/{id}/restore": {"post": tagged("Lists", operation(
        "restoreList", if_match=True, summary="TASK-8: bring a list back from the trash with the tasks that went with it.",
        parameters=[ID_PARAMETER], statuses=(404,), ok=ok(ref("List")),
        conflicts=("not_in_trash", "already_exists", "edit_conflict"), forbidden=OWNER_NEEDED,
        description="Only the owner restores a list (a trashed list answers 404 to everyone else). Any request "
                    "body is ignored."))},
    "/api/v1/lists/{id}/members": {
        "get": tagged("Sharing", operation(
            "listMembers", "COLLAB-1: the people with access to a live list: the owner first, then the members in "
            "the order they were added.", read_only=True, parameters=[ID_PARAMETER], statuses=(404,),
            ok=ok(wrapper("members", "Member")), description="Any role may read them.")),
        "post": tagged("Sharing", operation(
            "addMember", "COLLAB-1: share a list with another member by username or email.",
            parameters=[ID_PARAMETER], body="AddMemberRequest", status=201, ok=ok(ref("Member"), "Added."),
            statuses=(404,), conflicts=("already_member", "inbox_protected", "edit_conflict"),
            forbidden=ADMIN_NEEDED,
            bad_request="`role` is not viewer, editor or admin, or `login` is empty, longer than 254 characters, "
                        "names no active member, or is the caller; `field` names it.",
            description="The list's admins and owner share it. The new member is notified (NOTIF-4).")),
    },
    "/api/v1/lists/{id}/members/{accountId}": {
        "patch": tagged("Sharing", operation(
            "updateMember", if_match=True, summary="COLLAB-1: change a member's role, or hand the list over.",
            parameters=[ID_PARAMETER, ACCOUNT_ID_PARAMETER], body="UpdateMemberRequest", statuses=(404,),
            ok=ok(ref("Member")), conflicts=("owner_role", "owner_needs_admin", "edit_conflict"),
            forbidden=role_forbidden("changing a role needs the admin role or the owner, and only the owner hands "
                                     "the list over with `role` owner"),
            bad_request="`role` is not viewer, editor, admin or owner, or `If-Match` is malformed; `field` names "
                        "it.",
            not_found="No live list the caller may see has this id, or the account is not a member of it.",
            description="`If-Match` is checked against the membership's version. Setting `owner` on the owner "
                        "itself changes nothing.")),
        "delete": tagged("Sharing", operation(
            "removeMember", if_match=True, summary="COLLAB-1: remove a member, or leave a shared list.",
            parameters=[ID_PARAMETER, ACCOUNT_ID_PARAMETER], status=204, ok=None, statuses=(404,),
            conflicts=("owner_cannot_leave", "edit_conflict"),
            forbidden=role_forbidden("removing someone else needs the admin role or the owner"),
            not_found="No live list the caller may see has this id, or the account is not a member of it.",
            description="Any member leaves with its own account id; the list's admins and owner remove others. "
                        "Tasks of the list assigned to the one leaving lose their assignee.")),
    },
    "/api/v1/tasks": {
        "get": tagged("Tasks", operation(
            "listTasks", "TASK-5 and TASK-7: search, filter, sort and page the live tasks the caller may see: its "
            "own and those of the lists shared with it.",
            read_only=True, parameters=TASK_QUERY, statuses=(400, 404), ok=ok(ref("TaskPage")),
            bad_request="A query parameter has a bad value; `field` names it.",
            not_found="The `list` names no live list the caller may see.")),
        "post": tagged("Tasks", operation(
            "createTask", "TASK-1: create a task (in the Inbox when no list or parent is given).",
            body="CreateTaskRequest", status=201, ok=ok(ref("Task"), "Created."), statuses=(404,),
            conflicts=("edit_conflict",), forbidden=EDITOR_NEEDED,
            bad_request="A rule is broken (including a due date in the past, a start after the due date, or an "
                        "assignee who is neither the owner nor a member of the list); `field` names the input.",
            not_found="The list or parent task is not one the caller may see, or a label is not the caller's; "
                      "`field` names it.",
            description="A task in a shared list belongs to the list's owner; the caller needs the editor role "
                        "or higher there.")),
    },
    "/api/v1/tasks/{id}": {
        "get": tagged("Tasks", operation("getTask", "TASK-1: a task the caller may see (its own or one of a list "
                                         "shared with it), also while in the trash.",
                                         read_only=True, parameters=[ID_PARAMETER], statuses=(404,),
                                         ok=ok(ref("Task")))),
        "patch": tagged("Tasks", operation(
            "updateTask", if_match=True, summary="TASK-2: edit any field; a new list or parent moves the subtasks along.",
            parameters=[ID_PARAMETER], body="UpdateTaskRequest", statuses=(404,), ok=ok(ref("Task")),
            conflicts=("in_trash", "edit_conflict"), forbidden=EDITOR_NEEDED,
            bad_request="A rule is broken (including a new due date in the past, a start after the due date, a "
                        "parent in another list or below the task itself, an assignee who is neither the owner "
                        "nor a member of the task's list); `field` names the input.",
            not_found="No such task, or a referenced list or parent the caller may not see, or a label that is "
                      "not the caller's (`field` names it).")),
        "delete": tagged("Tasks", operation(
            "deleteTask", if_match=True, summary="TASK-8: move a task with its subtasks to the trash.", parameters=[ID_PARAMETER],
            status=204, ok=None, statuses=(404,), conflicts=("in_trash", "edit_conflict"), forbidden=EDITOR_NEEDED)),
    },
    "/api/v1/tasks/{id}/complete": {"post": tagged("Tasks", operation(
        "completeTask", if_match=True, summary="TASK-3 and TASK-4: complete a task, and its open subtasks when asked.",
        parameters=[ID_PARAMETER], body="CompleteTaskRequest", body_required=False, statuses=(404,),
        ok=ok(ref("Task")), conflicts=("in_trash", "edit_conflict"), forbidden=EDITOR_NEEDED,
        description="The body may be empty."))},
    "/api/v1/tasks/{id}/reopen": {"post": tagged("Tasks", operation(
        "reopenTask", if_match=True, summary="TASK-3: un-complete a task.", parameters=[ID_PARAMETER], statuses=(404,),
        ok=ok(ref("Task")), conflicts=("in_trash", "edit_conflict"), forbidden=EDITOR_NEEDED,
        description="Any request body is ignored."))},
    "/api/v1/tasks/{id}/restore": {"post": tagged("Tasks", operation(
        "restoreTask", if_match=True, summary="TASK-8: bring a task back from the trash with what went with it.",
        parameters=[ID_PARAMETER], statuses=(404,), ok=ok(ref("Task")), conflicts=("not_in_trash", "edit_conflict"),
        forbidden=EDITOR_NEEDED,
        description="If its parent is still in the trash it comes back at the top level; if its list is, in the "
                    "Inbox. Any request body is ignored."))},
    "/api/v1/tasks/{id}/duplicate": {"post": tagged("Tasks", operation(
        "duplicateTask", "TASK-9: copy a task with its subtasks, right after the original.",
        parameters=[ID_PARAMETER], status=201, statuses=(404,), ok=ok(ref("Task"), "The copy."),
        conflicts=("in_trash", "edit_conflict"), forbidden=EDITOR_NEEDED, description="Any request body is ignored."))},
    "/api/v1/tasks/{id}/move": {"post": tagged("Tasks", operation(
        "moveTask", if_match=True, summary="TASK-5 and TASK-9: move a task to another list, parent or place among its siblings.",
        parameters=[ID_PARAMETER], body="MoveTaskRequest", statuses=(404,), ok=ok(ref("Task")),
        conflicts=("in_trash", "edit_conflict"), forbidden=EDITOR_NEEDED,
        bad_request="Both beforeId and afterId, a parent in another list or below the task, or a sibling that is "
                    "the task itself or has another list or parent; `field` names it.",
        not_found="No such task, or the list, parent or sibling is not one the caller may see (`field` names "
                  "it).",
        description="The caller needs the editor role or higher in the task's list and in the list it goes to; "
                    "an assignee who is not a member of the new list is cleared."))},
    "/api/v1/tasks/{id}/comments": {
        "get": tagged("Comments", operation(
            "listComments", "TASK-12: the comments on a task, oldest first.", read_only=True,
            parameters=[ID_PARAMETER], statuses=(404,), ok=ok(wrapper("comments", "Comment")),
            description="Any role may read them, also while the task is in the trash.")),
        "post": tagged("Comments", operation(
            "addComment", "TASK-12: comment on a task.", parameters=[ID_PARAMETER], body="CommentRequest",
            status=201, ok=ok(ref("Comment"), "Posted."), statuses=(404,), conflicts=("in_trash", "edit_conflict"),
            forbidden=EDITOR_NEEDED,
            description="The task's assignee and whoever created it are notified (NOTIF-4), unless it is the "
                        "caller.")),
    },
    "/api/v1/tasks/{id}/activity": {"get": tagged("Comments", operation(
        "taskActivity", "TASK-12: a task's history, newest first.", read_only=True,
        parameters=[ID_PARAMETER, query("limit", integer(minimum=1, maximum=200, default=200), "How many lines.")],
        statuses=(400, 404), ok=ok(wrapper("activity", "Activity")),
        bad_request="`limit` is not a whole number from 1 to 200.",
        description="Any role may read it, also while the task is in the trash."))},
    "/api/v1/comments/{id}": {
        "patch": tagged("Comments", operation(
            "updateComment", if_match=True, summary="TASK-12: the author changes the text of its comment.",
            parameters=[ID_PARAMETER], body="CommentRequest", statuses=(404,), ok=ok(ref("Comment")),
            conflicts=("edit_conflict",),
            forbidden=role_forbidden("editing needs the editor role or higher; and only the author edits a "
                                     "comment"))),
        "delete": tagged("Comments", operation(
            "deleteComment", if_match=True, summary="TASK-12: delete a comment.", parameters=[ID_PARAMETER],
            status=204, ok=None, statuses=(404,), conflicts=("edit_conflict",),
            forbidden=role_forbidden("the author deletes its comment with the editor role or higher; an admin or "
                                     "the owner of the list deletes any"))),
    },
    "/api/v1/notifications": {"get": tagged("Notifications", operation(
        "listNotifications", "NOTIF-2: the caller's in-app notifications, newest first, with the unread count.",
        read_only=True, parameters=[
            query("unread", boolean(), "true: only unread ones. Default false."),
            query("limit", integer(minimum=1, maximum=100, default=100), "How many."),
            query("before", text(), "The `nextCursor` of the page before: older notifications (issue 27)."),
        ], statuses=(400,), ok=ok(ref("NotificationPage")),
        bad_request="`unread` is not true or false, `limit` is not a whole number from 1 to 100, or `before` is "
                    "not a cursor this server gave out; `field` names it."))},
    "/api/v1/sync/push": {"post": tagged("Sync", operation(
        "syncPush", "SYNC-1 and SYNC-2: apply a device's mutations in order, each at most once; rejected ones are "
                    "reported with their reason and never block the queue.",
        body="SyncPushRequest", ok=ok(ref("SyncPushResponse")), conflicts=("client_taken",),
        bad_request="A missing or malformed `clientId`, more than 100 mutations, two with one id, or a mutation "
                    "without `id`, `name` or a valid `hlc`; `field` names it (`mutations[3].hlc`)."))},
    "/api/v1/sync/pull": {"post": tagged("Sync", operation(
        "syncPull", "SYNC-1 and SYNC-4: what changed for the caller since its cursor, each entity once; a first "
                    "sync or a stale cursor gets the whole state in pages.",
        body="SyncPullRequest", read_only=True, ok=ok(ref("SyncPullResponse")),
        bad_request="A `cursor` no pull answered, a `limit` out of 1…5,000, or a malformed `clientId`; `field` "
                    "names it."))},
    "/api/v1/notifications/read": {"post": tagged("Notifications", operation(
        "markNotificationsRead", "NOTIF-2: mark notifications read; answers how many stay unread.",
        body="MarkNotificationsReadRequest", statuses=(404,), ok=ok(ref("UnreadCount")),
        conflicts=("edit_conflict",),
        bad_request="Neither or both of `ids` and `all: true`, more than 1,000 ids, or an id that is not a UUID; "
                    "`field` names it.",
        not_found="An id in `ids` is not one of the caller's notifications (`field` is ids); nothing is marked."))},
    "/api/v1/tasks/{id}/reminders": {
        "get": tagged("Reminders", operation(
            "listReminders", "NOTIF-1: the caller's own reminders on a task it can see, oldest first.",
            read_only=True, parameters=[ID_PARAMETER], statuses=(404,), ok=ok(wrapper("reminders", "Reminder")),
            description="Any role may have reminders on a task of a list shared with it; nobody sees another "
                        "member's. Also while the task is in the trash.")),
        "post": tagged("Reminders", operation(
            "createReminder", "NOTIF-1: a reminder for the caller on a task it can see.", parameters=[ID_PARAMETER],
            body="CreateReminderRequest", status=201, ok={**ok(ref("Reminder"), "Created."), "headers": ETAG_HEADER},
            statuses=(404,), conflicts=("in_trash", "edit_conflict"),
            bad_request="Both or neither of `at` and `relativeTo`, `offsetMinutes` without `relativeTo`, a moment "
                        "more than a minute past or more than 10 years ahead, an offset beyond a year, a date the "
                        "task does not have, or a task with 100 reminders already (`field` reminders); `field` "
                        "names the input.",
            description="Any role in a shared list may set its own reminders (a viewer too); a read-only token "
                        "may not. It fires through the caller's notification channels for reminders.")),
    },
    "/api/v1/reminders/{id}": {
        "patch": tagged("Reminders", operation(
            "updateReminder", if_match=True, summary="NOTIF-1 and NOTIF-3: change a reminder's moment or offset, "
            "or silence it.", parameters=[ID_PARAMETER], body="UpdateReminderRequest", statuses=(404,),
            ok=ok(ref("Reminder")), conflicts=("edit_conflict",),
            not_found="No reminder of the caller's has this id (another member's reminder answers 404 too), or "
                      "the caller can no longer see its task.")),
        "delete": tagged("Reminders", operation(
            "deleteReminder", if_match=True, summary="NOTIF-1: delete one of the caller's reminders.",
            parameters=[ID_PARAMETER], status=204, ok=None, statuses=(404,), conflicts=("edit_conflict",),
            not_found="No reminder of the caller's has this id (another member's reminder answers 404 too), or "
                      "the caller can no longer see its task.")),
    },
    "/api/v1/reminders/{id}/snooze": {"post": tagged("Reminders", operation(
        "snoozeReminder", "NOTIF-3: fire one of the caller's reminders again later.", parameters=[ID_PARAMETER],
        body="SnoozeReminderRequest", statuses=(404,), ok={**ok(ref("Reminder")), "headers": ETAG_HEADER},
        conflicts=("task_done", "edit_conflict"),
        bad_request="None or more than one of `minutes`, `until` and `preset`, or one out of range; `field` names "
                    "it.",
        not_found="No reminder of the caller's has this id (another member's reminder answers 404 too), or the "
                  "caller can no longer see its task."))},
    "/api/v1/webhooks": {
        "get": tagged("Webhooks", operation(
            "listWebhooks", "INTEROP-4: the caller's webhooks, oldest first, without their secrets.", read_only=True,
            ok=ok(wrapper("webhooks", "Webhook")))),
        "post": tagged("Webhooks", operation(
            "createWebhook", "INTEROP-4: a new outgoing webhook; its secret is shown once.",
            body="CreateWebhookRequest", status=201, ok=ok(ref("CreatedWebhook"), "Created."),
            conflicts=("edit_conflict",),
            bad_request="The URL is not http(s) with a host, carries a user name or password, is longer than 2,000 "
                        "bytes or points at this server, or the account has 20 webhooks already (`field` url); "
                        "no events or an unknown one (`field` events).",
            description="Task events count from the moment it is made. See `webhooks` › `doableEvent` for the "
                        "calls it receives.")),
    },
    "/api/v1/webhooks/{id}": {"delete": tagged("Webhooks", operation(
        "deleteWebhook", "INTEROP-4: delete one of the caller's webhooks; its pending deliveries fail.",
        parameters=[ID_PARAMETER], status=204, ok=None, statuses=(404,), conflicts=("edit_conflict",),
        not_found="No webhook of the caller's has this id."))},
    "/api/v1/deliveries": {"get": tagged("Webhooks", operation(
        "listDeliveries", "NOTIF-5: the caller's email and webhook deliveries, newest first, with every attempt.",
        read_only=True, parameters=[query("limit", integer(minimum=1, maximum=200, default=50), "How many.")],
        statuses=(400,), ok=ok(wrapper("deliveries", "Delivery")),
        bad_request="`limit` is not a whole number from 1 to 200."))},
    "/api/v1/events": {"get": tagged("Events", EVENTS_OPERATION)},
    "/api/v1/trash": {"get": tagged("Trash", operation(
        "getTrash", "TASK-8: lists and tasks in the trash, restorable for 30 days: the lists the caller deleted, "
        "and the tasks of its own lists and of the lists shared with it as editor or above.", read_only=True,
        ok=ok(ref("Trash"))))},
    "/api/v1/labels": {
        "get": tagged("Labels", operation("listLabels", "TASK-6: the caller's labels.", read_only=True,
                                          ok=ok(wrapper("labels", "Label")))),
        "post": tagged("Labels", operation(
            "createLabel", "TASK-6: create a label.", body="CreateLabelRequest", status=201,
            ok=ok(ref("Label"), "Created."), conflicts=("already_exists", "edit_conflict"))),
    },
    "/api/v1/labels/{id}": {
        "patch": tagged("Labels", operation(
            "updateLabel", if_match=True, summary="TASK-6: rename or recolour a label.", parameters=[ID_PARAMETER],
            body="UpdateLabelRequest", statuses=(404,), ok=ok(ref("Label")),
            conflicts=("already_exists", "edit_conflict"))),
        "delete": tagged("Labels", operation(
            "deleteLabel", if_match=True, summary="TASK-6: delete a label; it comes off every task.", parameters=[ID_PARAMETER],
            status=204, ok=None, statuses=(404,), conflicts=("edit_conflict",))),
    },
}

# MARK: - Marketplace, photos and admin operations (API/MarketController*.swift, AttachmentsController.swift,
# AdminController.swift)

POSTER_ONLY = ("The token may only read, or the caller is not the posting's poster (the message says so). Every "
               "member may see a posting, so this is 403, not 404.")
POSTING_NOT_FOUND = "No posting has this id (a deleted one neither)."
BID_NOT_FOUND = "No bid of the caller's, or on a posting of the caller's, has this id."
ADMIN_NOT_FOUND = "The caller is not an admin (admin paths answer 404 to everyone else), or no category has this id."
PHOTO_BAD = "The body is empty, or its bytes are not a JPEG, PNG, GIF or WebP image (`field` is body)."
PHOTO_TOO_LARGE = ("The photo is over 65,536 bytes (`photo_too_large`, `field` body: the message says how large it "
                   "is), or the body is over 1 MiB (`payload_too_large`; the connection is closed after the answer).")
PHOTO_BODY = {"required": True, "description": "TASK-11: the image itself, at most 65,536 bytes: a JPEG, PNG, GIF "
                                               "or WebP, recognised by its bytes whatever the Content-Type says.",
              "content": {media: {"schema": {"type": "string", "format": "binary"}}
                          for media in IMAGE_TYPES + ["application/octet-stream"]}}


def photo_operation(op_id, summary, **kwargs):
    """An operation whose body is a photo's bytes: any Content-Type, 400 for what is not an image, 413 for one over
    65,536 bytes."""
    op = operation(op_id, summary, status=201, ok=ok(ref("Photo"), "Added."), **kwargs)
    op["requestBody"] = PHOTO_BODY
    responses = op["responses"]
    responses["400"] = error_response(400, PHOTO_BAD)
    responses["413"] = error_response(413, PHOTO_TOO_LARGE, codes=["payload_too_large", "photo_too_large"])
    op["responses"] = {code: responses[code] for code in sorted(responses)}
    return op


def tagged_ok(schema, description="OK."):
    return {**ok(schema, description), "headers": ETAG_HEADER}


MARKET_QUERY = [
    query("q", text(maxLength=200), "MKT-2: words that must all begin words of the title or description (any case, "
          "accents ignored); empty lists every open posting."),
    query("category", text(minLength=1), "MKT-2: a category's id or name (case-insensitive)."),
    query("status", array(text(enum=["requested", "bidded"]), maxItems=MAX_VALUES),
          "Open postings only: requested, bidded, or both (the default); repeat or separate with commas.",
          style="form", explode=True),
    query("near", text(pattern="^-?[0-9]{1,2}(\\.[0-9]+)?,-?[0-9]{1,3}(\\.[0-9]+)?$"),
          "MKT-9: LATITUDE,LONGITUDE (e.g. 52.52,13.405): only postings with a location within `radiusKm` of it, "
          "nearest first, with distanceKm and bearingDegrees, in one page (no cursor)."),
    query("radiusKm", {"type": "number", "minimum": 0.1, "maximum": 500, "default": 5},
          "MKT-9: with `near`, kilometres, 0.1 to 500."),
    query("limit", integer(minimum=1, maximum=100, default=50), "Page size."),
    query("cursor", text(minLength=1), "The `nextCursor` of the page before (not with `near`)."),
]

MARKET_PATHS = {
    "/api/v1/market/postings": {
        "get": tagged("Marketplace", operation(
            "searchPostings", "MKT-2 and MKT-9: open postings by words, category and status, newest first in "
            "pages; near a point, nearest first.", read_only=True, parameters=MARKET_QUERY, statuses=(400,),
            ok=ok(ref("PostingPage")),
            bad_request="A query parameter has a bad value (a status other than requested or bidded, a point out "
                        "of range, radiusKm without near or out of 0.1 to 500, a cursor this server did not give, "
                        "an unknown category); `field` names it.",
            description="Every signed-in member sees every open posting. Locations are rounded to about 1 km for "
                        "everyone but the poster and the assignee.")),
        "post": tagged("Marketplace", operation(
            "createPosting", "MKT-1: post a task to the marketplace; it starts requested.",
            body="CreatePostingRequest", status=201, ok=tagged_ok(ref("Posting"), "Posted."),
            conflicts=("edit_conflict",),
            bad_request="A rule is broken: title 1 to 30 and description 1 to 300 characters, a category that "
                        "exists and is not archived, maxBid " + MONEY_RULES + ", a location in range; `field` "
                        "names the input (location.latitude for a nested one).")),
    },
    "/api/v1/market/postings/{id}": {
        "get": tagged("Marketplace", operation(
            "getPosting", "MKT-3 and MKT-6: a posting with its bids, questions and reviews.", read_only=True,
            parameters=[ID_PARAMETER], statuses=(404,), ok=tagged_ok(ref("PostingDetail")),
            not_found=POSTING_NOT_FOUND,
            description="For its poster this shows every bid and so marks them seen (MKT-8).")),
        "patch": tagged("Marketplace", operation(
            "updatePosting", if_match=True, summary="MKT-10: the poster edits its posting while nobody is "
            "assigned.", parameters=[ID_PARAMETER], body="UpdatePostingRequest", statuses=(404,),
            ok=ok(ref("Posting")), conflicts=("posting_assigned", "edit_conflict"), forbidden=POSTER_ONLY,
            not_found=POSTING_NOT_FOUND,
            description="A posting assigned (or done) meanwhile, say while the poster was offline, is refused "
                        "with 409 `posting_assigned` and a message saying so, also when If-Match names an older "
                        "version.")),
        "delete": tagged("Marketplace", operation(
            "deletePosting", if_match=True, summary="The poster takes an open posting off the marketplace; its open "
            "bids are declined and their bidders told.", parameters=[ID_PARAMETER], status=204, ok=None,
            statuses=(404,), conflicts=("posting_assigned", "edit_conflict"), forbidden=POSTER_ONLY,
            not_found=POSTING_NOT_FOUND)),
    },
    "/api/v1/market/postings/{id}/photos": {"post": tagged("Marketplace", photo_operation(
        "addPostingPhoto", "MKT-1 and TASK-11: the poster adds a photo to its open posting (at most 10).",
        parameters=[ID_PARAMETER], statuses=(404,), conflicts=("posting_assigned", "too_many_photos", "edit_conflict"),
        forbidden=POSTER_ONLY, not_found=POSTING_NOT_FOUND,
        description="Remove one with DELETE /api/v1/attachments/{id}."))},
    "/api/v1/market/postings/{id}/done": {"post": tagged("Marketplace", operation(
        "markPostingDone", if_match=True, summary="MKT-7: the poster marks its assigned posting done; both sides "
        "may then rate each other.", parameters=[ID_PARAMETER], statuses=(404,), ok=ok(ref("Posting")),
        conflicts=("posting_not_assigned", "edit_conflict"), forbidden=POSTER_ONLY, not_found=POSTING_NOT_FOUND,
        description="Any request body is ignored. The assignee is told."))},
    "/api/v1/market/postings/{id}/reopen": {"post": tagged("Marketplace", operation(
        "reopenPosting", if_match=True, summary="MKT-7: the poster returns its assigned posting to requested (not "
        "done): it takes bids again.", parameters=[ID_PARAMETER], statuses=(404,), ok=ok(ref("Posting")),
        conflicts=("posting_not_assigned", "edit_conflict"), forbidden=POSTER_ONLY, not_found=POSTING_NOT_FOUND,
        description="Any request body is ignored. The assignee is told; its task stays in its list."))},
    "/api/v1/market/postings/{id}/bids": {
        "get": tagged("Marketplace", operation(
            "listBids", "MKT-6: all bids for the poster (which marks them seen, MKT-8); the caller's own for anyone "
            "else. Oldest first.", read_only=True, parameters=[ID_PARAMETER], statuses=(404,),
            ok=ok(wrapper("bids", "Bid")), not_found=POSTING_NOT_FOUND)),
        "post": tagged("Marketplace", operation(
            "placeBid", "MKT-4: bid on another member's requested or bidded posting.", parameters=[ID_PARAMETER],
            body="PlaceBidRequest", status=201, ok=tagged_ok(ref("Bid"), "A new bid."), statuses=(404,),
            conflicts=("own_posting", "posting_closed", "edit_conflict"), not_found=POSTING_NOT_FOUND,
            bad_request="amount is not " + MONEY_RULES + ", or is above the posting's maxBid; or a message over 300 "
                        "characters; `field` names it.",
            description="The first open bid makes the posting bidded. A member has at most one open bid on a "
                        "posting: bidding again changes that bid (200, the same id). The poster is told "
                        "(NOTIF-4).")),
    },
    "/api/v1/market/bids/{id}": {
        "patch": tagged("Marketplace", operation(
            "updateBid", if_match=True, summary="MKT-4: the bidder changes the amount or message of its own open "
            "bid.", parameters=[ID_PARAMETER], body="UpdateBidRequest", statuses=(404,), ok=ok(ref("Bid")),
            conflicts=("bid_not_open", "posting_closed", "edit_conflict"), not_found=BID_NOT_FOUND,
            forbidden="The token may only read, or the caller is the poster (who declines a bid instead).",
            bad_request="Neither amount nor message, an amount that is not " + MONEY_RULES + " or is above the "
                        "posting's maxBid, or a message over 300 characters; `field` names it.")),
        "delete": tagged("Marketplace", operation(
            "withdrawBid", if_match=True, summary="MKT-4: the bidder withdraws its own open bid; the last open bid "
            "gone returns the posting to requested.", parameters=[ID_PARAMETER], status=204, ok=None,
            statuses=(404,), conflicts=("bid_not_open", "edit_conflict"), not_found=BID_NOT_FOUND,
            forbidden="The token may only read, or the caller is the poster (who declines a bid instead).")),
    },
    "/api/v1/market/bids/{id}/accept": {"post": tagged("Marketplace", operation(
        "acceptBid", "MKT-6: the poster accepts an open bid: the posting is assigned to the bidder, every other "
        "open bid is declined, and the bidder finds it as a task in its list Marketplace.",
        parameters=[ID_PARAMETER], statuses=(404,), ok=tagged_ok(ref("Posting"), "The posting, now assigned."),
        conflicts=("posting_closed", "bid_not_open", "edit_conflict"), forbidden=POSTER_ONLY,
        not_found=BID_NOT_FOUND,
        description="Of two accepts of one posting at the same moment exactly one wins; the other gets 409 "
                    "`posting_closed` saying the posting was assigned meanwhile. Any request body is ignored."))},
    "/api/v1/market/bids/{id}/decline": {"post": tagged("Marketplace", operation(
        "declineBid", "MKT-6: the poster declines an open bid; declining the last one returns the posting to "
        "requested.", parameters=[ID_PARAMETER], statuses=(404,), ok=tagged_ok(ref("Bid"), "The declined bid."),
        conflicts=("posting_closed", "bid_not_open", "edit_conflict"), forbidden=POSTER_ONLY,
        not_found=BID_NOT_FOUND, description="Any request body is ignored. The bidder is told."))},
    "/api/v1/market/postings/{id}/questions": {
        "get": tagged("Marketplace", operation(
            "listQuestions", "The public questions on a posting and their answers, oldest first.", read_only=True,
            parameters=[ID_PARAMETER], statuses=(404,), ok=ok(wrapper("questions", "Question")),
            not_found=POSTING_NOT_FOUND)),
        "post": tagged("Marketplace", operation(
            "askQuestion", "A member other than the poster asks a public question on an open posting; the poster "
            "is told.", parameters=[ID_PARAMETER], body="QuestionRequest", status=201,
            ok=ok(ref("Question"), "Asked."), statuses=(404,),
            conflicts=("own_posting", "posting_closed", "edit_conflict"), not_found=POSTING_NOT_FOUND)),
    },
    "/api/v1/market/questions/{id}/answer": {"post": tagged("Marketplace", operation(
        "answerQuestion", "The poster answers a question on its posting (again to correct it); the asker is told.",
        parameters=[ID_PARAMETER], body="AnswerRequest", statuses=(404,), ok=ok(ref("Question")),
        conflicts=("edit_conflict",), forbidden=POSTER_ONLY,
        not_found="No question on a posting that is not deleted has this id."))},
    "/api/v1/market/postings/{id}/reviews": {"post": tagged("Marketplace", operation(
        "reviewPosting", "After the posting is done, its poster rates the assignee and the assignee the poster, "
        "once each.", parameters=[ID_PARAMETER], body="ReviewRequest", status=201, ok=ok(ref("Review"), "Rated."),
        statuses=(404,), conflicts=("posting_not_done", "already_reviewed", "edit_conflict"),
        forbidden="The token may only read, or the caller is neither the poster nor the assignee.",
        not_found=POSTING_NOT_FOUND,
        description="A rating stays hidden (isVisible false) until the other side rated too, or 14 days after "
                    "the posting was done: neither answers the other's."))},
    "/api/v1/market/my/postings": {"get": tagged("Marketplace", operation(
        "myPostings", "MKT-5 and MKT-8: the caller's postings, newest first, with the unseen-bids badge.",
        read_only=True, statuses=(400,), ok=ok(ref("MyPostings")),
        parameters=[query("status", text(enum=["all", "requested", "bidded", "assigned", "done"], default="all"),
                          "Which of them.")],
        bad_request="`status` is not all, requested, bidded, assigned or done."))},
    "/api/v1/market/my/bids": {"get": tagged("Marketplace", operation(
        "myBids", "MKT-5: the caller's bids, newest first, each with its posting.", read_only=True, statuses=(400,),
        ok=ok(wrapper("bids", "MyBid")),
        parameters=[query("status", text(enum=["all", "open", "assigned"], default="all"),
                          "all; open: bids still open; assigned: accepted bids of postings assigned to the caller "
                          "(or done).")],
        bad_request="`status` is not all, open or assigned."))},
    "/api/v1/market/categories": {"get": tagged("Marketplace", operation(
        "listCategories", "MKT-11: the categories a member may pick, Other last.", read_only=True,
        ok=ok(wrapper("categories", "Category"))))},
    "/api/v1/tasks/{id}/attachments": {
        "get": tagged("Photos", operation(
            "listTaskPhotos", "TASK-11: the photos of a task the caller may see, oldest first.", read_only=True,
            parameters=[ID_PARAMETER], statuses=(404,), ok=ok(wrapper("attachments", "Photo")),
            description="Any role may read them, also while the task is in the trash.")),
        "post": tagged("Photos", photo_operation(
            "addTaskPhoto", "TASK-11: add a photo to a task (at most 10 per task).", parameters=[ID_PARAMETER],
            statuses=(404,), conflicts=("in_trash", "too_many_photos", "edit_conflict"), forbidden=EDITOR_NEEDED,
            description="The caller needs the editor role or higher in the task's list.")),
    },
    "/api/v1/attachments/{id}": {
        "get": tagged("Photos", operation(
            "getAttachment", "TASK-11: a photo's bytes, for whoever may see its task (or any member, for a "
            "posting's).", read_only=True, parameters=[ID_PARAMETER], statuses=(404,),
            ok={"description": "The image, typed by what its bytes are.",
                "headers": {
                    "X-Content-Type-Options": {"description": "Never run as anything but the image it is.",
                                               "required": True, "schema": {"type": "string", "const": "nosniff"}},
                    "Cache-Control": {"description": "A photo's id is never reused: keep it for a year.",
                                      "required": True, "schema": {"type": "string",
                                                                   "const": "private, max-age=31536000, immutable"}},
                    "Content-Disposition": {"description": "Shown, not saved.", "required": True,
                                            "schema": {"type": "string", "const": "inline"}},
                    "Content-Security-Policy": {"description": "Allows nothing.", "required": True,
                                                "schema": {"type": "string", "const": "default-src 'none'"}},
                },
                "content": {media: {"schema": {"type": "string", "format": "binary"}} for media in IMAGE_TYPES}},
            not_found="No photo the caller may see has this id.")),
        "delete": tagged("Photos", operation(
            "deleteAttachment", "TASK-11: remove a photo: a task's by its list's editors, a posting's by its poster "
            "while nobody is assigned.", parameters=[ID_PARAMETER], status=204, ok=None, statuses=(404,),
            conflicts=("in_trash", "posting_assigned", "edit_conflict"),
            forbidden="The token may only read, or the caller may see the photo but not change it: the editor role "
                      "or higher is needed for a task's (the message names the role), the poster for a posting's.",
            not_found="No photo the caller may see has this id.")),
    },
    "/api/v1/admin/categories": {
        "get": tagged("Admin", operation(
            "adminListCategories", "MKT-11: every category, archived ones too, Other last (admins only).",
            read_only=True, statuses=(404,), ok=ok(wrapper("categories", "Category")), not_found=ADMIN_NOT_FOUND)),
        "post": tagged("Admin", operation(
            "createCategory", "MKT-11: add a category (admins only).", body="CreateCategoryRequest", status=201,
            ok=tagged_ok(ref("Category"), "Added."), statuses=(404,), conflicts=("already_exists", "edit_conflict"),
            not_found=ADMIN_NOT_FOUND)),
    },
    "/api/v1/admin/categories/{id}": {"patch": tagged("Admin", operation(
        "updateCategory", "MKT-11: rename a category, archive it or offer it again (admins only).",
        parameters=[ID_PARAMETER], body="UpdateCategoryRequest", statuses=(404,), ok=tagged_ok(ref("Category")),
        conflicts=("already_exists", "edit_conflict"), not_found=ADMIN_NOT_FOUND,
        bad_request="Neither name nor isArchived, a name that is empty or over 40 characters, or archiving Other "
                    "(`field` isArchived); `field` names it."))},
    "/api/v1/admin/category-suggestions": {"get": tagged("Admin", operation(
        "listCategorySuggestions", "MKT-11: the categories members suggested with Other, newest first (admins "
        "only).", read_only=True, statuses=(400, 404),
        parameters=[query("limit", integer(minimum=1, maximum=1_000, default=100), "How many.")],
        ok=ok(wrapper("suggestions", "CategorySuggestion")), not_found=ADMIN_NOT_FOUND,
        bad_request="`limit` is not a whole number from 1 to 1,000."))},
}
# MKT-4: bidding again on a posting changes the caller's open bid there.
_place_bid = MARKET_PATHS["/api/v1/market/postings/{id}/bids"]["post"]
_place_bid["responses"] = {"200": tagged_ok(ref("Bid"), "The caller's open bid on the posting, changed."),
                           **_place_bid["responses"]}
PATHS.update(MARKET_PATHS)

# MARK: - The companion game and statistics (GAME): API/GameController*.swift, StatsController.swift,
# AdminController+Game.swift

CONFLICTS.update({
    "game_already_on": "the game is on already (`field` enabled)",
    "game_already_off": "the game is off already (`field` enabled)",
    "game_off": "the game is off; turn it on first (PATCH /api/v1/game)",
    "item_retired": "the item is no longer sold (`field` itemId)",
    "already_owned": "the caller owns the item already (`field` itemId)",
    "not_enough_points": "the caller has fewer points than it costs; the message says how many more it needs "
                         "(nothing is spent)",
    "not_owned": "the caller does not own the item (`field` itemId); buy it first",
    "no_streak_to_restore": "there is no broken streak to buy back, or it broke more than restoreHours ago",
})
ITEM_ID_PARAMETER = {"name": "itemId", "in": "path", "required": True,
                     "description": "A store item's id; one that is malformed or names no item answers 404.",
                     "schema": {"type": "string", "format": "uuid"}}
PERIOD_QUERY = query("period", text(enum=["week", "month", "year"], default="week"),
                     "week: the last 7 days, a bar per day; month: the last 30 days, a bar per day; year: the last "
                     "12 calendar months, a bar per month.")
ITEM_NOT_FOUND = "No store item has this id (`field` itemId)."
GAME_ADMIN_NOT_FOUND = "The caller is not an admin (admin paths answer 404 to everyone else), or nothing has this id."


def svg_ok(description):
    return {"description": description,
            "headers": {"X-Content-Type-Options": {"description": "Never run as anything but SVG.", "required": True,
                                                   "schema": {"type": "string", "const": "nosniff"}}},
            "content": SVG_CONTENT}


GAME_PATHS = {
    "/api/v1/game": {
        "get": tagged("Game", operation(
            "getGame", "GAME-1, GAME-2, GAME-4, GAME-5: the caller's game, on or off.", read_only=True,
            ok=ok(ref("Game")), description="The days that ended since the last look are closed first.")),
        "patch": tagged("Game", operation(
            "updateGame", "GAME-1 and GAME-4: turn the game on or off, strict mode, days off.", body="GamePatch",
            ok=ok(ref("Game")), conflicts=("game_already_on", "game_already_off", "edit_conflict"),
            bad_request="A weekday out of 0…6 or all seven, a day off in the past or more than a year ahead, more "
                        "than 366 days off, or a wrong type; `field` names it.")),
    },
    "/api/v1/game/companion": {"patch": tagged("Game", operation(
        "updateCompanion", "GAME-2: name the companion, choose its species and colour.", body="CompanionPatch",
        ok=ok(ref("Game")), conflicts=("game_off", "edit_conflict"),
        bad_request="A name empty or over 30 characters, or an unknown species or colour; `field` names it."))},
    "/api/v1/game/companion/pet": {"post": tagged("Game", operation(
        "petCompanion", "GAME-2: pet the companion; it answers (never the same line twice in a row).",
        ok=ok(ref("Pet")), conflicts=("game_off", "edit_conflict"), description="Any request body is ignored."))},
    "/api/v1/game/companion.svg": {"get": tagged("Game", operation(
        "getCompanionPicture", "GAME-2 and GAME-3: the companion as SVG, wearing what is equipped.", read_only=True,
        ok=svg_ok("The picture."), description="Its mood shows on its face; level 25 and above adds an aura."))},
    "/api/v1/game/home.svg": {"get": tagged("Game", operation(
        "getHomePicture", "GAME-3: the companion at home as SVG, with the furniture and trinkets placed.",
        read_only=True, ok=svg_ok("The picture.")))},
    "/api/v1/game/store": {"get": tagged("Game", operation(
        "getStore", "GAME-3: the items on sale, with the caller's points.", read_only=True, ok=ok(ref("Store"))))},
    "/api/v1/game/store/{itemId}/buy": {"post": tagged("Game", operation(
        "buyItem", "GAME-3: buy an item with points.", parameters=[ITEM_ID_PARAMETER], statuses=(404,),
        ok=ok(ref("Game")), not_found=ITEM_NOT_FOUND,
        conflicts=("game_off", "item_retired", "already_owned", "not_enough_points", "edit_conflict"),
        description="The points and the item change together, with a line in the ledger. Any request body is "
                    "ignored."))},
    "/api/v1/game/inventory": {"get": tagged("Game", operation(
        "getInventory", "GAME-3: what the caller owns, newest first (retired items too).", read_only=True,
        ok=ok(wrapper("items", "StoreItem"))))},
    "/api/v1/game/inventory/{itemId}/equip": {"post": tagged("Game", operation(
        "equipItem", "GAME-3: put an owned item on, or in the home; whatever was in its slot comes off.",
        parameters=[ITEM_ID_PARAMETER], statuses=(404,), ok=ok(ref("Game")), not_found=ITEM_NOT_FOUND,
        conflicts=("game_off", "not_owned", "edit_conflict"), description="Any request body is ignored."))},
    "/api/v1/game/inventory/{itemId}/unequip": {"post": tagged("Game", operation(
        "unequipItem", "GAME-3: take an item off.", parameters=[ITEM_ID_PARAMETER], statuses=(404,),
        ok=ok(ref("Game")), not_found=ITEM_NOT_FOUND, conflicts=("game_off", "not_owned", "edit_conflict"),
        description="Any request body is ignored."))},
    "/api/v1/game/streak/restore": {"post": tagged("Game", operation(
        "restoreStreak", "GAME-4: buy back the streak the latest missed day broke, within restoreHours, for points.",
        ok=ok(ref("Game")), conflicts=("game_off", "no_streak_to_restore", "not_enough_points", "edit_conflict"),
        description="The missed day counts as restored and the streak carries over it. Any request body is "
                    "ignored."))},
    "/api/v1/game/badges": {"get": tagged("Game", operation(
        "listBadges", "GAME-5: every badge, earned or not.", read_only=True,
        ok=ok(obj({"badges": array(ref("BadgeStatus"), minItems=9, maxItems=9)}))))},
    "/api/v1/game/ledger": {"get": tagged("Game", operation(
        "getLedger", "GAME-1: the caller's ledger of points and XP, newest first.", read_only=True,
        parameters=[query("before", text(format="date-time"), "Only lines before this moment (the `at` of the "
                                                              "last line seen), for the next page."),
                    query("limit", integer(minimum=1, maximum=500, default=100), "How many lines.")],
        statuses=(400,), ok=ok(wrapper("entries", "LedgerEntry")),
        bad_request="`before` is not an RFC 3339 date-time, or `limit` is not a whole number from 1 to 500."))},
    "/api/v1/plans": {"get": tagged("Game", operation(
        "listPlans", "GAME-7: the subscription plans on offer (payment is out of scope).", read_only=True,
        ok=ok(wrapper("plans", "Plan"))))},
    "/api/v1/stats": {"get": tagged("Statistics", operation(
        "getStats", "GAME-6: the caller's statistics, game on or off.", read_only=True, parameters=[PERIOD_QUERY],
        statuses=(400,), ok=ok(ref("Stats")), bad_request="`period` is not week, month or year."))},
    "/api/v1/stats/charts/{name}.svg": {"get": tagged("Statistics", operation(
        "getStatsChart", "GAME-6: one chart of the caller's statistics, drawn as SVG.", read_only=True,
        parameters=[{"name": "name", "in": "path", "required": True,
                     "description": "completions: completed and pending per bucket; ontime: on time and late, "
                                    "stacked; weekdays: completions per weekday; points: points per bucket (the "
                                    "game on); monthly: the last 12 months (after a month of use).",
                     "schema": text(enum=STATS_CHARTS)}, PERIOD_QUERY],
        statuses=(400, 404), ok=svg_ok("The chart."), bad_request="`period` is not week, month or year.",
        not_found="No chart has this name, or `points` with the game off, or `monthly` before a month of use."))},
    "/api/v1/admin/game/rules": {
        "get": tagged("Admin", operation(
            "adminGetGameRules", "GAME-1: the constants of the game's formulas (admins only).", read_only=True,
            statuses=(404,), ok=ok(ref("GameRules")), not_found=GAME_ADMIN_NOT_FOUND)),
        "patch": tagged("Admin", operation(
            "adminUpdateGameRules", "GAME-1: change some of the constants (admins only); the next reward uses them.",
            body="GameRulesPatch", statuses=(404,), ok=ok(ref("GameRules")), conflicts=("edit_conflict",),
            not_found=GAME_ADMIN_NOT_FOUND,
            bad_request="An unknown constant, a value that is not a whole number or is out of its range; `field` "
                        "is rules.NAME.")),
    },
    "/api/v1/admin/store/items": {
        "get": tagged("Admin", operation(
            "adminListStoreItems", "GAME-3: every store item, retired ones too (admins only).", read_only=True,
            statuses=(404,), ok=ok(wrapper("items", "AdminStoreItem")), not_found=GAME_ADMIN_NOT_FOUND)),
        "post": tagged("Admin", operation(
            "adminCreateStoreItem", "GAME-3: add an item to the store (admins only).", body="CreateStoreItemRequest",
            status=201, ok=tagged_ok(ref("AdminStoreItem"), "Added."), statuses=(404,),
            conflicts=("edit_conflict",), not_found=GAME_ADMIN_NOT_FOUND,
            bad_request="A missing field, a name or description too long, a price out of range, or an SVG fragment "
                        "that is not allowed; `field` names it.")),
    },
    "/api/v1/admin/store/items/{id}": {"patch": tagged("Admin", operation(
        "adminUpdateStoreItem", "GAME-3: change a store item, retire it or sell it again (admins only).",
        parameters=[ID_PARAMETER], body="UpdateStoreItemRequest", statuses=(404,), ok=tagged_ok(ref("AdminStoreItem")),
        conflicts=("edit_conflict",), not_found=GAME_ADMIN_NOT_FOUND))},
    "/api/v1/admin/plans": {
        "get": tagged("Admin", operation(
            "adminListPlans", "GAME-7: every subscription plan, retired ones too (admins only).", read_only=True,
            statuses=(404,), ok=ok(wrapper("plans", "AdminPlan")), not_found=GAME_ADMIN_NOT_FOUND)),
        "post": tagged("Admin", operation(
            "adminCreatePlan", "GAME-7: add a subscription plan (admins only).", body="CreatePlanRequest", status=201,
            ok=tagged_ok(ref("AdminPlan"), "Added."), statuses=(404,), conflicts=("edit_conflict",),
            not_found=GAME_ADMIN_NOT_FOUND)),
    },
    "/api/v1/admin/plans/{id}": {"patch": tagged("Admin", operation(
        "adminUpdatePlan", "GAME-7: change a plan, retire it or offer it again (admins only).",
        parameters=[ID_PARAMETER], body="UpdatePlanRequest", statuses=(404,), ok=tagged_ok(ref("AdminPlan")),
        conflicts=("edit_conflict",), not_found=GAME_ADMIN_NOT_FOUND))},
}
PATHS.update(GAME_PATHS)


# INTEROP-2: private ICS feeds (API/FeedsController.swift, API/FeedsDTOs.swift, API/CalendarFeedController.swift).
RESPONSE_SCHEMAS["Feeds"] = obj({
    "all": obj({"url": text("Every task with a due date in the lists the member can see (open ones, and those "
                            "completed in the last 30 days).", format="uri")}),
    "lists": array(obj({
        "listId": ID,
        "name": text("The list's name."),
        "url": text("Every live task of the list.", format="uri"),
    }), description="One per list the member can see: its own, then those shared with it."),
}, description="INTEROP-2: the member's private feed URLs, absolute as the client reached the server (through a "
               "trusted proxy's X-Forwarded-Proto and X-Forwarded-Host). The secret in them is the only credential: "
               "whoever has a URL can read that feed until the member makes new links.")
FEED_KEY_PARAMETER = {"name": "key", "in": "path", "required": True,
                      "description": "The feed secret from GET /api/v1/feeds; any other answers 404.",
                      "schema": text(pattern="^[A-Za-z0-9_-]{43}$")}
FEED_HEADERS = {
    "ETag": {"description": "Strong: a digest of the body, so it changes exactly when the body does.",
             "required": True, "schema": text(pattern='^"[0-9a-f]{32}"$')},
    "Last-Modified": {"description": "The latest change to anything the feed shows (a task leaving it included).",
                      "required": True, "schema": text()},
    "Cache-Control": {"description": "Always `private, max-age=300`.", "required": True,
                      "schema": text(const="private, max-age=300")},
}
FEED_NOT_FOUND = ("No such feed: an unknown or replaced key, a disabled account, or a list the key's owner cannot "
                  "see; the same answer for all.")


def feed_operation(op_id, summary, parameters):
    op = operation(op_id, summary, public=True, parameters=parameters, statuses=(404,), not_found=FEED_NOT_FOUND,
                   ok={"description": "An iCalendar document (RFC 5545): a VTODO per task and, for calendar apps "
                                      "that show no tasks, a VEVENT per task with a due date (docs/feeds.md).",
                       "headers": FEED_HEADERS,
                       "content": {"text/calendar": {"schema": text("A VCALENDAR.")}}},
                   description="No Authorization: the key in the path is the credential. `If-None-Match` (or, "
                               "without it, `If-Modified-Since`) that still matches answers 304 without a body. "
                               "HEAD answers the headers alone.")
    op["responses"]["304"] = {"description": "Not modified since the copy the request names.", "headers": FEED_HEADERS}
    return op


FEED_PATHS = {
    "/api/v1/feeds": {"get": tagged("Feeds", operation(
        "listFeeds", "INTEROP-2: my private ICS feed URLs: all tasks with a due date, and one per list.",
        read_only=True, ok=ok(ref("Feeds")),
        description="The secret in the URLs is made on the first ask and stays until rotated."))},
    "/api/v1/feeds/rotate": {"post": tagged("Feeds", operation(
        "rotateFeeds", "INTEROP-2: new feed URLs; the old ones answer 404 from now on.", ok=ok(ref("Feeds")),
        description="Any request body is ignored."))},
    "/feeds/{key}/all.ics": {"get": tagged("Feeds", feed_operation(
        "getDueTasksFeed", "INTEROP-2: the ICS feed of every task with a due date the key's owner can see.",
        [FEED_KEY_PARAMETER]))},
    "/feeds/{key}/lists/{listId}.ics": {"get": tagged("Feeds", feed_operation(
        "getListFeed", "INTEROP-2: the ICS feed of one list's live tasks.",
        [FEED_KEY_PARAMETER, {"name": "listId", "in": "path", "required": True,
                              "description": "A list the key's owner can see (its own or shared with it).",
                              "schema": text(format="uuid")}]))},
}
PATHS.update(FEED_PATHS)


# MARK: - Import and export (INTEROP-5): API/ImportsController.swift, API/ImportDTOs.swift, the export's `format`

RESPONSE_SCHEMAS.update({
    "ImportReport": obj({
        "listId": nullable(described("Id", "The list the tasks went to; null in a dry run that would make a new "
                                           "list.")),
        "listName": text("The list's name (for a new one, what it is or would be called)."),
        "listCreated": boolean("Whether the list is (or would be) new."),
        "dryRun": boolean("A preview: nothing was written."),
        "created": integer("Tasks made (or that would be made).", minimum=0),
        "skipped": array(ref("ImportSkip"), description="Items not imported (`field` null) and fields left out of "
                                                        "imported tasks, each with its reason, in file order."),
        "labelsCreated": array(text(), description="Names of the labels made for the import; the caller's labels "
                                                   "are reused by name, ignoring case."),
        "remindersCreated": integer("Reminders made from iCalendar VALARMs.", minimum=0),
        "tasks": array(ref("ImportedTask"), description="The tasks made, parents first; a dry run shows the first "
                                                        "200."),
    }, description="INTEROP-5: what an import made, or would make."),
    "ImportSkip": obj({
        "line": nullable(integer("The CSV line (Todoist).", minimum=1)),
        "position": nullable(integer("The item's place among the file's tasks, from 1 (Taskwarrior, iCalendar).",
                                     minimum=1)),
        "title": text("The item's title as the file has it (may be empty)."),
        "field": nullable(text("The field left out of an imported task (`due`, `start`, `priority`, `parentId`, "
                               "`labelIds`, `estimatedMinutes`, `recurrence`, `reminders`, `status`); null when "
                               "the whole item was not imported.")),
        "reason": text(),
    }, description="INTEROP-5: one thing of the file that was not imported, and why."),
    "ImportedTask": obj({
        "id": nullable(described("Id", "Null in a dry run.")),
        "title": text(),
        "due": nullable(ref("TaskDate")),
        "priority": ref("TaskPriority"),
        "labels": array(text()),
        "parentTitle": nullable(text()),
        "completed": BOOL,
    }, description="INTEROP-5: a task of an import, as the report shows it."),
})

IMPORT_BODY = {
    "required": True,
    "description": "The file itself, at most 20 MiB of UTF-8; its Content-Type says the format.",
    "content": {
        "text/csv": {"schema": text("Todoist's CSV export of a project (columns TYPE, CONTENT, DESCRIPTION, "
                                    "PRIORITY, INDENT, AUTHOR, RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, "
                                    "DURATION_UNIT; only TYPE and CONTENT are required).")},
        "application/json": {"schema": array({"type": "object"}, description="Taskwarrior's `task export`: an "
                                                                             "array of task objects.")},
        "text/calendar": {"schema": text("An iCalendar file of VTODOs.")},
    },
}

IMPORT_OPERATION = operation(
    "importTasks", "INTEROP-5: import a Todoist CSV, Taskwarrior JSON or iCalendar file into one list.",
    status=201, ok=ok(ref("ImportReport"), "Imported, all of it in one transaction."),
    statuses=(400, 404), conflicts=("already_exists", "edit_conflict"),
    forbidden="The token may only read, or the caller is a viewer of `listId`'s list: this needs the editor role "
              "or higher.",
    not_found="`listId` names no live list the caller can see (`field` listId).",
    parameters=[
        query("listId", text(format="uuid"), "A list the caller may add tasks to (editor or higher)."),
        query("listName", text(minLength=1, maxLength=50), "The caller's own list of this name (ignoring case), "
              "made when there is none. Neither this nor listId: a new list named after the format and the day, "
              "like “Todoist import 2026-11-27”."),
        query("dryRun", BOOL, "true: check everything and answer what would be made (200), writing nothing."),
    ],
    description="All or nothing: the list (when new), the labels, the tasks, their reminders and history are "
                "written in one transaction. Every field rule applies but the past-deadline one (TASK-2); an item "
                "that breaks one is skipped and a field that cannot be kept is left out, each reported with its "
                "reason. Mapping of each format: docs/import.md.")
IMPORT_OPERATION["requestBody"] = IMPORT_BODY
IMPORT_OPERATION["responses"]["200"] = ok(ref("ImportReport"), "A dry run: what would be made.")
IMPORT_OPERATION["responses"]["400"] = error_response(
    400, "The file cannot be read as the format its Content-Type names, is not UTF-8 or holds no tasks (`field` "
         "body, the message says what is wrong); or `listId` and `listName` both given, `listName` breaks the list "
         "name rule, `dryRun` is not true or false (`field` names it).")
IMPORT_OPERATION["responses"]["413"] = error_response(
    413, "The file is over 20 MiB; the connection is closed after the answer.")
IMPORT_OPERATION["responses"]["415"] = error_response(
    415, "The Content-Type is not text/csv, application/json or text/calendar (with no charset but UTF-8).")
IMPORT_OPERATION["responses"] = {code: IMPORT_OPERATION["responses"][code]
                                 for code in sorted(IMPORT_OPERATION["responses"])}
PATHS["/api/v1/imports"] = {"post": tagged("Import and export", IMPORT_OPERATION)}

_export = PATHS["/api/v1/me/export"]["get"]
_export["summary"] = "ACC-6 and INTEROP-5: everything of mine as JSON, or my tasks as iCalendar or CSV."
_export["parameters"] = [query("format", text(enum=["json", "ics", "csv"]),
                               "json (the default): everything; ics: the caller's live tasks as VTODOs; csv: the "
                               "same tasks as a table (RFC 4180, a header row; cells that start with = + - @ get a "
                               "leading ').")]
_export["responses"]["200"]["content"].update({
    "text/calendar": {"schema": text("`format=ics`.")},
    "text/csv": {"schema": text("`format=csv`: id, list, parent id, title, notes, status, priority, due, start, "
                                "labels, estimated minutes, recurrence, completed at, created at.")},
})
_export["responses"]["200"]["headers"] = {"Content-Disposition": {
    "description": "For ics and csv: `attachment` with the file name doable-tasks.ics or doable-tasks.csv.",
    "required": False, "schema": text()}}
_export["responses"]["400"] = error_response(400, "`format` is not json, ics or csv (`field` format).")
_export["responses"] = {code: _export["responses"][code] for code in sorted(_export["responses"])}


PATHS["/readyz"]["get"]["responses"]["503"] = error_response(503)
# Issue 10, finding 19: every operation that reads the database may meet the query time limit.
for _path, _operations in PATHS.items():
    if _path in ("/healthz", "/readyz", "/api/v1/openapi.json"):
        continue
    for _method, _operation in _operations.items():
        _operation["responses"]["503"] = shared("QueryTimeout")
        # Issue 34: every operation that writes may meet a full disk.
        if _method != "get":
            _operation["responses"]["507"] = shared("StorageFull")

# INTEROP-4 (OpenAPI 3.1 `webhooks`): what the server sends to a webhook's URL (Notify/DeliverySender.swift,
# Notify/WebhookMessage.swift).
WEBHOOK_HEADER = lambda name, description, schema: {  # noqa: E731
    "name": name, "in": "header", "required": True, "description": description, "schema": schema}
WEBHOOKS = {
    "doableEvent": {"post": {
        "operationId": "receiveDoableEvent",
        "tags": ["Webhooks"],
        "summary": "INTEROP-4: one event, POSTed to a webhook's URL.",
        "description": (
            "Sent for each event the webhook subscribes to, from a delivery queued in the same transaction as "
            "the change or notification it tells of (NOTIF-5); task events within about a second of the change. "
            "Headers: `Content-Type: application/json`, `User-Agent: Doable-Webhook/1`, `X-Doable-Event` (the "
            "event), `X-Doable-Delivery` (the delivery's id, also the body's `id`) and `X-Doable-Signature: "
            "sha256=<hex>`, the lowercase hex HMAC-SHA256 of the raw body bytes under the webhook's secret "
            "(compare it in constant time before trusting the body). A 2xx answer counts as delivered. HTTP 408, "
            "425, 429, any 5xx, a refused connection or a timeout (5 s to connect, 10 s to answer) is retried "
            "with exponential backoff and jitter (about 30 s, 1 min, 2 min … at most an hour apart) for a day; "
            "any other status, or more than 3 redirects, fails the delivery for good. Every attempt is in "
            "`GET /api/v1/deliveries`. A delivery may arrive twice (a crash between sending and recording it): "
            "drop repeats by `X-Doable-Delivery`. Deliveries of one webhook are not ordered; use `createdAt`."),
        "security": [],
        "parameters": [
            WEBHOOK_HEADER("X-Doable-Event", "The event, as the body's `event`.", ref("WebhookEvent")),
            WEBHOOK_HEADER("X-Doable-Delivery", "The delivery's id, as the body's `id`.", ref("Id")),
            WEBHOOK_HEADER("X-Doable-Signature", "`sha256=` and the lowercase hex HMAC-SHA256 of the raw body "
                                                 "under the webhook's secret.",
                           text(pattern="^sha256=[0-9a-f]{64}$")),
        ],
        "requestBody": {"required": True, "content": json_content(ref("WebhookPayload"))},
        "responses": {
            "2XX": {"description": "Delivered."},
            "default": {"description": "Not delivered: retried for a day for 408, 425, 429 and 5xx (and when "
                                       "there is no answer), given up at once for anything else."},
        },
    }},
}

TAGS = [
    {"name": "Accounts", "description": "ACC: registration, sessions, profile, export and deletion."},
    {"name": "Tokens", "description": "ACC-5: personal access tokens and app passwords."},
    {"name": "Lists", "description": "LIST: lists, their order, and the list side of the trash."},
    {"name": "Tasks", "description": "TASK: tasks, subtasks, actions, search and filters."},
    {"name": "Labels", "description": "TASK-6: labels."},
    {"name": "Trash", "description": "TASK-8: what was deleted, restorable for 30 days."},
    {"name": "Sharing", "description": "COLLAB-1: a list's members and their roles."},
    {"name": "Comments", "description": "TASK-12: comments on tasks and each task's history."},
    {"name": "Notifications", "description": "NOTIF-2 and NOTIF-4: the in-app notification centre."},
    {"name": "Reminders", "description": "NOTIF-1 and NOTIF-3: each member's own reminders on tasks, snooze and "
                                         "silence."},
    {"name": "Webhooks", "description": "INTEROP-4 and NOTIF-5: outgoing webhooks and the log of email and webhook "
                                        "deliveries."},
    {"name": "Events", "description": "SYNC-5 and VIEW-6: live changes from the change feed."},
    {"name": "Feeds", "description": "INTEROP-2: private ICS feeds that calendar apps subscribe to."},
    {"name": "Import and export", "description": "INTEROP-5: import from Todoist, Taskwarrior and iCalendar files "
                                                 "(the export is GET /api/v1/me/export)."},
    {"name": "Sync", "description": "SYNC-1 to SYNC-4: offline devices push mutations and pull changes "
                                    "(docs/sync.md)."},
    {"name": "Marketplace", "description": "MKT: postings, bids, questions and reviews; every member sees every "
                                           "posting, only its poster changes it."},
    {"name": "Photos", "description": "TASK-11: photos of tasks, and the bytes of any photo (a posting's too)."},
    {"name": "Game", "description": "GAME-1 to GAME-5 and GAME-7: the companion game (opt-in), its store, streaks, "
                                    "badges and ledger, and the subscription plans."},
    {"name": "Statistics", "description": "GAME-6: statistics and their charts, for every member."},
    {"name": "Admin", "description": "Admin tools (MKT-11: marketplace categories; GAME-1, GAME-3, GAME-7: the game's "
                                     "constants, the store's items, the plans); 404 for anyone but an admin."},
    {"name": "Operations", "description": "OPS-3 and INTEROP-3: health, readiness and this document."},
]


def document():
    schemas = {**VALUE_SCHEMAS, **RESPONSE_SCHEMAS, **ERROR_SCHEMAS, **REQUEST_SCHEMAS}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Doable API",
            "version": "1",
            "summary": "The REST API of Doable, a self-hostable task system (INTEROP-3).",
            "description": (
                "JSON in and out, camelCase fields, RFC 3339 UTC times, UUID ids. Authenticated calls send "
                "`Authorization: Bearer <token>` with a session token (from register or sign-in), a personal "
                "access token or an app password; a read-only token answers 403 to every write. A resource the "
                "caller may not see answers 404; in a list shared with the caller (COLLAB-3) a role too small for "
                "a write answers 403 with a message naming the role needed. Request objects are strict: unknown "
                "fields, wrong types and broken rules answer 400 naming the field, and so does an object that "
                "repeats a name. Bodies "
                "must be sent as `Content-Type: application/json` (415 otherwise; an import's file is sent as its own "
                "format); bodies over 1 MiB answer 413 (20 MiB for an import). "
                "Every error has one shape: `{\"error\": {\"code\", \"message\", \"field\"}}`, including "
                "the 400 (or 431 for headers over 80 KiB) for requests that are not valid HTTP/1.1. Only the "
                "methods listed here are served; any other method or path answers 404 in the same shape "
                "(`GET /metrics`, Prometheus text, exists only where the operator turned it on)."
            ),
            "license": {"name": "Proprietary", "identifier": "LicenseRef-Proprietary"},
        },
        "servers": [{"url": "/", "description": "The Doable server that serves this document."}],
        "tags": TAGS,
        "security": [{"bearer": []}],
        "paths": PATHS,
        "webhooks": WEBHOOKS,
        "components": {
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A session token (dses_…), personal access token (dpat_…) or app password "
                                   "(dapp_…). A GET without this header may instead carry the web app's "
                                   "`doable_session` cookie (the browser's EventSource sends no headers).",
                },
            },
            "schemas": schemas,
            "parameters": PARAMETERS,
            "responses": SHARED_RESPONSES,
        },
    }


def render():
    return json.dumps(document(), indent=2, ensure_ascii=False) + "\n"


def main(argv):
    rendered = render()
    if "--check" in argv:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != rendered:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run scripts/openapi/build_openapi.py",
                  file=sys.stderr)
            return 1
        print(f"{OUTPUT.relative_to(ROOT)} is up to date.")
        return 0
    OUTPUT.write_text(rendered, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
