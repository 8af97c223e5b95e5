/// Path, query and header parameters (`components/parameters` and those written in place).
extension OpenAPI {
    static let parameters: [String: JSONValue] = [
        "Id": pathParameter(
            "id", "A UUID; one that is malformed or names nothing the caller may see answers 404.", text(format: "uuid")),
        "AccountId": pathParameter(
            "accountId", "The member's account id; one that is malformed or names no member of the list answers 404.",
            text(format: "uuid")),
    ]

    static let idParameter: JSONValue = .object(["$ref": .string("#/components/parameters/Id")])
    static let accountIdParameter: JSONValue = .object(["$ref": .string("#/components/parameters/AccountId")])

    static func pathParameter(_ name: String, _ description: String, _ schema: JSONValue) -> JSONValue {
        .object([
            "name": .string(name), "in": .string("path"), "required": .bool(true), "description": .string(description),
            "schema": schema,
        ])
    }

    static func headerParameter(_ name: String, _ description: String, _ schema: JSONValue, required: Bool) -> JSONValue {
        .object([
            "name": .string(name), "in": .string("header"), "required": .bool(required), "description": .string(description),
            "schema": schema,
        ])
    }

    /// A query parameter, optional unless `required`; `style` and `explode` for one that may repeat.
    static func query(
        _ name: String, _ schema: JSONValue, _ description: String, style: String? = nil, explode: Bool? = nil,
        required: Bool = false
    ) -> JSONValue {
        members([
            "name": .string(name), "in": .string("query"), "required": .bool(required), "description": .string(description),
            "schema": schema, "style": style.map(JSONValue.string), "explode": explode.map(JSONValue.bool),
        ])
    }

    static let ifMatchParameter = headerParameter(
        "If-Match",
        """
        A precondition: the item's `ETag` (its version, quoted); the write fails with 409 `version_mismatch` instead of \
        overwriting a change made meanwhile. `*` or none: no condition.
        """,
        text(), required: false)

    static let usernameParameter = pathParameter(
        "username", "Case-insensitive; an unknown, disabled or malformed username answers 404.", ref("Username"))

    static let itemIdParameter = pathParameter(
        "itemId", "A store item's id; one that is malformed or names no item answers 404.", text(format: "uuid"))

    /// Issue 10: a query parameter may be repeated at most 100 times on any route, and a filter takes at most 100
    /// values.
    static let maxValues = 100

    static let taskQuery: [JSONValue] = [
        query("q", text(), "TASK-7: words that must all appear (as word prefixes) in the title or notes."),
        query(
            "list", idInputSchema,
            "Only tasks of this live list (the caller's own or one shared with it); 404 when the caller may not see it."),
        query("parent", idInputSchema, "Only the direct subtasks of this task."),
        query(
            "label", array(idInputSchema, maxItems: maxValues),
            """
            Only tasks carrying every one of these labels; repeat the parameter or separate ids with commas. At most \
            100 values (more is a 400 naming `label`).
            """,
            style: "form", explode: true),
        query(
            "status", array(ref("TaskStatus"), maxItems: maxValues),
            "Any of these statuses; repeat or separate with commas; at most 100 values.", style: "form", explode: true),
        query(
            "priority", array(ref("TaskPriority"), maxItems: maxValues),
            "Any of these priorities; repeat or separate with commas; at most 100 values.", style: "form", explode: true),
        query("dueFrom", ref("TaskDateInput"), "Due at or after this moment (a day counts from its start, UTC)."),
        query("dueTo", ref("TaskDateInput"), "Due at or before this moment (a day counts to its end, UTC)."),
        query(
            "assignee", .object(["anyOf": .array([idInputSchema, .object(["type": .string("string"), "const": .string("me")])])]),
            """
            Only tasks assigned to this member; `me` for the caller (COLLAB-2: in its own lists and in those shared \
            with it alike).
            """),
        query("sort", ref("TaskSort"), "Default manual (TASK-5)."),
        query("limit", integer(minimum: 1, maximum: 500, default: 200), "Page size."),
        query("offset", integer(minimum: 0, maximum: 1_000_000, default: 0), "Tasks to skip."),
    ]

    static let marketQuery: [JSONValue] = [
        query(
            "q", text(maxLength: 200),
            """
            MKT-2: words that must all begin words of the title or description (any case, accents ignored); empty \
            lists every open posting.
            """),
        query("category", text(minLength: 1), "MKT-2: a category's id or name (case-insensitive)."),
        query(
            "status", array(text(enum: ["requested", "bidded", "done"]), maxItems: maxValues),
            """
            Open postings: requested, bidded, or both (the default); repeat or separate with commas. Or done alone: the \
            finished postings (not with near).
            """, style: "form",
            explode: true),
        query(
            "near", text(pattern: #"^-?[0-9]{1,2}(\.[0-9]+)?,-?[0-9]{1,3}(\.[0-9]+)?$"#),
            """
            MKT-9: LATITUDE,LONGITUDE (e.g. 52.52,13.405): only postings with a location within `radiusKm` of it, \
            nearest first, with distanceKm and bearingDegrees, in one page (no cursor).
            """),
        query("radiusKm", number(minimum: 0.1, maximum: 500, default: 5), "MKT-9: with `near`, kilometres, 0.1 to 500."),
        query("limit", integer(minimum: 1, maximum: 100, default: 50), "Page size."),
        query("cursor", text(minLength: 1), "The `nextCursor` of the page before (not with `near`)."),
    ]

    static let periodQuery = query(
        "period", text(enum: ["week", "month", "year"], default: "week"),
        """
        week: the last 7 days, a bar per day; month: the last 30 days, a bar per day; year: the last 12 calendar \
        months, a bar per month.
        """)
}
