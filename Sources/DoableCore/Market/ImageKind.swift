import PublicInit

/// TASK-11: the image formats a photo may have, recognised by their first bytes, never by a name or a declared type.
public enum ImageKind: String, Sendable, Codable, CaseIterable {
    case jpeg, png, gif, webp

    /// At most this many bytes per photo (seed 003).
    public static let maximumBytes = 65_536
    /// At most this many photos per task or posting.
    public static let maximumPerItem = 10

    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    /// The format the bytes begin with, nil for anything else (HTML named `.png`, SVG, an empty body).
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<(offset + signature.count)]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// Checks a photo's bytes; `field` names it in the error.
    public static func validated(_ bytes: [UInt8], field: String = "body") throws -> ImageKind {
        guard !bytes.isEmpty else { throw DoableError.invalid(field, "The photo is empty.") }
        guard bytes.count <= maximumBytes else {
            throw DoableError.invalid(field, tooLarge(bytes.count))
        }
        guard let kind = ImageKind(sniffing: bytes) else {
            throw DoableError.invalid(field, "A photo must be a JPEG, PNG, GIF or WebP image.")
        }
        return kind
    }

    /// The size rule as the refusals state it: in the words the forms' hints use, and in bytes.
    public static let sizeRule = "A photo may be at most \(maximumBytes / 1024) KB (\(grouped(maximumBytes)) bytes)"

    /// The refusal of a photo of `byteCount` bytes, over `maximumBytes`.
    public static func tooLarge(_ byteCount: Int) -> String { "\(sizeRule); this one has \(grouped(byteCount))." }

    /// 2345678 as "2,345,678".
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in
            digits.dropFirst(max(0, end - 3)).prefix(min(3, end))
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}

/// TASK-11: a photo of a task or of a marketplace posting. Its bytes are stored beside it and read on their own.
@PublicInit
public struct Attachment: Sendable, Equatable, Codable {
    public var id: AttachmentID
    /// Who uploaded it.
    public var accountID: AccountID
    /// Exactly one of `taskID` and `postingID` is set.
    public var taskID: TaskID?
    public var postingID: PostingID?
    /// The task's list, for the feed of its members.
    public var listID: ListID?
    public var kind: ImageKind
    public var byteCount: Int
    public var createdAt: Timestamp
}
