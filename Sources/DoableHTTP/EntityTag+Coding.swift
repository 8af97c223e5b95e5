import Foundation
/// Q-10 and RFC 9110 §8.8.3: a strong entity tag names one representation, so the gzip answer's tag is the identity
/// one with `-gzip` inside the quotes (`"3"` becomes `"3-gzip"`). A client sends back whichever it got; the
/// compression middleware takes the suffix off before any handler compares tags, so `If-None-Match` and `If-Match`
/// work with either form. Weak tags (`W/"…"`) already allow equivalent representations and stay as they are.
enum EntityTagCoding {
    static let suffix = "-gzip"

    /// The tag a gzip answer carries for the identity tag `tag`.
    static func gzipTag(_ tag: String) -> String {
        guard !tag.hasPrefix("W/"), tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\""),
            !tag.hasSuffix(suffix + "\"")
        else { return tag }
        return String(tag.dropLast()) + suffix + "\""
    }

    /// A precondition list (`If-Match`, `If-None-Match`) with every gzip tag back in its identity form, or nil when
    /// it names none.
    static func identityList(_ value: String) -> String? {
        guard value.contains(suffix + "\"") else { return nil }
        return value.split(separator: ",", omittingEmptySubsequences: false)
            .map { member -> String in
                let tag = member.trimmingCharacters(in: .whitespaces)
                guard tag.hasSuffix(suffix + "\"") else { return tag }
                return String(tag.dropLast(suffix.count + 1)) + "\""
            }
            .joined(separator: ", ")
    }

    /// Whether a precondition list names a gzip tag (the client holds the gzip answer).
    static func namesGzipTag(_ value: String) -> Bool { value.contains(suffix + "\"") }
}
