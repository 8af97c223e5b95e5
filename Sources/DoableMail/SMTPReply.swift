import NIOCore

/// One SMTP reply: its code and the text of each line (`250-first`, `250 last`).
struct SMTPReply: Sendable, Hashable {
    var code: Int
    var lines: [String]

    var message: String { lines.joined(separator: " / ") }

    /// Throws unless the code is one of `codes`: a 4xx or 5xx reply as `.rejected`, anything else as a protocol error.
    func expect(_ codes: [Int], for step: String) throws(SMTPError) {
        guard !codes.contains(code) else { return }
        if code >= 400 { throw .rejected(step: step, code: code, message: message) }
        throw .protocolViolation("unexpected reply to \(step): \(code) \(message)")
    }
}

/// Splits the bytes a server sends into replies, joining the lines of a multi-line reply.
struct SMTPReplyParser {
    /// Longer lines mean the peer is not an SMTP server (RFC 5321 allows 512 octets per reply line).
    static let maxLineLength = 4096
    static let maxLinesPerReply = 200

    private var buffer = ByteBuffer()
    private var pendingLines: [String] = []
    private var pendingCode: Int?

    /// True when bytes beyond the last complete reply have arrived.
    var hasBufferedBytes: Bool { buffer.readableBytes > 0 || pendingCode != nil }

    mutating func append(_ bytes: ByteBuffer) {
        if buffer.readerIndex > 4096 { buffer.discardReadBytes() }
        buffer.writeImmutableBuffer(bytes)
    }

    mutating func nextReply() throws(SMTPError) -> SMTPReply? {
        while let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - buffer.readerIndex
            guard length <= Self.maxLineLength else { throw .protocolViolation("reply line too long") }
            var line = buffer.readString(length: length) ?? ""
            buffer.moveReaderIndex(forwardBy: 1)
            if line.hasSuffix("\r") { line.removeLast() }

            let utf8 = Array(line.utf8.prefix(4))
            guard utf8.count >= 3, utf8[..<3].allSatisfy({ (0x30...0x39).contains($0) }),
                let code = Int(line.prefix(3)), (200...599).contains(code),
                utf8.count == 3 || utf8[3] == UInt8(ascii: " ") || utf8[3] == UInt8(ascii: "-")
            else { throw .protocolViolation("malformed reply line '\(line.prefix(80))'") }
            guard pendingCode == nil || pendingCode == code else {
                throw .protocolViolation("reply lines with different codes (\(pendingCode ?? 0) and \(code))")
            }
            pendingCode = code
            pendingLines.append(String(line.dropFirst(4)))
            guard pendingLines.count <= Self.maxLinesPerReply else { throw .protocolViolation("reply too long") }
            if utf8.count == 3 || utf8[3] == UInt8(ascii: " ") {
                defer { pendingCode = nil; pendingLines = [] }
                return SMTPReply(code: code, lines: pendingLines)
            }
        }
        guard buffer.readableBytes <= Self.maxLineLength else { throw .protocolViolation("reply line too long") }
        return nil
    }
}
