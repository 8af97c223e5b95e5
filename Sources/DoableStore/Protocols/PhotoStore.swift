public import DoableCore

/// Photos of tasks and postings (TASK-11). One part of `Store`, which every engine implements.
public protocol PhotoStore: Sendable {
    func attachment(id: AttachmentID) async throws -> Attachment?
    func attachmentBytes(id: AttachmentID) async throws -> [UInt8]?
    /// TASK-11: the photos of these tasks, oldest first.
    func attachments(taskIDs: [TaskID]) async throws -> [Attachment]
    /// The photos of these postings, oldest first.
    func attachments(postingIDs: [PostingID]) async throws -> [Attachment]
}
