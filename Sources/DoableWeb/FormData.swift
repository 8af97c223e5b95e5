import HTTPTypes
import Foundation
import Hummingbird

/// The fields of an `application/x-www-form-urlencoded` body or a query string, in order, with repeats kept
/// (several checked label boxes share one name).
struct FormData: Sendable {
    private(set) var pairs: [(name: String, value: String)] = []

    init(pairs: [(String, String)] = []) { self.pairs = pairs.map { (name: $0.0, value: $0.1) } }

    init(encoded: Substring) {
        for part in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(pieces[0])
            let value = pieces.count > 1 ? Self.decode(pieces[1]) : ""
            pairs.append((name: name, value: value))
        }
    }

    /// Reads a posted form body (at most 256 KiB: a form carries text a person typed, never files).
    static func body(of request: Request) async throws -> FormData {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            if type.isEmpty { return FormData() }
            throw HTTPError(.unsupportedMediaType, message: "Forms are sent as application/x-www-form-urlencoded.")
        }
        let buffer = try await request.body.collect(upTo: 256 * 1024)
        return FormData(encoded: Substring(String(buffer: buffer)))
    }

    static func query(of request: Request) -> FormData {
        FormData(encoded: Substring(request.uri.query ?? ""))
    }

    subscript(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// The value, trimmed; nil when missing or blank.
    func text(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }
    func has(_ name: String) -> Bool { pairs.contains { $0.name == name } }
    /// The `version` a form was rendered with, for the stale check (`ifVersion`).
    var version: Int64? { text("version").flatMap(Int64.init) }

    func isOn(_ name: String) -> Bool { ["1", "on", "true", "yes"].contains(self[name] ?? "") }

    mutating func set(_ name: String, _ value: String?) {
        pairs.removeAll { $0.name == name }
        if let value { pairs.append((name: name, value: value)) }
    }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
