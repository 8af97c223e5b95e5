import Foundation

/// `--json`: the API's shapes (camelCase keys, ISO dates, ids as text) for scripts, pretty-printed with sorted
/// keys so that output diffs well.
public enum JSONOutput {
    public static func string(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Writes `value` and a newline to standard output.
    public static func print(_ value: some Encodable) throws {
        Swift.print(try string(value))
    }
}
