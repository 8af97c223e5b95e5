import Foundation
/// the media types worth gzipping — text the server writes. Images (JPEG, PNG, WebP: compressed already),
/// archives and `text/event-stream` (live, flushed per event) are not among them.
enum CompressibleType {
    static let types: Set<String> = [
        "text/html", "text/css", "text/javascript", "application/javascript", "text/calendar", "text/xml",
        "application/xml", "text/plain", "application/json", "application/problem+json", "application/manifest+json",
        "image/svg+xml", "application/xhtml+xml", "application/openapi+json",
    ]

    /// Whether a `Content-Type` value (parameters and case aside) names one of them.
    static func contains(_ contentType: String) -> Bool {
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let essence else { return false }
        return types.contains(essence)
    }
}
