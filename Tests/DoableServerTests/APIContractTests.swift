@testable import DoableServer
import DoableCore
import Foundation
import Testing

/// INTEROP-3, issue 9: the API's shape has one source of truth each (the controllers' accepted fields in
/// `RequestFields`, the limits in `Rules`), and the served OpenAPI document must agree with both.
@Suite("API contract")
struct APIContractTests {
    /// The served document, decoded.
    static func document() async throws -> [String: Any] {
        let server = try TestServer()
        nonisolated(unsafe) var document: [String: Any] = [:]
        try await server.run { api in
            document = try await api.call(.get, "/api/v1/openapi.json").object
        }
        return document
    }

    static func requestSchemas(_ document: [String: Any]) -> [String: [String: Any]] {
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
        var byOperation: [String: [String: Any]] = [:]
        for case let operations as [String: Any] in (document["paths"] as? [String: Any] ?? [:]).values {
            for case let operation as [String: Any] in operations.values {
                guard let id = operation["operationId"] as? String,
                    let body = operation["requestBody"] as? [String: Any],
                    let content = (body["content"] as? [String: Any])?["application/json"] as? [String: Any],
                    let reference = (content["schema"] as? [String: Any])?["$ref"] as? String,
                    let schema = schemas[String(reference.split(separator: "/").last ?? "")] as? [String: Any]
                else { continue }
                byOperation[id] = schema
            }
        }
        return byOperation
    }

    @Test func INTEROP3_everyRequestSchemaListsExactlyTheFieldsItsHandlerAccepts() async throws {
        let schemas = Self.requestSchemas(try await Self.document())
        #expect(Set(schemas.keys) == Set(RequestFields.byOperation.keys))
        for (operation, accepted) in RequestFields.byOperation {
            let properties = Set((schemas[operation]?["properties"] as? [String: Any] ?? [:]).keys)
            #expect(properties == accepted, "\(operation): document \(properties.sorted()), handler \(accepted.sorted())")
            #expect(schemas[operation]?["additionalProperties"] as? Bool == false, "\(operation) must be strict")
        }
        let profile = schemas["updateMe"]?["properties"] as? [String: Any]
        let preferences = profile?["preferences"] as? [String: Any]
        #expect(Set((preferences?["properties"] as? [String: Any] ?? [:]).keys) == RequestFields.preferences)
    }

    /// Each documented string limit, checked against the rule that enforces it: the longest allowed value passes,
    /// one character more is refused, and so is one less than the minimum.
    @Test func INTEROP3_documentedLengthLimitsAreTheRulesLimits() async throws {
        let schemas = Self.requestSchemas(try await Self.document())
        let rules: [(operation: String, field: String, rule: (String) throws -> Void)] = [
            ("createTask", "title", { _ = try Rules.taskTitle($0) }),
            ("createTask", "notes", { _ = try Rules.taskNotes($0) }),
            ("createList", "name", { _ = try Rules.listName($0) }),
            ("createList", "description", { _ = try Rules.listDescription($0) }),
            ("createLabel", "name", { _ = try Rules.labelName($0) }),
            ("register", "firstName", { _ = try Rules.personName($0, field: "firstName") }),
            ("register", "lastName", { _ = try Rules.personName($0, field: "lastName") }),
            ("register", "password", { try Rules.password($0) }),
            ("register", "username", { _ = try Rules.username($0) }),
            ("createToken", "name", { _ = try Rules.credentialName($0) }),
            ("addComment", "body", { _ = try Rules.commentBody($0) }),
        ]
        let components = (try await Self.document()["components"] as? [String: Any])?["schemas"] as? [String: Any]
        for (operation, field, rule) in rules {
            var property = (schemas[operation]?["properties"] as? [String: Any])?[field] as? [String: Any]
            if let reference = property?["$ref"] as? String {
                property = components?[String(reference.split(separator: "/").last ?? "")] as? [String: Any]
            }
            let maxLength = try #require(property?["maxLength"] as? Int, "\(operation).\(field) has no maxLength")
            let minLength = property?["minLength"] as? Int ?? 0
            #expect((try? rule(String(repeating: "a", count: maxLength))) != nil, "\(operation).\(field) max")
            #expect((try? rule(String(repeating: "a", count: maxLength + 1))) == nil, "\(operation).\(field) max+1")
            if minLength > 0 {
                #expect((try? rule(String(repeating: "a", count: max(minLength, 1)))) != nil, "\(operation).\(field) min")
                #expect((try? rule(String(repeating: "a", count: minLength - 1))) == nil, "\(operation).\(field) min-1")
            }
        }
    }
}
