import Foundation
public import HTTPTypes

/// whether a request's `Accept-Encoding` lets the answer be gzip (RFC 9110 §12.5.3). A coding is acceptable
/// when it is named with a q-value above zero, or when it is not named and `*` is (above zero); `gzip;q=0` (or
/// `*;q=0` without `gzip`) refuses it, and so does a request without the header: no coding but `identity` then.
public struct AcceptEncoding: Sendable, Equatable {
    /// Each coding named, lowercased, with its q-value (1 when none is given).
    public let weights: [String: Double]

    public init(_ headers: HTTPFields) {
        var weights: [String: Double] = [:]
        for value in headers[values: .acceptEncoding] {
            for member in value.split(separator: ",") {
                let parts = member.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let coding = parts.first?.lowercased(), !coding.isEmpty else { continue }
                var quality = 1.0
                for parameter in parts.dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    if pair.count == 2, pair[0].lowercased() == "q" { quality = Double(pair[1]) ?? 0 }
                }
                weights[coding] = max(weights[coding] ?? 0, quality)
            }
        }
        self.weights = weights
    }

    /// Whether gzip may be sent (`x-gzip` is its old alias, RFC 9110 §8.4.1.3).
    public var acceptsGzip: Bool {
        if let quality = weights["gzip"] ?? weights["x-gzip"] { return quality > 0 }
        return (weights["*"] ?? 0) > 0
    }
}
