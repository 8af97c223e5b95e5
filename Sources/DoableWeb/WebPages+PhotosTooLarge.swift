import DoableArt
import DoableCore
import DoableHTTP
public import Hummingbird

/// TASK-11 without the script: a camera's photo is megabytes, so a form of photos sent as chosen is over the 1 MiB
/// every request body is held to (`BodyLimitMiddleware` answers before reading it). photos.js makes each photo fit
/// before sending, so mostly a page without it gets here: the answer names the photo rule rather than the body
/// limit, on a page with a way back to the form (or, for a form the script sent, in the one error shape).
extension WebPages {
    /// Nil for a path that is not one of the photo forms (the plain 413 then).
    public static func photosTooLarge(_ request: Request, assets: WebAssets) -> Response? {
        let path = request.uri.path
        guard let back = photoFormPage(path) else { return nil }
        let limit = RequestBodyLimit.bytes(forPath: path) / 1_048_576
        let message = "\(ImageKind.sizeRule); this upload is over \(limit) MiB. \(TaskPhotos.scalingHint)"
        if request.headers[.doableFetch] == "1" {
            return ErrorMiddleware.response(
                status: .contentTooLarge, code: "payload_too_large", message: message, field: "photos")
        }
        let html: HTML = """
            <!doctype html><html lang="en" data-theme="system"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Photo too large · Doable</title>
            <link rel="stylesheet" href="\(assets.url("css/app.css"))"></head>
            <body><main id="main"><div class="empty-state"><h1>This photo is too large</h1>
            <p>\(message)</p>
            <p><a class="button primary" href="\(back)">Back to the form</a></p></div></main></body></html>
            """
        return WebResponse.page(html, nonce: "none", status: .contentTooLarge)
    }

    /// The page of a form with a photo chooser, for the path it posts to: a task's photos, a posting's photos, a new
    /// posting; nil for any other path.
    static func photoFormPage(_ path: String) -> String? {
        let parts = path.split(separator: "/")
        if path == "/market/new" { return path }
        if parts.count == 3, parts[0] == "tasks", parts[2] == "photos" { return "/tasks/\(parts[1])#photos" }
        if parts.count == 4, parts[0] == "market", parts[1] == "postings", parts[3] == "photos" {
            return "/market/postings/\(parts[2])#photos"
        }
        return nil
    }
}
