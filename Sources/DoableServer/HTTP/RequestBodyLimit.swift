/// How large a request body may be, by route: 1 MiB everywhere, except where a member uploads an import file
/// (INTEROP-5): the API's `POST /api/v1/imports` and the web app's import forms, whose commit sends the file
/// again, base64-encoded in a form field (a third larger), so that the page needs no state on the server.
enum RequestBodyLimit {
    static let standard = maxRequestBodyBytes
    static let imports = 28 << 20

    static let importPaths: Set<String> = ["/api/v1/imports", "/import", "/import/preview"]

    static func bytes(forPath path: String) -> Int {
        importPaths.contains(path) ? imports : standard
    }

    /// The 413's message for a route's limit.
    static func message(forPath path: String) -> String {
        path == "/api/v1/imports" ? "An import file must be at most 20 MiB."
            : bytes(forPath: path) == imports ? "The form must be at most 28 MiB (an import file of up to 20 MiB)."
            : "The request body must be at most 1 MiB."
    }
}
