import DoableAPI
import Foundation
import Testing

/// INTEROP-3 and issue 28: the document's response schemas and the contract types agree. Each sample, encoded as the
/// server encodes it, writes only keys its schema declares, every key the schema requires, and values of the
/// declared types and enumerations; nested objects are checked against their own schemas.
@Suite struct OpenAPIContractParityTests {
    static let schemas = OpenAPIDocument.document.objectValue?["components"]?.objectValue?["schemas"]?.objectValue ?? [:]

    /// What `value` writes that `schema` does not allow, one line each, with where.
    static func disagreements(_ value: JSONValue, _ schema: JSONValue, at path: String) -> [String] {
        guard let members = schema.objectValue else { return ["\(path): the schema is not an object"] }
        if let reference = members["$ref"]?.stringValue {
            let name = String(reference.split(separator: "/").last ?? "")
            guard let named = schemas[name] else { return ["\(path): \(reference) names no schema"] }
            return disagreements(value, named, at: path)
        }
        if let branches = members["anyOf"]?.arrayValue {
            // The branch the value fits best: none of its disagreements, when one fits.
            let results = branches.map { disagreements(value, $0, at: path) }
            return results.min { $0.count < $1.count } ?? []
        }
        var found: [String] = []
        if let type = members["type"], !fits(value, type) {
            found.append("\(path): \(value) is not of type \(type)")
        }
        if let allowed = members["enum"]?.arrayValue, !allowed.contains(value) {
            found.append("\(path): \(value) is not one of \(allowed)")
        }
        switch value {
        case .object(let written):
            if let properties = members["properties"]?.objectValue {
                for key in written.keys.sorted() where properties[key] == nil {
                    found.append("\(path).\(key) is written but not in the schema")
                }
                for key in members["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where written[key] == nil {
                    found.append("\(path).\(key) is required but not written")
                }
                for (key, member) in written.sorted(by: { $0.key < $1.key }) {
                    if let property = properties[key] { found += disagreements(member, property, at: "\(path).\(key)") }
                }
            } else if let additional = members["additionalProperties"], additional.objectValue != nil {
                for (key, member) in written.sorted(by: { $0.key < $1.key }) {
                    found += disagreements(member, additional, at: "\(path).\(key)")
                }
            }
        case .array(let elements):
            if let items = members["items"] {
                for (index, element) in elements.enumerated() { found += disagreements(element, items, at: "\(path)[\(index)]") }
            }
        default:
            break
        }
        return found
    }

    /// Whether `value` is of the JSON Schema type (or one of the types) `type`.
    static func fits(_ value: JSONValue, _ type: JSONValue) -> Bool {
        if let types = type.arrayValue { return types.contains { fits(value, $0) } }
        switch (value, type.stringValue) {
        case (.null, "null"), (.bool, "boolean"), (.string, "string"), (.array, "array"), (.object, "object"): return true
        case (.int, "integer"), (.int, "number"), (.double, "number"): return true
        default: return false
        }
    }

    /// The sample as JSON, encoded as the server encodes it.
    static func encoded(_ sample: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(sample))
    }

    static func check(_ sample: some Encodable, against name: String) throws {
        let schema = try #require(schemas[name], "no schema \(name)")
        let value = try encoded(sample)
        #expect(value.objectValue?.isEmpty == false)
        let found = disagreements(value, schema, at: name)
        #expect(found.isEmpty, "\(name):\n\(found.joined(separator: "\n"))")
    }

    @Test func INTEROP3_aTaskWritesWhatTheTaskSchemaDescribes() throws {
        try Self.check(ContractSamples.task, against: "Task")
    }

    @Test func INTEROP3_aListWritesWhatTheListSchemaDescribes() throws {
        try Self.check(ContractSamples.list, against: "List")
    }

    @Test func INTEROP3_theAccountWritesWhatTheAccountSchemaDescribes() throws {
        try Self.check(ContractSamples.account, against: "Account")
    }

    @Test func INTEROP3_postingsAndBidsWriteWhatTheirSchemasDescribe() throws {
        try Self.check(ContractSamples.posting, against: "Posting")
        try Self.check(ContractSamples.postingDetail, against: "PostingDetail")
        try Self.check(ContractSamples.bid, against: "Bid")
        try Self.check(ContractSamples.myBid, against: "MyBid")
    }

    @Test func INTEROP3_theGameAndItsCompanionWriteWhatTheirSchemasDescribe() throws {
        try Self.check(ContractSamples.companion, against: "Companion")
        try Self.check(ContractSamples.game, against: "Game")
    }

    /// The check itself finds what it is for: a key the schema lacks, and a required key left out.
    @Test func INTEROP3_theParityCheckFindsAnUndocumentedKeyAndAMissingOne() throws {
        guard case .object(var list) = try Self.encoded(ContractSamples.list) else {
            Issue.record("a list does not encode as an object")
            return
        }
        list["colour"] = .string("teal")
        list["version"] = nil
        let found = Self.disagreements(.object(list), try #require(Self.schemas["List"]), at: "List")
        #expect(found.contains("List.colour is written but not in the schema"))
        #expect(found.contains("List.version is required but not written"))
    }
}
