public import DoableCore

/// The write operations of photos of tasks and postings (TASK-11).
@_spi(StoreWriting)
extension WriteBatch {
    public enum PhotoOperation: Sendable {
        /// TASK-11: a photo with its bytes; in the uploader's feed and, for a task, its list's audience.
        case putAttachment(Attachment, bytes: [UInt8])
        case deleteAttachment(Attachment)
    }
}

/// `.putAttachment(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putAttachment(_ attachment: Attachment, bytes: [UInt8]) -> Self { .photo(.putAttachment(attachment, bytes: bytes)) }
    public static func deleteAttachment(_ attachment: Attachment) -> Self { .photo(.deleteAttachment(attachment)) }
}

extension WriteBatch.PhotoOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putAttachment(let photo, _): (photo.accountID, .attachment, photo.id.description, .put, photo.listID)
        case .deleteAttachment(let photo): (photo.accountID, .attachment, photo.id.description, .delete, photo.listID)
        }
    }
}
