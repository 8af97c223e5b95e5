import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// TASK-8 (issue 34): undo steps too large to travel in a page are kept on the server for a while, under a short
/// random id that only their member can use, and used once.
extension TaskService {
    /// How long kept undo steps can be used.
    public static let shelvedUndoSeconds: Int64 = 30 * 60
    /// The most a member's kept steps may weigh at once (one bulk action of 2,000 tasks is about 300 KB).
    public static let shelvedUndoMaximumBytes = 2_000_000

    /// Keeps `steps` for the member; answers the id to undo with.
    public func shelveUndo(_ identity: Identity, steps: String) async throws -> String {
        guard steps.utf8.count <= Self.shelvedUndoMaximumBytes else {
            throw DoableError.invalid("token", "This action is too large to undo.")
        }
        let now = clock()
        let id = SecretToken.make(prefix: "").secret.prefix(22).description
        try await domain.commit(
            WriteBatch(
                [
                    .shelveUndo(
                        ShelvedUndo(
                            id: id, accountID: identity.account.id, steps: steps,
                            expiresAt: now.adding(seconds: Self.shelvedUndoSeconds)))
                ], now: now), by: identity.account.id)
        return id
    }

    /// The member's kept steps under `id`, removed as they are handed out; nil when unknown, another member's, or
    /// expired.
    public func takeShelvedUndo(_ identity: Identity, id: String) async throws -> String? {
        guard id.utf8.count <= 64,
            let shelved = try await store.shelvedUndo(id: id, accountID: identity.account.id, now: clock())
        else { return nil }
        try await domain.commit(WriteBatch([.takeUndo(id: id)], now: clock()), by: identity.account.id)
        return shelved.steps
    }
}
