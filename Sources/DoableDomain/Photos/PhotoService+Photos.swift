public import DoableCore
@_spi(StoreWriting) import DoableStore

/// TASK-11: photos of tasks and of marketplace postings: JPEG, PNG, GIF or WebP recognised by their bytes, at most
/// 65,536 bytes each and 10 per task or posting. A task's photos are seen by whoever sees the task and added or
/// removed by its list's editors; a posting's are public to members and changed by its poster while it is open.
extension PhotoService {
    public func addTaskPhoto(_ identity: Identity, taskID: TaskID, bytes uploaded: [UInt8]) async throws -> Attachment {
        let kind = try ImageKind.validated(uploaded)
        let bytes = ImageMetadata.stripped(uploaded, kind: kind)  // no GPS position or camera details (issue 27)
        return try await perform(by: identity.account.id) {
            let task = try await domain.tasks.editableTask(taskID, for: identity)
            guard task.deletedAt == nil else {
                throw DoableError.conflict(code: "in_trash", field: nil, message: "The task is in the trash.")
            }
            let existing = try await store.attachments(taskIDs: [taskID])
            try Self.requireRoomForPhoto(existing.count)
            let now = clock()
            let photo = Attachment(
                id: .make(at: now), accountID: identity.account.id, taskID: taskID,
                listID: task.listID, kind: kind, byteCount: bytes.count, createdAt: now)
            return (
                WriteBatch(
                    [
                        .putAttachment(photo, bytes: bytes),
                        .requireAtMost(.attachmentsOnTask(taskID, ImageKind.maximumPerItem)),
                    ], now: now), photo
            )
        }
    }

    /// A photo the caller may see, with its bytes; 404 otherwise.
    public func photo(_ identity: Identity, id: AttachmentID) async throws -> (Attachment, [UInt8]) {
        let photo = try await visiblePhoto(id, for: identity)
        guard let bytes = try await store.attachmentBytes(id: id) else { throw DoableError.notFound("Photo not found.") }
        return (photo, bytes)
    }

    /// The photos of a task the caller may see, oldest first.
    public func taskPhotos(_ identity: Identity, taskID: TaskID) async throws -> [Attachment] {
        _ = try await domain.tasks.visibleTask(taskID, for: identity)
        return try await store.attachments(taskIDs: [taskID])
    }

    /// The photo ids of each of these tasks (the API's `attachmentIds`).
    public func photoIDs(taskIDs: [TaskID]) async throws -> [TaskID: [AttachmentID]] {
        guard !taskIDs.isEmpty else { return [:] }
        var result: [TaskID: [AttachmentID]] = [:]
        for photo in try await store.attachments(taskIDs: taskIDs) {
            if let task = photo.taskID { result[task, default: []].append(photo.id) }
        }
        return result
    }

    /// Removes a photo: a task's by its list's editors, a posting's by its poster while the posting is open.
    public func deletePhoto(_ identity: Identity, id: AttachmentID) async throws {
        try await perform(by: identity.account.id) {
            let photo = try await visiblePhoto(id, for: identity)
            let now = clock()
            var batch = WriteBatch([.deleteAttachment(photo)], now: now)
            if let taskID = photo.taskID {
                _ = try await domain.tasks.editableTask(taskID, for: identity)
            } else if let postingID = photo.postingID {
                var lifecycle = try await domain.market.lifecycle(of: postingID)
                try lifecycle.edit(by: identity.account.id, now: now) { _ in }
                batch.append(.putPosting(lifecycle.posting, audience: []))
            }
            return (batch, ())
        }
    }

    func visiblePhoto(_ id: AttachmentID, for identity: Identity) async throws -> Attachment {
        guard let photo = try await store.attachment(id: id) else { throw DoableError.notFound("Photo not found.") }
        do {
            if let taskID = photo.taskID {
                _ = try await domain.tasks.visibleTask(taskID, for: identity)
            } else if let postingID = photo.postingID {
                _ = try await domain.market.visiblePosting(postingID)
            }
        } catch DoableError.notFound {
            throw DoableError.notFound("Photo not found.")
        }
        return photo
    }

    static func requireRoomForPhoto(_ count: Int) throws {
        guard count < ImageKind.maximumPerItem else {
            throw DoableError.conflict(
                code: "too_many_photos", field: "body",
                message: "There are already \(ImageKind.maximumPerItem) photos; remove one first.")
        }
    }
}
