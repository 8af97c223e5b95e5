public import HummingbirdCore
import DoableCore
import Foundation
import Hummingbird

extension Request {
    /// The version named by `If-Match` (an entity tag as `ETag` gives it: `"3"`, also `W/"3"` or bare `3`), or
    /// nil without one or with `*`. A write with it fails with 409 `version_mismatch` if the row changed since.
    public func ifMatchVersion() throws -> Int64? {
        guard var value = headers[.ifMatch]?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value != "*" else {
            return nil
        }
        if value.hasPrefix("W/") { value.removeFirst(2) }
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        guard let version = Int64(value), version > 0 else {
            throw DoableError.invalid("If-Match", "'If-Match' must be the entity tag (version) of the item, such as \"3\".")
        }
        return version
    }
}

extension Response {
    /// The item's version as its entity tag, for a later `If-Match`.
    public func tagged(version: Int64) -> Response {
        var response = self
        response.headers[.eTag] = "\"\(version)\""
        return response
    }
}
