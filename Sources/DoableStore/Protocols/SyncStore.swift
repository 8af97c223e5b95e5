public import Foundation
public import DoableCore

/// Devices' sync and the change feed (SYNC). One part of `Store`, which every engine implements.
public protocol SyncStore: Sendable {
    /// The account's feed entries about the list after `sequence`, oldest first.
    func changes(accountID: AccountID, listID: ListID, after sequence: Int64, limit: Int) async throws -> [Change]
    /// The account's latest feed sequence about the list (0 for none): a calendar's ctag and sync token.
    func latestSequence(accountID: AccountID, listID: ListID) async throws -> Int64
    /// SYNC-1: the account a device's client id belongs to and the last of its mutations handled.
    func syncClient(id: UUID) async throws -> (accountID: AccountID, lastMutationID: Int64)?
    /// SYNC-2: the rejections of a device's mutations `from`...`through`.
    func syncRejections(clientID: UUID, from: Int64, through: Int64) async throws -> [SyncRejection]
    /// SYNC-2: the clock of each field's last write, for each entity that has one: `[entity id: [field: clock]]`.
    func fieldClocks(entityIDs: [String]) async throws -> [String: [String: String]]
    /// SYNC-4: a full sync's page of the tasks of `listIDs` (trashed ones included), in id order after `after`.
    func tasks(listIDs: [ListID], after: TaskID?, limit: Int) async throws -> [TaskItem]
    /// The account's feed entries after `sequence`, oldest first.
    func changes(accountID: AccountID, after sequence: Int64, limit: Int) async throws -> [Change]
    func latestSequence(accountID: AccountID) async throws -> Int64
    /// The feed's low-water mark and its latest sequence, in one read: entries up to `floor` were dropped by
    /// retention, so a cursor below it cannot be served a delta (SYNC-4: the client resets). Zeros for no account.
    func feedBounds(accountID: AccountID) async throws -> (floor: Int64, latest: Int64)
}

extension SyncStore {
    public func feedFloor(accountID: AccountID) async throws -> Int64 {
        try await feedBounds(accountID: accountID).floor
    }
}
