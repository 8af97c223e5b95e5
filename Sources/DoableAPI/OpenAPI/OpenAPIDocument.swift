import Foundation

/// INTEROP-3: the OpenAPI 3.1 document that `doable serve` answers at GET /api/v1/openapi.json.
///
/// It describes the Swift code: routes (Application+build.swift and API/*Controller.swift), request fields (the
/// `allowed:` sets of JSONObjectReader and each handler's reads), field rules (DoableCore/Rules.swift), response
/// shapes (this target's *DTOs.swift and Records, held to these schemas by `OpenAPIContractParityTests`) and every
/// status a handler can answer (HTTP/ErrorMiddleware.swift). The server serves it as built here; `swift run
/// doable-openapi` prints it.
public enum OpenAPIDocument {
    public static let document: JSONValue = OpenAPI.document()

    /// The document as JSON with sorted keys, pretty printed, ending in a newline.
    public static func rendered() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: it holds nothing but JSON, and no number that is not finite.
        guard let data = try? encoder.encode(document) else { preconditionFailure("the OpenAPI document does not encode") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension OpenAPI {
    static let apiDescription = """
        JSON in and out, camelCase fields, RFC 3339 UTC times, UUID ids. Authenticated calls send `Authorization: \
        Bearer <token>` with a session token (from register or sign-in), a personal access token or an app password; a \
        read-only token answers 403 to every write. A resource the caller may not see answers 404; in a list shared \
        with the caller (COLLAB-3) a role too small for a write answers 403 with a message naming the role needed. \
        Request objects are strict: unknown fields, wrong types and broken rules answer 400 naming the field, and so \
        does an object that repeats a name. Bodies must be sent as `Content-Type: application/json` (415 otherwise; an \
        import's file is sent as its own format); bodies over 1 MiB answer 413 (20 MiB for an import). Every error has \
        one shape: `{"error": {"code", "message", "field"}}`, including the 400 (or 431 for headers over 80 KiB) for \
        requests that are not valid HTTP/1.1. Only the methods listed here are served; any other method or path \
        answers 404 in the same shape (`GET /metrics`, Prometheus text, exists only where the operator turned it on).
        """

    static let allPaths: [[String: [String: Operation]]] = [
        operationsPaths, accountPaths, listPaths, taskPaths, notificationPaths, syncPaths, marketPaths, photoPaths,
        adminPaths, gamePaths, statsPaths, interopPaths, securityPaths, adminAccountPaths,
    ]

    static let allSchemas: [[String: JSONValue]] = [
        valueSchemas, marketValueSchemas, gameValueSchemas, accountSchemas, taskSchemas, notificationSchemas,
        syncResponseSchemas, marketSchemas, gameSchemas, planSchemas, statsSchemas, interopSchemas, errorSchemas,
        accountRequestSchemas, taskRequestSchemas, syncRequestSchemas, reminderRequestSchemas, marketRequestSchemas,
        gameRequestSchemas, securitySchemas, securityRequestSchemas,
    ]

    static func document() -> JSONValue {
        let paths = allPaths.reduce(into: [String: JSONValue]()) { all, group in
            all.merge(group.mapValues(pathItem)) { _, _ in preconditionFailure("a path is described twice") }
        }
        let schemas = allSchemas.reduce(into: [String: JSONValue]()) { all, group in
            all.merge(group) { _, _ in preconditionFailure("a schema is named twice") }
        }
        return .object([
            "openapi": .string("3.1.0"),
            "info": .object([
                "title": .string("Doable API"),
                "version": .string("1"),
                "summary": .string("The REST API of Doable, a self-hostable task system (INTEROP-3)."),
                "description": .string(apiDescription),
                "license": .object(["name": .string("Proprietary"), "identifier": .string("LicenseRef-Proprietary")]),
            ]),
            "servers": .array([
                .object(["url": .string("/"), "description": .string("The Doable server that serves this document.")])
            ]),
            "tags": .array(tags.map { .object(["name": .string($0.name), "description": .string($0.description)]) }),
            "security": .array([.object(["bearer": .array([])])]),
            "paths": .object(paths),
            "webhooks": webhooks,
            "components": .object([
                "securitySchemes": .object([
                    "bearer": .object([
                        "type": .string("http"),
                        "scheme": .string("bearer"),
                        "description": .string(
                            """
                            A session token (dses_…), personal access token (dpat_…) or app password (dapp_…). A GET \
                            without this header may instead carry the web app's `doable_session` cookie (the browser's \
                            EventSource sends no headers).
                            """),
                    ])
                ]),
                "schemas": .object(schemas),
                "parameters": .object(parameters),
                "responses": .object(sharedResponses),
            ]),
        ])
    }
}
