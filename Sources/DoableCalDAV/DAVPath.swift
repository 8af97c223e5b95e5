import DoableCore

/// A resource in Doable's CalDAV URL space (see `CalDAVController`), with its segments percent-decoded.
enum DAVPath: Equatable, Sendable {
    /// `/dav/`, and the bare `/dav/principals/` and `/dav/calendars/` collections: they answer discovery only.
    case root
    case principal(user: String)
    case home(user: String)
    /// `calendar` is the list's id as written in the URL (or, for MKCALENDAR, whatever segment the client chose).
    case calendar(user: String, calendar: String)
    case object(user: String, calendar: String, name: String)

    static let prefix = "/dav"

    /// The resource a request path or an href names; nil when it names nothing Doable serves. An absolute URL's
    /// scheme and authority are dropped (a `calendar-multiget` href may carry them).
    init?(_ target: String) {
        var target = target
        guard let segments = target.withUTF8(Self.segments) else { return nil }
        switch (segments.first, segments.count) {
        case (_, 0): self = .root
        case ("principals", 1), ("calendars", 1): self = .root
        case ("principals", 2): self = .principal(user: segments[1])
        case ("calendars", 2): self = .home(user: segments[1])
        case ("calendars", 3): self = .calendar(user: segments[1], calendar: segments[2])
        case ("calendars", 4): self = .object(user: segments[1], calendar: segments[2], name: segments[3])
        default: return nil
        }
    }

    /// The percent-decoded segments after `/dav`, read from the bytes (a multiget reads one path per href); nil when
    /// the path is not under `/dav` or a segment cannot name anything.
    private static func segments(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var start = 0
        var end = bytes.count
        if let scheme = firstIndex(of: "://", in: bytes) {
            start = bytes[(scheme + 3)...].firstIndex(of: UInt8(ascii: "/")) ?? end
        }
        if let query = bytes[start..<end].firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            end = query
        }
        var segments: [String] = []
        var isUnderDAV = false
        for raw in bytes[start..<end].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            guard isUnderDAV else {
                guard raw.elementsEqual("dav".utf8) else { return nil }
                isUnderDAV = true
                continue
            }
            guard let decoded = percentDecoded(UnsafeBufferPointer(rebasing: raw)), !decoded.isEmpty,
                !decoded.utf8.contains(UInt8(ascii: "/")), decoded != ".", decoded != ".."
            else { return nil }
            segments.append(decoded)
        }
        return isUnderDAV ? segments : nil
    }

    private static func firstIndex(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard bytes.count >= count else { return nil }
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: count)
        return (0...(bytes.count - count)).first { bytes[$0..<($0 + count)].elementsEqual(pattern) }
    }

    /// The user the path is under, if any.
    var user: String? {
        switch self {
        case .root: nil
        case .principal(let user), .home(let user), .calendar(let user, _), .object(let user, _, _): user
        }
    }

    // MARK: Hrefs

    static let rootHref = "/dav/"
    static func principalHref(_ username: String) -> String { "/dav/principals/\(percentEncoded(username))/" }
    static func homeHref(_ username: String) -> String { "/dav/calendars/\(percentEncoded(username))/" }
    static func calendarHref(_ username: String, _ calendar: String) -> String {
        homeHref(username) + percentEncoded(calendar) + "/"
    }
    static func objectHref(_ username: String, _ calendar: String, _ name: String) -> String {
        objectHref(in: calendarHref(username, calendar), name)
    }
    /// A member's href from its calendar's, which a listing computes once for all its members.
    static func objectHref(in calendarHref: String, _ name: String) -> String { calendarHref + percentEncoded(name) }

    /// A segment with everything but RFC 3986's unreserved characters percent-encoded: the most conservative form,
    /// which every client reads back to the same name. Names are nearly always unreserved already (`<UUID>.ics`, list
    /// ids, usernames): those come back as they are, without a copy.
    static func percentEncoded(_ segment: String) -> String {
        guard segment.utf8.contains(where: { !isUnreserved($0) }) else { return segment }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// nil when a `%` is not followed by two hex digits or the bytes are not UTF-8.
    static func percentDecoded(_ segment: UnsafeBufferPointer<UInt8>) -> String? {
        guard segment.contains(UInt8(ascii: "%")) else { return String(decoding: segment, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.count)
        var iterator = segment.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next()?.hexNibble, let low = iterator.next()?.hexNibble else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
