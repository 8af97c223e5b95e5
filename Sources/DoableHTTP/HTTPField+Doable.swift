public import HTTPTypes

/// Header fields the standard set does not name, used by more than one surface.
extension HTTPField.Name {
    public static let xForwardedFor = Self("X-Forwarded-For")!
    public static let xForwardedHost = Self("X-Forwarded-Host")!
    public static let xForwardedProto = Self("X-Forwarded-Proto")!
    /// Sent by the web app's script with a form it posts itself: it wants JSON instead of a redirect.
    public static let doableFetch = Self("X-Doable-Fetch")!
    public static let referrerPolicy = Self("Referrer-Policy")!
    public static let xFrameOptions = Self("X-Frame-Options")!
    public static let secFetchSite = Self("Sec-Fetch-Site")!
}

extension HTTPResponse.Status {
    /// 507: the database's storage is full (the API's `storage_full`, CalDAV's RFC 4918 answer).
    public static var insufficientStorage: Self { .init(code: 507, reasonPhrase: "Insufficient Storage") }
}
