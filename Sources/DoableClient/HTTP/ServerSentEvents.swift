/// Reads a `text/event-stream` body as it arrives and yields the name of each complete event (the WHATWG
/// event-stream format: `field: value` lines, a blank line ends an event, `:` starts a comment).
struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var event: String?
    private var hasData = false
    private var afterCarriageReturn = false

    /// Feeds bytes; returns the names of the events they complete (`message` when an event names none).
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [String] {
        var completed: [String] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where afterCarriageReturn:
                afterCarriageReturn = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let name = endLine() { completed.append(name) }
            default:
                afterCarriageReturn = false
                line.append(byte)
            }
        }
        return completed
    }

    private mutating func endLine() -> String? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer { event = nil; hasData = false }
            return event != nil || hasData ? (event ?? "message") : nil
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = String(decoding: line[..<colon], as: UTF8.self)
        var value = colon < line.endIndex ? line[(colon + 1)...] : []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch field {
        case "event": event = String(decoding: value, as: UTF8.self)
        case "data": hasData = true
        default: break
        }
        return nil
    }
}
