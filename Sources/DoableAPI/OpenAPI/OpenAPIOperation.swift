extension OpenAPI {
    /// One operation of a path. `statuses` lists the error statuses the handler itself can answer; authentication (401,
    /// fair-share 429) and the read-only check (403) are added for authenticated routes, 413 and 415 for bodies, 409 for
    /// conflicts. `responses` adds or replaces responses by status after those.
    struct Operation: Sendable {
        var tag: String
        var id: String
        var summary: String
        var description: String? = nil
        var parameters: [JSONValue] = []
        /// The name of the JSON request body's schema.
        var body: String? = nil
        var bodyRequired = true
        /// A request body that is not a JSON object (a photo's bytes, an import's file).
        var requestBody: JSONValue? = nil
        var status = 200
        /// The success response; none for 204.
        var ok: JSONValue? = nil
        var statuses: [Int] = []
        var conflicts: [String] = []
        /// The write takes `If-Match` and answers the item's `ETag`.
        var ifMatch = false
        var isPublic = false
        var isReadOnly = false
        /// False for the probes and this document: they never wait on a database query.
        var queriesDatabase = true
        var badRequest: String? = nil
        var unauthorized: String? = nil
        var forbidden: String? = nil
        var notFound: String? = nil
        var tooMany: String? = nil
        /// The codes a 401 or 403 may carry when not only `unauthenticated` or `forbidden` (issue 31).
        var unauthorizedCodes: [String]? = nil
        var forbiddenCodes: [String]? = nil
        var responses: [String: JSONValue] = [:]

        /// The operation as the document writes it under `method`.
        func json(method: String) -> JSONValue {
            var parameters = parameters
            var conflicts = conflicts
            var errors = Set(statuses)
            var ok = ok
            if ifMatch {
                parameters.append(ifMatchParameter)
                conflicts.append("version_mismatch")
                errors.insert(400)
                if case .object(var members)? = ok {
                    members["headers"] = etagHeader
                    ok = .object(members)
                }
            }
            if body != nil { errors.formUnion([400, 413, 415]) }
            if !conflicts.isEmpty { errors.insert(409) }
            if !isPublic {
                errors.formUnion([401, 429])
                if !isReadOnly { errors.insert(403) }
            }
            var answers: [String: JSONValue] = [:]
            answers[String(status)] = status == 204 ? shared("NoContent") : ok
            for code in errors {
                answers[String(code)] = failure(code, conflicts: conflicts)
            }
            answers.merge(responses) { $1 }
            if queriesDatabase {
                // Issue 10, finding 19: every operation that reads the database may meet the query time limit.
                answers["503"] = shared("QueryTimeout")
                // Issue 34: every operation that writes may meet a full disk.
                if method != "get" { answers["507"] = shared("StorageFull") }
            }
            let jsonBody = body.map { jsonContent(ref($0)) }
            return members([
                "operationId": .string(id),
                "summary": .string(summary),
                "description": description.map(JSONValue.string),
                "parameters": parameters.isEmpty ? nil : .array(parameters),
                "requestBody": requestBody ?? jsonBody.map { .object(["required": .bool(bodyRequired), "content": $0]) },
                "responses": .object(answers),
                "security": .array(isPublic ? [] : [.object(["bearer": .array([])])]),
                "tags": .array([.string(tag)]),
            ])
        }

        private func failure(_ code: Int, conflicts: [String]) -> JSONValue {
            switch code {
            case 400: badRequest.map { errorResponse(400, $0) } ?? shared("BadRequest")
            case 401:
                unauthorized.map { errorResponse(401, $0, codes: unauthorizedCodes, headers: wwwAuthenticate) }
                    ?? shared("Unauthorized")
            case 403: forbidden.map { errorResponse(403, $0, codes: forbiddenCodes) } ?? shared("Forbidden")
            case 404: notFound.map { errorResponse(404, $0) } ?? shared("NotFound")
            case 409: conflict(conflicts)
            case 413: shared("PayloadTooLarge")
            case 415: shared("UnsupportedMediaType")
            case 429: tooMany.map { errorResponse(429, $0, headers: retryAfter) } ?? shared("TooManyRequests")
            default: preconditionFailure("no error response for \(code)")
            }
        }
    }

    /// A path's operations by method, as the document writes them.
    static func pathItem(_ operations: [String: Operation]) -> JSONValue {
        .object(operations.reduce(into: [:]) { item, entry in item[entry.key] = entry.value.json(method: entry.key) })
    }
}
