import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import NIOCore
import DoableHTTP

/// TASK-11 in the web app: a photo's bytes for a signed-in member who may see it (a task's, or a marketplace
/// posting's), uploading photos to a task from its page (several at once, `multipart/form-data`) and deleting one.
/// The marketplace's own upload form posts to `/market/postings/{id}/photos` (the `Market` area).
extension TasksWebController {
    func addPhotoRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("attachments/{id}") { _, context in try await photo(context) }
        web.post("attachments/{id}/delete") { _, context in try await deletePhoto(context) }
        web.post("tasks/{id}/photos") { _, context in try await uploadTaskPhotos(context) }
    }

    /// The photo itself. It is a member's upload, so it is never run as anything but the image its bytes are:
    /// `nosniff`, a type from the sniffed kind, a policy that lets nothing load or run (`photoPolicy`), and `inline` (shown,
    /// not saved).
    /// Its id is never reused, so the browser may keep it for a year.
    private func photo(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: AttachmentID = try context.pathID()
        let (photo, bytes) = try await photos.photo(identity, id: id)
        let headers: HTTPFields = [
            .contentType: photo.kind.mediaType,
            .contentLength: String(bytes.count),
            .xContentTypeOptions: "nosniff",
            .cacheControl: "private, max-age=31536000, immutable",
            .contentDisposition: "inline",
            .contentSecurityPolicy: Self.photoPolicy,
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Nothing may load or run in a photo's response. Opened on its own, the browser shows it in a page it makes
    /// itself and styles inline (Chromium centres and zooms it so); that style is all the policy allows.
    static let photoPolicy = "default-src 'none'; style-src 'unsafe-inline'"

    /// Photos chosen in the task page's form (field `photos`): every file is checked first (kind by its bytes,
    /// size, and room for all of them), so a refused upload adds none.
    private func uploadTaskPhotos(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let taskID = try taskID(context)
        let back = Self.safeBack(context.web.form["back"], default: "/tasks/\(taskID)#photos")
        do {
            let existing = try await photos.taskPhotos(identity, taskID: taskID)
            let files = try Self.photoFiles(context.web.files, existing: existing.count)
            for file in files {
                _ = try await photos.addTaskPhoto(identity, taskID: taskID, bytes: file.bytes)
            }
            return WebResponse.done(
                context, redirect: back,
                toast: Flash(message: files.count == 1 ? "Photo added" : "\(files.count) photos added"),
                focus: "photo-files")
        } catch let error as DoableError where Self.isPhotoFormError(error) {
            let message = WebErrorMiddleware.message(of: error)
            if context.web.wantsJSON { return WebResponse.refusedJSON(.invalid(field: "photos", message: message)) }
            return try await taskPage(
                context, identity: identity, id: taskID, form: nil, errors: FormErrors(),
                photoError: message)
        }
    }

    /// The chosen files, each checked as the Domain will (`TaskPhotos.check`), and no more than the task (with
    /// `existing` photos) still has room for.
    static func photoFiles(_ files: [MultipartFile], existing: Int) throws -> [MultipartFile] {
        guard !files.isEmpty else { throw DoableError.invalid("photos", "Choose one or more photos to upload.") }
        try TaskPhotos.check(files)
        let room = ImageKind.maximumPerItem - existing
        guard room > 0 else {
            throw DoableError.invalid(
                "photos",
                "This task already has \(ImageKind.maximumPerItem) photos, the most "
                    + "it can have: delete one to add another.")
        }
        guard files.count <= room else {
            throw DoableError.invalid(
                "photos",
                "A task can have at most \(ImageKind.maximumPerItem) photos: choose "
                    + "\(room == 1 ? "one more" : "up to \(room) more").")
        }
        return files
    }

    private func deletePhoto(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: AttachmentID = try context.pathID()
        let (photo, _) = try await photos.photo(identity, id: id)
        let home =
            photo.taskID.map { "/tasks/\($0)#photos" } ?? photo.postingID.map { "/market/postings/\($0)" }
            ?? "/today"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Delete this photo?",
                message: "It is removed for everyone who can see it. This cannot be undone.",
                action: "/attachments/\(id)/delete", button: "Delete photo")
        }
        try await photos.deletePhoto(identity, id: id)
        return WebResponse.done(
            context, redirect: Self.safeBack(context.web.form["back"], default: home),
            toast: Flash(message: "Photo deleted"))
    }

    private static func isPhotoFormError(_ error: DoableError) -> Bool {
        switch error {
        case .invalid, .conflict: true
        default: false
        }
    }
}
