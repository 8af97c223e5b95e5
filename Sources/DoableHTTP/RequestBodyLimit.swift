import DoableCore

/// How large a request body may be, by route: 1 MiB everywhere, except where a member uploads an import file
/// (INTEROP-5): the API's `POST /api/v1/imports` takes the file itself (20 MiB), and the web app's import forms take
/// it too, the commit again base64-encoded in a form field (a third larger), so that the page keeps nothing on the
/// server between the preview and the import.
public enum RequestBodyLimit {
    static let standard = maxRequestBodyBytes
    static let apiImport = ImportReader.maximumBytes
    static let webImport = 28 << 20

    static let apiImportPath = "/api/v1/imports"
    static let webImportPaths: Set<String> = ["/import", "/import/preview"]

    public static func bytes(forPath path: String) -> Int {
        path == apiImportPath ? apiImport : webImportPaths.contains(path) ? webImport : standard
    }

    /// The 413's message for a route's limit.
    public static func message(forPath path: String) -> String {
        if path == apiImportPath { return "An import file must be at most 20 MiB." }
        if webImportPaths.contains(path) { return "The form must be at most 28 MiB (an import file of up to 20 MiB)." }
        return "The request body must be at most 1 MiB."
    }
}
