import DoableCore
import HTTPTypes
import Crypto
import Foundation
public import Hummingbird
import NIOCore
public import DoableHTTP

/// The web app's stylesheet and scripts, read once from the package's resources. They are served under
/// `/assets/{build}/…`, where `build` is a digest of all of them: a new version gets new URLs, so browsers may keep
/// an old one for a year, and modules still import each other by relative path.
public final class WebAssets: Sendable {
    struct Asset: Sendable {
        let body: ByteBuffer
        let contentType: String
    }

    let build: String
    let files: [String: Asset]

    /// The one set the server serves; the same files always give the same URLs.
    public static let shared = WebAssets()

    /// `version`: mixed into the digest besides the files. `DOABLE_ASSET_VERSION` sets it for the shared set, so a
    /// test can serve "a new version" from the same binary (REACH-2: the service worker's update).
    public init(version: String? = nil) {
        let version = version ?? ProcessInfo.processInfo.environment["DOABLE_ASSET_VERSION"] ?? ""
        var files: [String: Asset] = [:]
        var hasher = SHA256()
        hasher.update(data: Data(version.utf8))
        let root = Bundle.module.url(forResource: "web", withExtension: nil, subdirectory: "Resources")
        if let root, let paths = try? FileManager.default.subpathsOfDirectory(atPath: root.path) {
            for path in paths.sorted() {
                var isDirectory: ObjCBool = false
                let url = root.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue, var data = try? Data(contentsOf: url)
                else { continue }
                if path.hasSuffix(".js") { data = Data(Self.compacted(script: String(decoding: data, as: UTF8.self)).utf8) }
                hasher.update(data: Data(path.utf8))
                hasher.update(data: data)
                files[path] = Asset(body: ByteBuffer(bytes: data), contentType: Self.contentType(of: path))
            }
        }
        self.files = files
        self.build = hasher.finalize().prefix(6).lowercaseHex
    }

    /// A script as browsers get it: without its comment lines, indentation and blank lines (Q-2's budget counts the
    /// bytes a page loads). The sources keep no multi-line strings, so no line's leading space carries meaning.
    static func compacted(script: String) -> String {
        script.split(separator: "\n").compactMap { line -> Substring? in
            let code = line.drop { $0 == " " || $0 == "\t" }
            return code.isEmpty || code.hasPrefix("//") ? nil : code
        }.joined(separator: "\n") + "\n"
    }

    func url(_ path: String) -> String { "/assets/\(build)/\(path)" }

    /// Every file's URL: the app shell the service worker keeps (REACH-2).
    var shellURLs: [String] { files.keys.sorted().map(url) }

    static func contentType(of path: String) -> String {
        if path.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if path.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if path.hasSuffix(".svg") { return "image/svg+xml" }
        if path.hasSuffix(".png") { return "image/png" }
        if path.hasSuffix(".webmanifest") { return "application/manifest+json" }
        return "application/octet-stream"
    }

    public func addRoutes(to router: Router<AppRequestContext>) {
        router.get("assets/{build}/**") { request, context in
            let path = context.parameters.getCatchAll().joined(separator: "/")
            guard let asset = self.files[path] else { throw HTTPError(.notFound) }
            let current = context.parameters.get("build") == self.build
            return Response(
                status: .ok,
                headers: [
                    .contentType: asset.contentType,
                    .cacheControl: current ? "public, max-age=31536000, immutable" : "no-cache",
                    .xContentTypeOptions: "nosniff",
                ], body: .init(byteBuffer: asset.body))
        }
    }
}
