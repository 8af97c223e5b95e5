/// A response body that writes itself field by field. Used for task pages, the hottest responses: going through
/// `Encodable` there cost a generic dispatch, a dynamic cast and a metadata lookup per field, which profiling
/// showed as most of the time of a 50-task page. `DirectJSONTests` checks that each writer produces exactly the
/// bytes of the type's `Encodable` conformance, so the two cannot drift apart.
public protocol DirectJSONEncodable: Encodable {
    func writeJSON(to writer: JSONByteWriter)
}

extension StreamingJSONEncoder {
    public static func encode<T: DirectJSONEncodable>(_ value: T) -> [UInt8] {
        let writer = JSONByteWriter()
        writer.bytes.reserveCapacity(1024)
        value.writeJSON(to: writer)
        return writer.bytes
    }
}

/// Inlinable, so that the writers in other modules (the API's task pages) get them inlined and specialised, as they
/// were when the writer and the pages were one module: per field, a call and a generic `description` cost about a
/// tenth of an uncached list page.
extension JSONByteWriter {
    /// Writes constant JSON text, e.g. `,"title":`.
    @inlinable public func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inlinable public func writeNull() { raw("null") }

    @inlinable public func writeInt(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    @inlinable public func writeText(_ value: some CustomStringConvertible) { writeString(value.description) }

    @inlinable public func writeOptionalText(_ value: (some CustomStringConvertible)?) {
        if let value { writeString(value.description) } else { writeNull() }
    }

    @inlinable public func writeOptionalInt(_ value: Int?) {
        if let value { writeInt(value) } else { writeNull() }
    }

    @inlinable public func writeBool(_ value: Bool) { value ? raw("true") : raw("false") }
}
