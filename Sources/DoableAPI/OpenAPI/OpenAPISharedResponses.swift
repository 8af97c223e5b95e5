/// The responses many operations share (`components/responses`).
extension OpenAPI {
    static let queryTimeoutDescription = """
        The database cannot take the request now; nothing was changed, try again after Retry-After. `query_timeout`: a \
        query ran past the server's time limit (`--query-timeout`, 5 s by default) and was stopped. \
        `database_unavailable` (issue 34): the database cannot be reached (PostgreSQL stopped or restarting); answered \
        at once, never after a hang.
        """

    static let storageFullDescription = """
        Issue 34: the database's storage is full, so nothing was written (reads go on). Code `storage_full`; the \
        operator must free space; try again after Retry-After.
        """

    static let sharedResponses: [String: JSONValue] = [
        "BadRequest": errorResponse(400),
        "Unauthorized": errorResponse(401, headers: wwwAuthenticate),
        "Forbidden": errorResponse(403),
        "NotFound": errorResponse(404),
        "PayloadTooLarge": errorResponse(413),
        "UnsupportedMediaType": errorResponse(415),
        "TooManyRequests": errorResponse(429, headers: retryAfter),
        "NoContent": .object(["description": .string("Done; no body.")]),
        "QueryTimeout": errorResponse(
            503, queryTimeoutDescription, codes: ["query_timeout", "database_unavailable"], headers: retryAfter),
        "StorageFull": errorResponse(507, storageFullDescription, codes: ["storage_full"], headers: retryAfter),
    ]

    static func shared(_ name: String) -> JSONValue {
        .object(["$ref": .string("#/components/responses/\(name)")])
    }

    static func ok(_ schema: JSONValue, _ description: String = "OK.") -> JSONValue {
        .object(["description": .string(description), "content": jsonContent(schema)])
    }

    static let etagHeader: JSONValue = .object([
        "ETag": .object([
            "description": .string(
                "The item's version as an entity tag, for `If-Match`; `\"7-gzip\"` on a gzip-compressed answer (Q-10), "
                    + "which `If-Match` and `If-None-Match` take as well as `\"7\"`."),
            "required": .bool(true),
            "schema": .object(["type": .string("string"), "pattern": .string(#"^"[0-9]+(-gzip)?"$"#)]),
        ])
    ])

    /// A success that also carries the item's version in `ETag`.
    static func okWithETag(_ schema: JSONValue, _ description: String = "OK.") -> JSONValue {
        .object(["description": .string(description), "content": jsonContent(schema), "headers": etagHeader])
    }

    /// An object holding one array, as the listings answer: `{"lists": [...]}`.
    static func wrapper(_ key: String, _ item: String) -> JSONValue {
        obj([key: array(ref(item))])
    }

    /// A required response header.
    static func header(_ description: String, _ schema: JSONValue, required: Bool = true) -> JSONValue {
        .object(["description": .string(description), "required": .bool(required), "schema": schema])
    }
}
