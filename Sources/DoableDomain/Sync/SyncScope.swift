import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore
import Synchronization

/// The sync mutation being applied by the current task. `Domain.commit` writes the device's progress (its last
/// handled mutation) in the same transaction as the mutation's effects, and stamps the fields they change with the
/// mutation's clock; without a scope, writes stamp the server's clock.
final class SyncScope: Sendable {
    @TaskLocal static var current: SyncScope?

    let clientID: UUID
    let accountID: AccountID
    let mutationID: Int64
    let clock: HybridTimestamp
    private let isRecorded = Mutex(false)
    private let claimed = Mutex<(entity: String, fields: [String])?>(nil)

    init(clientID: UUID, accountID: AccountID, mutationID: Int64, clock: HybridTimestamp) {
        self.clientID = clientID
        self.accountID = accountID
        self.mutationID = mutationID
        self.clock = clock
    }

    /// Whether a committed batch carried the mutation's progress already.
    var recorded: Bool { isRecorded.withLock { $0 } }

    func markRecorded() { isRecorded.withLock { $0 = true } }

    /// The fields the mutation sets, stamped with its clock even where the value did not change: a write that
    /// happened to agree with the stored value still wins over an older one that arrives later (SYNC-2).
    func claim(_ entity: String, _ fields: [String]) { claimed.withLock { $0 = (entity, fields) } }

    /// The device's progress, and the clocks of the fields the mutation set: written with its first batch.
    var record: [WriteBatch.Operation] {
        var operations = [advance]
        if let (entity, fields) = claimed.withLock({ $0 }), !fields.isEmpty {
            operations.append(.stampFieldClocks(entityID: entity, fields: fields, clock: clock.description))
        }
        return operations
    }

    var advance: WriteBatch.Operation { .advanceSyncClient(clientID: clientID, accountID: accountID, mutationID: mutationID) }
}
