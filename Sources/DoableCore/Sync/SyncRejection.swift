public import Foundation
import PublicInit

/// SYNC-2: a device's mutation the server could not apply, kept so that a device asking again (its answer was lost)
/// hears the same reason.
@PublicInit
public struct SyncRejection: Sendable, Equatable {
    public var clientID: UUID
    public var mutationID: Int64
    public var name: String
    public var entityID: String?
    public var code: String
    public var field: String?
    public var message: String
    public var at: Timestamp
}
