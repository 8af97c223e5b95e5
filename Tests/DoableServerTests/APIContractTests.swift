@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
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

/// Issue 28, item 7: the contract uses SPEC's core field names (docs/api-fields.md holds SPEC's list word for word).
@Suite("SPEC's field names")
struct SpecFieldNameTests {
    static let schemaOf = [
        "account": "Account", "list": "List", "task": "Task", "label": "Label", "member": "Member", "comment": "Comment",
        "reminder": "Reminder", "notification": "Notification", "posting": "Posting", "bid": "Bid", "game": "Game",
    ]
    /// Words in backticks that SPEC's prose names beside the fields, and where the test finds them instead.
    static let elsewhere: [String: String] = [
        "account.token": "Session", "task.sort": "a query parameter", "task.complete": "an operation",
    ]

    /// Each entity's lines: "- task: `id`, `status` (`pending`, …), …" and "- task, later fields: …".
    static func entries(_ text: String) throws -> [(entity: String, field: String, parts: [String])] {
        let item = try Regex(#"(?:^|\n|\.\s+)-?\s*([a-z]+)(?:, later fields)?: "#)
        let field = try Regex(#"`([A-Za-z]+)`(?:\s*\(([^)]*)\))?"#)
        let quoted = try Regex(#"`([^`]+)`"#)
        let flat = text.replacingOccurrences(of: "\n  ", with: " ")
        let starts = flat.matches(of: item)
        var entries: [(String, String, [String])] = []
        for (index, start) in starts.enumerated() {
            guard let entity = start.output[1].substring.map(String.init), schemaOf[entity] != nil else { continue }
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : flat.endIndex
            for match in flat[start.range.upperBound..<end].matches(of: field) {
                let name = String(match.output[1].substring ?? "")
                let parts = match.output[2].substring.map { $0.matches(of: quoted).compactMap { $0.output[1].substring.map(String.init) } } ?? []
                entries.append((entity, name, parts))
            }
        }
        return entries
    }

    @Test func SPEC_coreFieldNamesAreInTheServedDocument() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/api-fields.md"), encoding: .utf8)
        let document = try await APIContractTests.document()
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
        func resolved(_ schema: Any?) -> [String: Any] {
            var schema = schema as? [String: Any] ?? [:]
            while let reference = schema["$ref"] as? String {
                schema = schemas[String(reference.split(separator: "/").last ?? "")] as? [String: Any] ?? [:]
            }
            if let choices = schema["anyOf"] as? [Any] {
                return choices.map(resolved).first { $0["type"] as? String != "null" } ?? schema
            }
            if let items = schema["items"] { return resolved(items) }
            return schema
        }
        let entries = try Self.entries(text)
        #expect(entries.count > 80, "read \(entries.count) fields from docs/api-fields.md")
        for (entity, field, parts) in entries {
            if let place = Self.elsewhere["\(entity).\(field)"] {
                if place == "Session" {
                    #expect((resolved(schemas[place])["properties"] as? [String: Any])?[field] != nil)
                }
                continue
            }
            let schema = resolved(schemas[Self.schemaOf[entity] ?? ""])
            let properties = schema["properties"] as? [String: Any] ?? [:]
            #expect(properties[field] != nil, "SPEC's \(entity) has `\(field)`; the document's \(Self.schemaOf[entity] ?? "") does not")
            let inner = resolved(properties[field])
            let known = Set((inner["enum"] as? [Any] ?? []).compactMap { $0 as? String })
                .union((inner["properties"] as? [String: Any] ?? [:]).keys)
            // Parts in brackets are values or fields, except a note such as "(username)" or a format.
            let listed = parts.filter { !$0.contains("-") && !$0.contains("=") && $0.first?.isLowercase == true }
            if !known.isEmpty || inner["type"] as? String == "object" {
                for part in listed {
                    #expect(known.contains(part), "SPEC's \(entity).\(field) has `\(part)`; the document's does not")
                }
            }
        }
    }
}
