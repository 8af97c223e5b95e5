/// The parts of the OpenAPI document (`OpenAPIDocument`), each written in the small vocabulary below: a schema is a
/// `JSONValue`, made by `text`, `integer`, `obj` and the rest, so that a description reads close to what it says.
enum OpenAPI {}

/// An object schema's properties in the order they are written: an object's `required` list, when not given, is
/// every property in this order.
struct SchemaProperties: ExpressibleByDictionaryLiteral, Sendable {
    private(set) var entries: [(name: String, schema: JSONValue)]

    init(dictionaryLiteral elements: (String, JSONValue)...) {
        entries = elements.map { (name: $0.0, schema: $0.1) }
    }

    init(_ entries: [(name: String, schema: JSONValue)]) {
        self.entries = entries
    }

    var names: [String] { entries.map(\.name) }

    var json: JSONValue { .object(Dictionary(entries.map { ($0.name, $0.schema) }, uniquingKeysWith: { $1 })) }

    /// Both sets of properties; a name already there keeps its place and takes the new schema.
    static func + (lhs: SchemaProperties, rhs: SchemaProperties) -> SchemaProperties {
        var merged = lhs
        for (name, schema) in rhs.entries {
            if let index = merged.entries.firstIndex(where: { $0.name == name }) {
                merged.entries[index].schema = schema
            } else {
                merged.entries.append((name: name, schema: schema))
            }
        }
        return merged
    }
}

extension JSONValue {
    /// A JSON number: whole numbers as `.int` (written `5`, not `5.0`), fractions as `.double`.
    static func number(_ value: Double) -> JSONValue {
        value.rounded() == value && abs(value) < 9e15 ? .int(Int64(value)) : .double(value)
    }
}

extension OpenAPI {
    static let nullType: JSONValue = .object(["type": .string("null")])

    /// An object of the members that are not nil.
    static func members(_ members: [String: JSONValue?]) -> JSONValue {
        .object(members.compactMapValues { $0 })
    }

    static func ref(_ name: String) -> JSONValue {
        .object(["$ref": .string("#/components/schemas/\(name)")])
    }

    /// A reference to a named schema, with a description of this use of it.
    static func described(_ name: String, _ description: String) -> JSONValue {
        .object(["$ref": .string("#/components/schemas/\(name)"), "description": .string(description)])
    }

    /// A value that may also be null. Enums and plain types get a type list; anything else an anyOf.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        let orNull: JSONValue = .object(["anyOf": .array([schema, nullType])])
        guard case .object(var members) = schema, members["$ref"] == nil else { return orNull }
        if case .array(let values)? = members["enum"] {
            members["type"] = .array([.string(members["type"]?.stringValue ?? "string"), .string("null")])
            members["enum"] = .array(values + [.null])
            return .object(members)
        }
        if case .string(let type)? = members["type"] {
            members["type"] = .array([.string(type), .string("null")])
            return .object(members)
        }
        return orNull
    }

    /// A closed object: the server refuses unknown request fields and answers no undocumented ones. `required` is
    /// every property unless given; `optional` names properties left out of that default.
    static func obj(
        _ properties: SchemaProperties, required: [String]? = nil, optional: Set<String> = [], description: String? = nil,
        examples: [JSONValue]? = nil, anyOf: [JSONValue]? = nil, oneOf: [JSONValue]? = nil, not: JSONValue? = nil
    ) -> JSONValue {
        let required = required ?? properties.names.filter { !optional.contains($0) }
        return members([
            "type": .string("object"),
            "description": description.map(JSONValue.string),
            "properties": properties.json,
            "required": .array(required.map(JSONValue.string)),
            "additionalProperties": .bool(false),
            "examples": examples.map(JSONValue.array),
            "anyOf": anyOf.map(JSONValue.array),
            "oneOf": oneOf.map(JSONValue.array),
            "not": not,
        ])
    }

    static func array(
        _ items: JSONValue, minItems: Int? = nil, maxItems: Int? = nil, uniqueItems: Bool? = nil, description: String? = nil
    ) -> JSONValue {
        members([
            "type": .string("array"),
            "items": items,
            "minItems": minItems.map { .int(Int64($0)) },
            "maxItems": maxItems.map { .int(Int64($0)) },
            "uniqueItems": uniqueItems.map(JSONValue.bool),
            "description": description.map(JSONValue.string),
        ])
    }

    static func text(
        _ description: String? = nil, format: String? = nil, pattern: String? = nil, enum values: [String]? = nil,
        const: String? = nil, minLength: Int? = nil, maxLength: Int? = nil, default: String? = nil,
        examples: [String]? = nil
    ) -> JSONValue {
        members([
            "type": .string("string"),
            "description": description.map(JSONValue.string),
            "format": format.map(JSONValue.string),
            "pattern": pattern.map(JSONValue.string),
            "enum": values.map { .array($0.map(JSONValue.string)) },
            "const": const.map(JSONValue.string),
            "minLength": minLength.map { .int(Int64($0)) },
            "maxLength": maxLength.map { .int(Int64($0)) },
            "default": `default`.map(JSONValue.string),
            "examples": examples.map { .array($0.map(JSONValue.string)) },
        ])
    }

    static func integer(_ description: String? = nil, minimum: Int? = nil, maximum: Int? = nil, default: Int? = nil) -> JSONValue {
        members([
            "type": .string("integer"),
            "description": description.map(JSONValue.string),
            "minimum": minimum.map { .int(Int64($0)) },
            "maximum": maximum.map { .int(Int64($0)) },
            "default": `default`.map { .int(Int64($0)) },
        ])
    }

    static func number(
        _ description: String? = nil, minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil,
        exclusiveMaximum: Double? = nil, default: Double? = nil
    ) -> JSONValue {
        members([
            "type": .string("number"),
            "description": description.map(JSONValue.string),
            "minimum": minimum.map(JSONValue.number),
            "exclusiveMinimum": exclusiveMinimum.map(JSONValue.number),
            "maximum": maximum.map(JSONValue.number),
            "exclusiveMaximum": exclusiveMaximum.map(JSONValue.number),
            "default": `default`.map(JSONValue.number),
        ])
    }

    static func boolean(_ description: String? = nil) -> JSONValue {
        members(["type": .string("boolean"), "description": description.map(JSONValue.string)])
    }

    static let bool = boolean()

    /// An id in a request. Inlined rather than referenced: schemathesis 4.32 cannot bind its dictionaries of real
    /// ids (scripts/schemathesis.sh) to a referenced schema.
    static let idInputSchema = text(format: "uuid")

    static func idInput(_ description: String) -> JSONValue {
        text(description, format: "uuid")
    }

    /// `schema` with `description` added or replaced.
    static func withDescription(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        members["description"] = .string(description)
        return .object(members)
    }
}
