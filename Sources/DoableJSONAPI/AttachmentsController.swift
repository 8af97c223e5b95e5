import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import NIOCore
import DoableHTTP

/// TASK-11: photos of tasks (JPEG, PNG, GIF or WebP, recognised by their bytes; at most 65,536 bytes each and 10 per
/// task) and the bytes of any photo the caller may see, a task's or a marketplace posting's.
struct AttachmentsController: Sendable {
    let photos: PhotoService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("tasks/{id}/attachments", use: taskPhotos)
        group.post("tasks/{id}/attachments", use: addTaskPhoto)
        group.get("attachments/{id}", use: photo)
        group.delete("attachments/{id}", use: delete)
    }

    /// The request body, the image itself. Up to the server's 1 MiB request limit it is read whole, so that a photo
    /// over 65,536 bytes gets an answer naming that rule rather than a cut connection.
    static func photoBytes(_ request: Request) async throws -> [UInt8] {
        let buffer = try await request.body.collect(upTo: maxRequestBodyBytes)
        return Array(buffer.readableBytesView)
    }

    /// 413 naming the 65,536-byte rule for a photo that is too large, before anything is looked up; nil otherwise.
    static func refusingLargePhoto(_ bytes: [UInt8]) -> Response? {
        guard bytes.count > ImageKind.maximumBytes else { return nil }
        return ErrorMiddleware.response(
            status: .contentTooLarge, code: "photo_too_large",
            message: ImageKind.tooLarge(bytes.count), field: "body")
    }

    @Sendable func taskPhotos(_ request: Request, context: AppRequestContext) async throws -> Response {
        let photos = try await photos.taskPhotos(try context.requireIdentity(), taskID: try context.pathID())
        return JSONResponse.make(["attachments": photos.map(PhotoDTO.init)])
    }

    /// Needs the editor role or higher in the task's list; the body is the image, whatever its `Content-Type`.
    @Sendable func addTaskPhoto(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let taskID: TaskID = try context.pathID()
        let bytes = try await Self.photoBytes(request)
        if let refusal = Self.refusingLargePhoto(bytes) { return refusal }
        let photo = try await photos.addTaskPhoto(identity, taskID: taskID, bytes: bytes)
        return JSONResponse.make(PhotoDTO(photo), status: .created)
    }

    /// The photo's bytes. A member's upload is never run as anything but the image its bytes are: `nosniff`, the
    /// type of the sniffed kind, a policy that allows nothing, shown inline. Ids are never reused, so clients may
    /// keep it for a year.
    @Sendable func photo(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (photo, bytes) = try await photos.photo(try context.requireIdentity(), id: try context.pathID())
        let headers: HTTPFields = [
            .contentType: photo.kind.mediaType,
            .xContentTypeOptions: "nosniff",
            .cacheControl: "private, max-age=31536000, immutable",
            .contentDisposition: "inline",
            .contentSecurityPolicy: "default-src 'none'",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A task's photo by its list's editors; a posting's by its poster while the posting is open.
    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await photos.deletePhoto(try context.requireWriter(), id: try context.pathID())
        return JSONResponse.noContent()
    }
}
