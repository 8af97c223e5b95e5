/// The one error shape (`Error`), narrowed per status, and the error responses of the operations
/// (HTTP/ErrorMiddleware.swift answers them).
extension OpenAPI {
    struct ErrorStatus: Sendable {
        let code: String
        let schemaName: String
        let description: String
    }

    static let errorStatuses: [Int: ErrorStatus] = [
        400: ErrorStatus(
            code: "validation_failed", schemaName: "ValidationFailed",
            description: """
                The request breaks a rule: a missing, unknown or mistyped field, a value out of range, a body that is \
                not a JSON object, or an object that repeats a name. `field` names the input.
                """),
        401: ErrorStatus(
            code: "unauthenticated", schemaName: "Unauthenticated",
            description: "No `Authorization: Bearer` token, or one that is unknown, revoked or expired."),
        403: ErrorStatus(code: "forbidden", schemaName: "Forbidden", description: "The token may only read."),
        404: ErrorStatus(
            code: "not_found", schemaName: "NotFound",
            description: """
                Nothing the caller may see has this id (a malformed id in the path too). A referenced id in the body \
                is named in `field`.
                """),
        413: ErrorStatus(
            code: "payload_too_large", schemaName: "PayloadTooLarge",
            description: "The request body is larger than 1 MiB; the connection is closed after the answer."),
        415: ErrorStatus(
            code: "unsupported_media_type", schemaName: "UnsupportedMediaType",
            description: "The body is not sent as `Content-Type: application/json` (UTF-8)."),
        429: ErrorStatus(
            code: "rate_limited", schemaName: "RateLimited",
            description: "Too many requests of this account at once (more than 16 running and 512 waiting)."),
        503: ErrorStatus(
            code: "not_ready", schemaName: "NotReady",
            description: "The database does not answer within a second, or its storage is full (`storage_full`)."),
    ]

    static func errorStatus(_ status: Int) -> ErrorStatus {
        guard let known = errorStatuses[status] else { preconditionFailure("no error status \(status)") }
        return known
    }

    /// The one error shape with its `code` narrowed to the given codes.
    static func errorSchema(_ codes: [String]) -> JSONValue {
        let code: JSONValue =
            codes.count > 1 ? .object(["enum": .array(codes.map(JSONValue.string))]) : .object(["const": .string(codes[0])])
        let narrowed: JSONValue = .object([
            "properties": .object(["error": .object(["properties": .object(["code": code])])])
        ])
        return .object(["allOf": .array([ref("Error"), narrowed])])
    }

    /// `ValidationFailed`, `Unauthenticated` and the others: the error shape of each status.
    static let errorSchemas: [String: JSONValue] = Dictionary(
        uniqueKeysWithValues: errorStatuses.values.map { ($0.schemaName, errorSchema([$0.code])) })

    static func jsonContent(_ schema: JSONValue) -> JSONValue {
        .object(["application/json": .object(["schema": schema])])
    }

    static func errorResponse(
        _ status: Int, _ description: String? = nil, codes: [String]? = nil, headers: JSONValue? = nil
    ) -> JSONValue {
        let schema = codes.map(errorSchema) ?? ref(errorStatus(status).schemaName)
        return members([
            "description": .string(description ?? errorStatus(status).description),
            "content": jsonContent(schema),
            "headers": headers,
        ])
    }

    static let retryAfter: JSONValue = .object([
        "Retry-After": .object([
            "description": .string("Seconds to wait before trying again."), "required": .bool(true),
            "schema": .object(["type": .string("integer"), "minimum": .int(1)]),
        ])
    ])

    static let wwwAuthenticate: JSONValue = .object([
        "WWW-Authenticate": .object([
            "description": .string("Always `Bearer`."), "required": .bool(true),
            "schema": .object(["type": .string("string"), "const": .string("Bearer")]),
        ])
    ])

    /// A 409 naming each conflict code the operation can answer and when.
    static func conflict(_ codes: [String]) -> JSONValue {
        let cases = codes.map { code in
            guard let reason = conflictReasons[code] else { preconditionFailure("no reason for conflict \(code)") }
            return "`\(code)` when \(reason)"
        }
        return errorResponse(409, "A conflict: " + cases.joined(separator: "; ") + ".", codes: codes)
    }

    static let conflictReasons: [String: String] = [
        "client_taken": "the client id belongs to another account (a device makes a new one)",
        "already_exists": "the name, email or username is taken (`field` names it)",
        "inbox_protected": "the Inbox cannot be renamed, archived or deleted",
        "in_trash": "the task is in the trash; restore it first",
        "task_done": "the task is completed or in the trash, so there is nothing to remind of",
        "not_in_trash": "it is not in the trash",
        "edit_conflict": "it was changed or removed at the same moment; try again",
        "duplicate_webhook": "the caller already has a webhook for this URL (`field` url); delete it to change its events",
        "version_mismatch": "`If-Match` names a version the item no longer has (it was changed meanwhile)",
        "already_member": "the member already has access to the list (`field` is login)",
        "owner_role": "the owner's own role cannot change (the owner hands the list to an admin first)",
        "owner_needs_admin": "only an admin member can become the owner",
        "owner_cannot_leave": "the owner cannot leave or be removed (hand the list over first, or delete it)",
        "posting_assigned": "the posting is assigned or done (say, assigned meanwhile): it can no longer be changed or deleted",
        "posting_closed":
            "the posting is assigned or done and takes no more bids or questions (the message says whether it was assigned meanwhile)",
        "posting_not_assigned": "only an assigned posting can be marked done or returned to requested",
        "posting_not_done": "poster and assignee rate each other once the posting is done",
        "own_posting": "nobody bids on, or asks a question on, its own posting",
        "bid_not_open": "the bid was accepted, declined or withdrawn already",
        "already_reviewed": "the caller rated this posting already; a rating can't be changed",
        "too_many_photos": "there are 10 photos already; remove one first (`field` body)",
        "game_already_on": "the game is on already (`field` enabled)",
        "game_already_off": "the game is off already (`field` enabled)",
        "game_off": "the game is off; turn it on first (PATCH /api/v1/game)",
        "item_retired": "the item is no longer sold (`field` itemId)",
        "already_owned": "the caller owns the item already (`field` itemId)",
        "not_enough_points": "the caller has fewer points than it costs; the message says how many more it needs (nothing is spent)",
        "not_owned": "the caller does not own the item (`field` itemId); buy it first",
        "no_streak_to_restore": "there is no broken streak to buy back, or it broke more than restoreHours ago",
        "already_verified": "the account's email address is confirmed already",
        "no_mail_server": "the server has no mail server to send the link with (no --smtp-url)",
        "totp_enabled": "two-factor sign-in is on already; turn it off first to set up another app",
        "totp_not_started": "no set-up was started (POST /api/v1/me/totp first)",
        "totp_disabled": "two-factor sign-in is off",
        "last_admin": "the account is the last enabled admin: make another account an admin first",
        "self_disable": "an admin cannot disable their own account",
        "self_delete": "an admin deletes their own account in their settings, with their password",
    ]
}
