public import DoableCore
@_spi(StoreWriting) import DoableStore

extension MarketService {
    /// MKT-1: the poster adds a photo to its open posting.
    public func addPostingPhoto(_ identity: Identity, postingID: PostingID, bytes uploaded: [UInt8]) async throws
        -> Attachment
    {
        let kind = try ImageKind.validated(uploaded)
        let bytes = ImageMetadata.stripped(uploaded, kind: kind)  // no GPS position or camera details (issue 27)
        return try await perform(by: identity.account.id) {
            var lifecycle = try await lifecycle(of: postingID)
            let now = clock()
            try lifecycle.edit(by: identity.account.id, now: now) { _ in }
            let existing = try await store.attachments(postingIDs: [postingID])
            try PhotoService.requireRoomForPhoto(existing.count)
            let photo = Attachment(
                id: .make(at: now), accountID: identity.account.id, postingID: postingID,
                kind: kind, byteCount: bytes.count, createdAt: now)
            return (
                WriteBatch(
                    [
                        .putAttachment(photo, bytes: bytes), .putPosting(lifecycle.posting, audience: []),
                        .requireAtMost(.attachmentsOnPosting(postingID, ImageKind.maximumPerItem)),
                    ], now: now),
                photo
            )
        }
    }
}
