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
        var path = Substring(target)
        if let scheme = path.firstRange(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? "/"
        }
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        var raw = path.split(separator: "/", omittingEmptySubsequences: true)
        guard raw.first == "dav" else { return nil }
        raw.removeFirst()
        var segments: [String] = []
        for segment in raw {
            guard let decoded = Self.percentDecoded(segment), !decoded.isEmpty, !decoded.contains("/"),
                  decoded != ".", decoded != ".."
            else { return nil }
            segments.append(decoded)
        }
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
             UInt8(ascii: "~"): true
        default: false
        }
    }

    /// nil when a `%` is not followed by two hex digits or the bytes are not UTF-8.
    static func percentDecoded(_ segment: Substring) -> String? {
        guard segment.contains("%") else { return String(segment) }
        var bytes: [UInt8] = []
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
