import DoableCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import DoableHTTP

/// A posted `multipart/form-data` body (RFC 7578): the web app's photo uploads (TASK-11). Strict and bounded: the
/// body must begin with the boundary the Content-Type names and end with its close delimiter, each part needs a
/// `Content-Disposition: form-data` with a `name`, lines end in CRLF, and there are at most `maximumParts` parts in
/// at most `maximumBytes`. Anything else is refused with `DoableError.invalid` (a 400), never a crash or a 5xx.
/// A file input with no file chosen (an empty part with `filename=""`) is skipped.
struct MultipartForm: Sendable {
    /// The text fields by name; when a name repeats, the first value (as `FormData` reads it).
    var fields: [String: String] = [:]
    /// The files, in the order they were sent.
    var files: [MultipartFile] = []
    /// The text fields in order, repeats kept.
    private(set) var pairs: [(name: String, value: String)] = []

    /// Ten photos of 64 KiB and the form's fields fit in the 1 MiB every request body is held to.
    static let maximumBytes = maxRequestBodyBytes
    static let maximumParts = 64
    /// A part's header lines together, and how many there may be.
    static let maximumHeaderBytes = 8 * 1024
    static let maximumHeaderLines = 16
    /// A text field's value (a file's size is bounded by the body).
    static let maximumFieldBytes = 256 * 1024

    /// `maximumBytes` and `maximumFieldBytes` are larger for the import forms (INTEROP-5, `RequestBodyLimit`).
    static func parse(
        _ body: [UInt8], contentType: String, maximumBytes: Int = maximumBytes,
        maximumFieldBytes: Int = maximumFieldBytes
    ) throws -> MultipartForm {
        let boundary = try Self.boundary(of: contentType)
        guard body.count <= maximumBytes else {
            throw refused("The form is larger than \(maximumBytes / 1024) KiB.")
        }
        var parser = Parser(body: body, delimiter: Array("--".utf8) + boundary, maximumFieldBytes: maximumFieldBytes)
        return try parser.parse()
    }

    /// The text fields as a `FormData`, in order (for the CSRF check and the handlers).
    var formData: FormData { FormData(pairs: pairs.map { ($0.name, $0.value) }) }

    mutating func add(field name: String, value: String) {
        if fields[name] == nil { fields[name] = value }
        pairs.append((name: name, value: value))
    }

    /// The `boundary` of a `multipart/form-data` Content-Type: 1 to 70 characters of RFC 2046's `bchars`, quoted or
    /// not, not ending in a space.
    static func boundary(of contentType: String) throws -> [UInt8] {
        let pieces = HeaderValue.split(contentType)
        guard let type = pieces.first, type.lowercased() == "multipart/form-data" else {
            throw refused("The form must be sent as multipart/form-data.")
        }
        let parameters = try HeaderValue.parameters(pieces.dropFirst())
        guard let boundary = parameters["boundary"], (1...70).contains(boundary.utf8.count),
            boundary.utf8.allSatisfy(isBoundaryCharacter), boundary.utf8.last != UInt8(ascii: " ")
        else { throw refused("The form's Content-Type has no valid boundary.") }
        return Array(boundary.utf8)
    }

    private static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default: Array("'()+_,-./:=? ".utf8).contains(byte)
        }
    }

    static func refused(_ message: String) -> DoableError {
        DoableError.invalid(field: nil, message: message)
    }
}

/// A file of a `multipart/form-data` body.
struct MultipartFile: Sendable {
    /// The form control's name.
    var fieldName: String
    /// The name the browser gave (a bare name, never trusted as a path); may be empty.
    var filename: String
    /// The type the browser declared (`application/octet-stream` when it declared none); a hint only.
    var contentType: String
    var bytes: [UInt8]
}

extension MultipartForm {
    /// Walks the body once: delimiter, headers, content up to the next delimiter, and so on to the close delimiter.
    private struct Parser {
        let body: [UInt8]
        let delimiter: [UInt8]
        let maximumFieldBytes: Int
        var position = 0
        var form = MultipartForm()
        var partCount = 0

        static let crlf: [UInt8] = [13, 10]

        init(body: [UInt8], delimiter: [UInt8], maximumFieldBytes: Int) {
            self.body = body
            self.delimiter = delimiter
            self.maximumFieldBytes = maximumFieldBytes
        }

        mutating func parse() throws -> MultipartForm {
            // The body starts with the first delimiter (no preamble: browsers send none).
            guard matches(delimiter, at: 0) else { throw refused("The form does not start with its boundary.") }
            position = delimiter.count
            while true {
                // After a delimiter: "--" ends the body; else optional padding and CRLF start a part.
                if matches([45, 45], at: position) {
                    return form  // whatever follows the close delimiter is the epilogue, ignored
                }
                skipPadding()
                guard matches(Self.crlf, at: position) else { throw refused("A form boundary line is malformed.") }
                position += 2
                partCount += 1
                guard partCount <= MultipartForm.maximumParts else {
                    throw refused("The form has more than \(MultipartForm.maximumParts) parts.")
                }
                let headers = try readHeaders()
                // The content runs to CRLF followed by the delimiter.
                guard let end = find(Self.crlf + delimiter, from: position) else {
                    throw refused("The form ends before its closing boundary.")
                }
                try add(headers, content: body[position..<end])
                position = end + 2 + delimiter.count
            }
        }

        private mutating func skipPadding() {
            while position < body.count, body[position] == 32 || body[position] == 9 { position += 1 }
        }

        /// The part's header lines up to the empty line, as (lowercased name, value).
        private mutating func readHeaders() throws -> [(String, String)] {
            var headers: [(String, String)] = []
            let start = position
            while true {
                guard let end = find(Self.crlf, from: position, within: MultipartForm.maximumHeaderBytes + 2) else {
                    throw refused(
                        body.count - start > MultipartForm.maximumHeaderBytes
                            ? "A part of the form has too long a header." : "The form ends inside a part's header.")
                }
                let line = body[position..<end]
                position = end + 2
                if line.isEmpty { return headers }
                guard position - start <= MultipartForm.maximumHeaderBytes,
                    headers.count < MultipartForm.maximumHeaderLines
                else {
                    throw refused("A part of the form has too long a header.")
                }
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                    let name = String(validating: line[line.startIndex..<colon], as: UTF8.self),
                    name.utf8.allSatisfy(Self.isTokenCharacter),
                    let value = String(validating: line[(colon + 1)...], as: UTF8.self),
                    !value.unicodeScalars.contains(where: { $0.value < 32 && $0 != "\t" || $0.value == 127 })
                else { throw refused("A part of the form has a malformed header.") }
                headers.append((name.lowercased(), value.trimmingSpaces))
            }
        }

        private mutating func add(_ headers: [(String, String)], content: ArraySlice<UInt8>) throws {
            let dispositions = headers.filter { $0.0 == "content-disposition" }
            guard dispositions.count == 1 else { throw refused("Each part of the form needs one Content-Disposition.") }
            let pieces = HeaderValue.split(dispositions[0].1)
            guard pieces.first?.lowercased() == "form-data" else {
                throw refused("A part of the form is not form-data.")
            }
            let parameters = try HeaderValue.parameters(pieces.dropFirst())
            guard let rawName = parameters["name"] else { throw refused("A part of the form has no name.") }
            let name = HeaderValue.unescapingPercentQuotes(rawName)
            let types = headers.filter { $0.0 == "content-type" }
            guard types.count <= 1 else { throw refused("A part of the form has two Content-Types.") }
            if let encoding = headers.first(where: { $0.0 == "content-transfer-encoding" })?.1.lowercased(),
                !["binary", "7bit", "8bit"].contains(encoding)
            {
                throw refused("A part of the form uses an unsupported transfer encoding.")
            }
            if let filename = try Self.filename(parameters) {
                // A file input with nothing chosen sends an empty part with an empty name: not a file.
                if filename.isEmpty && content.isEmpty { return }
                form.files.append(
                    MultipartFile(
                        fieldName: name, filename: filename,
                        contentType: types.first?.1 ?? "application/octet-stream",
                        bytes: Array(content)))
            } else {
                guard content.count <= maximumFieldBytes else {
                    throw refused("The form's field “\(name.prefix(40))” is too long.")
                }
                guard let value = String(validating: content, as: UTF8.self) else {
                    throw refused("The form's field “\(name.prefix(40))” is not UTF-8 text.")
                }
                // `_charset_` only says the page's encoding, which is always UTF-8 here.
                if name != "_charset_" { form.add(field: name, value: value) }
            }
        }

        /// The file's name: `filename*` (RFC 5987, UTF-8) when given, else `filename`; only its last path
        /// component (a browser may send a whole Windows path). Nil for a part that is no file.
        private static func filename(_ parameters: [String: String]) throws -> String? {
            var name: String
            if let extended = parameters["filename*"] {
                guard let decoded = HeaderValue.extendedValue(extended) else {
                    throw refused("A part of the form has a malformed filename.")
                }
                name = decoded
            } else if let plain = parameters["filename"] {
                name = HeaderValue.unescapingPercentQuotes(plain)
            } else {
                return nil
            }
            if let slash = name.lastIndex(where: { $0 == "/" || $0 == "\\" }) {
                name = String(name[name.index(after: slash)...])
            }
            return String(
                name.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 }.prefix(255)
                    .map(Character.init))
        }

        static func isTokenCharacter(_ byte: UInt8) -> Bool {
            byte > 32 && byte < 127 && !Array("()<>@,;:\\\"/[]?={}".utf8).contains(byte)
        }

        private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
            guard index >= 0, index + pattern.count <= body.count else { return false }
            for offset in 0..<pattern.count where body[index + offset] != pattern[offset] { return false }
            return true
        }

        /// The first index of `pattern` at or after `start` (starting within `within` bytes when given).
        private func find(_ pattern: [UInt8], from start: Int, within: Int? = nil) -> Int? {
            guard let first = pattern.first else { return start }
            var index = start
            let last = body.count - pattern.count
            let limit = within.map { min(last, start + $0) } ?? last
            while index <= limit {
                if body[index] == first && matches(pattern, at: index) { return index }
                index += 1
            }
            return nil
        }
    }
}

/// Header values of the form `type; name=value; name="quoted value"` (Content-Type, Content-Disposition).
enum HeaderValue {
    /// The pieces between semicolons outside quotes, trimmed.
    static func split(_ value: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in value {
            if escaped {
                escaped = false
            } else if inQuotes && character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ";" && !inQuotes {
                pieces.append(current.trimmingSpaces)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current.trimmingSpaces)
        return pieces
    }

    /// `name=value` pairs (names lowercased), values unquoted: `\"` and `\\` are escapes, any other backslash is
    /// itself (a Windows path). A parameter without `=`, an unterminated quote or a repeated name is refused.
    static func parameters(_ pieces: some Sequence<String>) throws -> [String: String] {
        var result: [String: String] = [:]
        for piece in pieces where !piece.isEmpty {
            guard let equals = piece.firstIndex(of: "=") else {
                throw MultipartForm.refused("A header of the form has a malformed parameter.")
            }
            let name = piece[..<equals].trimmingSpaces.lowercased()
            let raw = piece[piece.index(after: equals)...].trimmingSpaces
            guard !name.isEmpty, name.utf8.allSatisfy(isParameterNameByte), result[name] == nil,
                let value = unquoted(raw)
            else {
                throw MultipartForm.refused("A header of the form has a malformed parameter.")
            }
            result[name] = value
        }
        return result
    }

    private static func isParameterNameByte(_ byte: UInt8) -> Bool {
        byte > 32 && byte < 127 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "=")
    }

    private static func unquoted(_ raw: String) -> String? {
        guard raw.hasPrefix("\"") else {
            return raw.isEmpty || raw.contains("\"") || raw.contains(" ") ? nil : raw
        }
        guard raw.count >= 2, raw.hasSuffix("\"") else { return nil }
        var value = ""
        var characters = raw.dropFirst().dropLast()[...]
        while let character = characters.popFirst() {
            if character == "\\", let next = characters.first, next == "\"" || next == "\\" {
                value.append(characters.removeFirst())
            } else if character == "\"" {
                return nil  // a quote inside the value must be escaped
            } else {
                value.append(character)
            }
        }
        return value
    }

    /// Browsers (the HTML standard) write `"`, CR and LF in a name or filename as `%22`, `%0D` and `%0A`.
    static func unescapingPercentQuotes(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
    }

    /// An RFC 5987 `UTF-8''percent-encoded` value.
    static func extendedValue(_ text: String) -> String? {
        let parts = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].lowercased() == "utf-8" else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(parts[2].utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard utf8.count >= 2, let high = utf8.removeFirst().hexNibble,
                    let low = utf8.removeFirst().hexNibble
                else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (header whitespace).
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}

extension MultipartForm {
    /// Reads a posted `multipart/form-data` body (a form with `enctype="multipart/form-data"`, the photo
    /// uploads); nil for any other body. Over `maximumBytes` is a 413, a malformed body a 400.
    static func body(of request: Request) async throws -> MultipartForm? {
        guard let type = request.headers[.contentType],
            type.lowercased().hasPrefix("multipart/form-data")
        else { return nil }
        let limit = RequestBodyLimit.bytes(forPath: request.uri.path)
        let buffer = try await request.body.collect(upTo: limit)
        return try parse(
            Array(buffer.readableBytesView), contentType: type, maximumBytes: limit,
            maximumFieldBytes: limit == maximumBytes ? maximumFieldBytes : limit)
    }
}
