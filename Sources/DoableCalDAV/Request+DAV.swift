import HTTPTypes
import Hummingbird
import NIOCore
import DoableHTTP

extension Request {
    /// The body as raw bytes, at most the request body limit (413 beyond).
    func davBodyBytes() async throws -> [UInt8] {
        let buffer = try await body.collect(upTo: maxRequestBodyBytes)
        return Array(buffer.readableBytesView)
    }

    /// The XML body's root element; nil for an empty body; 400 when it is not well-formed.
    func davXMLBody() async throws -> XMLReader.Element? {
        let bytes = try await davBodyBytes()
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return nil }
        return try XMLReader.parse(bytes)
    }

    /// The `Depth` header as 0 or 1: `infinity` and a missing header (which means infinity) count as 1, since no
    /// Doable collection holds collections that hold more.
    func davDepth() throws -> Int {
        guard let value = headers[.depth]?.trimmingXMLWhitespace().lowercased() else { return 1 }
        switch value {
        case "0": return 0
        case "1", "infinity": return 1
        default: throw DAVFailure.badRequest("The Depth header must be 0, 1 or infinity.")
        }
    }

    /// A conditional request header's value, trimmed; nil when absent or empty.
    func davHeader(_ name: HTTPField.Name) -> String? {
        guard let value = headers[name]?.trimmingXMLWhitespace(), !value.isEmpty else { return nil }
        return value
    }
}

extension XMLReader.Element {
    /// The names of a `D:prop` element's children: the properties asked for.
    var propertyNames: [QName] { children.map(\.name) }
}
