import DoableAPI
import Foundation
import Testing

/// INTEROP-3: the document the server answers at GET /api/v1/openapi.json, as `OpenAPIDocument` builds it, holds
/// together: every operation can be named, every reference leads somewhere, every path parameter is described.
@Suite struct OpenAPIDocumentTests {
    static let document = OpenAPIDocument.document

    /// Every operation of `paths` (and of `webhooks`), with where it is.
    static var operations: [(where: String, operation: [String: JSONValue])] {
        var found: [(where: String, operation: [String: JSONValue])] = []
        for section in ["paths", "webhooks"] {
            for (path, item) in document.objectValue?[section]?.objectValue ?? [:] {
                for (method, operation) in item.objectValue ?? [:] {
                    found.append(("\(method.uppercased()) \(path)", operation.objectValue ?? [:]))
                }
            }
        }
        return found
    }

    /// Every `$ref` anywhere in `value`, with where it was found.
    static func references(in value: JSONValue, at location: String = "#") -> [(location: String, target: String)] {
        switch value {
        case .object(let members):
            var found = members["$ref"]?.stringValue.map { [(location, $0)] } ?? []
            for (key, member) in members where key != "$ref" {
                found += references(in: member, at: "\(location)/\(key)")
            }
            return found
        case .array(let elements):
            return elements.enumerated().flatMap { references(in: $1, at: "\(location)[\($0)]") }
        default:
            return []
        }
    }

    /// The value a local reference (`#/components/schemas/Task`) points at, if any.
    static func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var value: JSONValue? = document
        for part in reference.dropFirst(2).split(separator: "/") {
            value = value?.objectValue?[String(part)]
        }
        return value
    }

    @Test func INTEROP3_theDocumentIsOpenAPI310() throws {
        #expect(Self.document.objectValue?["openapi"] == .string("3.1.0"))
        #expect(Self.document.objectValue?["info"]?.objectValue?["title"] == .string("Doable API"))
        let rendered = OpenAPIDocument.rendered()
        #expect(rendered.hasSuffix("}\n"))
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(rendered.utf8)) == Self.document)
    }

    @Test func INTEROP3_everyOperationHasAUniqueOperationId() {
        let operations = Self.operations
        #expect(operations.count > 100)
        var seen: [String: String] = [:]
        for (place, operation) in operations {
            guard let id = operation["operationId"]?.stringValue, !id.isEmpty else {
                Issue.record("\(place) has no operationId")
                continue
            }
            if let earlier = seen[id] { Issue.record("\(place) and \(earlier) are both \(id)") }
            seen[id] = place
        }
    }

    @Test func INTEROP3_everyReferenceResolvesToAComponent() {
        let references = Self.references(in: Self.document)
        #expect(references.count > 500)
        for (location, target) in references {
            #expect(target.hasPrefix("#/components/"), "\(location): \(target) is not a component")
            #expect(Self.resolve(target) != nil, "\(location): \(target) names nothing")
        }
    }

    @Test func INTEROP3_everyPathParameterIsDeclared() throws {
        let template = try NSRegularExpression(pattern: "\\{([^}]+)\\}")
        for (path, item) in Self.document.objectValue?["paths"]?.objectValue ?? [:] {
            let range = NSRange(path.startIndex..., in: path)
            let named = Set(
                template.matches(in: path, range: range).compactMap { match in Range(match.range(at: 1), in: path).map { String(path[$0]) } })
            for (method, operation) in item.objectValue ?? [:] {
                let declared = (operation.objectValue?["parameters"]?.arrayValue ?? []).compactMap { parameter -> String? in
                    let resolved = parameter.objectValue?["$ref"]?.stringValue.flatMap(Self.resolve) ?? parameter
                    guard resolved.objectValue?["in"] == .string("path") else { return nil }
                    #expect(resolved.objectValue?["required"] == .bool(true), "\(method) \(path): a path parameter is required")
                    return resolved.objectValue?["name"]?.stringValue
                }
                #expect(Set(declared) == named, "\(method.uppercased()) \(path) declares \(declared.sorted()), its path has \(named.sorted())")
            }
        }
    }
}
