public import Foundation

/// SYNC-2: a device's mutation the server could not apply, kept so that a device asking again (its answer was lost)
/// hears the same reason.
public struct SyncRejection: Sendable, Equatable {
    public var clientID: UUID
    public var mutationID: Int64
    public var name: String
    public var entityID: String?
    public var code: String
    public var field: String?
    public var message: String
    public var at: Timestamp

    public init(
        clientID: UUID, mutationID: Int64, name: String, entityID: String?, code: String, field: String?,
        message: String, at: Timestamp
    ) {
        self.clientID = clientID
        self.mutationID = mutationID
        self.name = name
        self.entityID = entityID
        self.code = code
        self.field = field
        self.message = message
        self.at = at
    }
}
