/// Encodes response bodies straight into bytes as the values are visited, without the intermediate tree that
/// Foundation's JSONEncoder builds; on this server that tree was most of the cost of a response. Keys keep their
/// declaration order. Supports what `Encodable` types synthesize: keyed, unkeyed and single-value containers.
public struct StreamingJSONEncoder {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = JSONByteWriter()
        writer.bytes.reserveCapacity(1024)
        try writer.encodeValue(value)
        writer.closeContainers(downTo: 0)
        return writer.bytes
    }
}

public final class JSONByteWriter: Encoder {
    public var bytes: [UInt8] = []
    public var codingPath: [any CodingKey] = []
    public var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The open containers: whether each is an object, and whether it has a member yet.
    private var open: [(isObject: Bool, hasMember: Bool)] = []

    func encodeValue<T: Encodable>(_ value: T) throws {
        switch value {
        case let string as String: writeString(string)
        case let bool as Bool: write(bool ? "true" : "false")
        case let int as Int: write(String(int))
        case let int as Int64: write(String(int))
        case let double as Double:
            guard double.isFinite else {
                throw EncodingError.invalidValue(double, .init(codingPath: codingPath, debugDescription: "not finite"))
            }
            write(double.rounded() == double && abs(double) < 1e15 ? String(Int64(double)) : "\(double)")
        default:
            let depth = open.count
            try value.encode(to: self)
            closeContainers(downTo: depth)
        }
    }

    func closeContainers(downTo depth: Int) {
        while open.count > depth {
            let container = open.removeLast()
            bytes.append(container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Prepares container `level` for its next member: closes anything nested deeper, writes the separator.
    func beginMember(at level: Int) {
        closeContainers(downTo: level + 1)
        if open[level].hasMember { bytes.append(UInt8(ascii: ",")) }
        open[level].hasMember = true
    }

    func openContainer(isObject: Bool) -> Int {
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append((isObject, false))
        return open.count - 1
    }

    func write(_ text: String) { bytes.append(contentsOf: text.utf8) }

    @inlinable public func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them in one go rather than byte by byte.
        let copiedWhole = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if copiedWhole == true { return }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter<Key>(writer: self, level: openContainer(isObject: true)))
    }

    public func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedWriter(writer: self, level: openContainer(isObject: false))
    }

    public func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueWriter(writer: self) }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONByteWriter
    let level: Int
    var codingPath: [any CodingKey] { writer.codingPath }

    func key(_ key: Key) {
        writer.beginMember(at: level)
        writer.writeString(key.stringValue)
        writer.bytes.append(UInt8(ascii: ":"))
    }

    mutating func encodeNil(forKey key: Key) throws {
        self.key(key)
        writer.write("null")
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try writer.encodeValue(value)
    }

    // The common scalar types directly, sparing the generic path its dynamic casts.
    mutating func encode(_ value: String, forKey key: Key) throws {
        self.key(key)
        writer.writeString(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        self.key(key)
        writer.write(String(value))
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key)
        writer.write(value ? "true" : "false")
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        self.key(key)
        return writer.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return writer.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { writer }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return writer
    }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let writer: JSONByteWriter
    let level: Int
    var count = 0
    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil() throws {
        writer.beginMember(at: level)
        writer.write("null")
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.beginMember(at: level)
        try writer.encodeValue(value)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        writer.beginMember(at: level)
        count += 1
        return writer.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginMember(at: level)
        count += 1
        return writer.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { writer }
}

private struct SingleValueWriter: SingleValueEncodingContainer {
    let writer: JSONByteWriter
    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil() throws { writer.write("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Int) throws { writer.write(String(value)) }
    mutating func encode(_ value: Bool) throws { writer.write(value ? "true" : "false") }
}
