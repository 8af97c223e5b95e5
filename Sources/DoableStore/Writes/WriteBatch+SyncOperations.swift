public import Foundation
public import DoableCore

/// The write operations of devices' sync and announcements in the change feed (SYNC).
@_spi(StoreWriting)
extension WriteBatch {
    public enum SyncOperation: Sendable {
        /// SYNC-1: the device's mutation `mutationID` is handled, in the transaction of its effects: the client's last
        /// handled number moves from the one before to it. When another request handled it first this fails as a
        /// duplicate of the key `mutation`, and the batch is rolled back.
        case advanceSyncClient(clientID: UUID, accountID: AccountID, mutationID: Int64)
        /// SYNC-2: why a mutation could not be applied, for a device that asks again.
        case recordSyncRejection(SyncRejection)
        /// SYNC-2: the clock of the last write of each field; a later clock already stored stays.
        case stampFieldClocks(entityID: String, fields: [String], clock: String)
        /// Writes nothing but feed entries about a task in `listID`. For the list's whole audience (`onlyTo` nil): the
        /// task left `listID` for a list some of them cannot see, so they hear of it (a device then finds the task gone
        /// for it and drops it). For `onlyTo` alone: the task looks different to that member though the task did not
        /// change — their reminder on it, or the name of their label on it — which CalDAV shows them (VALARM,
        /// CATEGORIES), so their calendar's ctag and sync-collection must move (INTEROP-1, issue 34).
        case announceTask(TaskID, listID: ListID, listOwner: AccountID, onlyTo: AccountID?)
    }
}

/// `.advanceSyncClient(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func advanceSyncClient(clientID: UUID, accountID: AccountID, mutationID: Int64) -> Self {
        .sync(.advanceSyncClient(clientID: clientID, accountID: accountID, mutationID: mutationID))
    }
    public static func recordSyncRejection(_ syncRejection: SyncRejection) -> Self { .sync(.recordSyncRejection(syncRejection)) }
    public static func stampFieldClocks(entityID: String, fields: [String], clock: String) -> Self {
        .sync(.stampFieldClocks(entityID: entityID, fields: fields, clock: clock))
    }
    public static func announceTask(_ taskID: TaskID, listID: ListID, listOwner: AccountID, onlyTo: AccountID?) -> Self {
        .sync(.announceTask(taskID, listID: listID, listOwner: listOwner, onlyTo: onlyTo))
    }
}

extension WriteBatch.SyncOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .announceTask(let task, let list, let owner, nil): (owner, .task, task.description, .put, list)
        case .announceTask(_, _, _, .some): nil
        case .advanceSyncClient, .recordSyncRejection, .stampFieldClocks: nil
        }
    }
}
