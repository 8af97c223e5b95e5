public import DoableCore
import PublicInit

/// SYNC-2: a change of this device that the server refused for good (bad input, no permission, the task in the
/// trash). Its effect never shows; the reason is kept so the user can be told.
@PublicInit
public struct Rejection: Codable, Sendable, Equatable {
    /// The number of the refused mutation.
    public var mutationId: Int64
    /// The mutation's name (`task.update`).
    public var name: String
    /// The id of the entity it was about, when it named one.
    public var entityId: String?
    /// The API's error code (`in_trash`, `validation_failed`, …).
    public var code: String
    /// The input field the error names, if any.
    public var field: String?
    /// The server's explanation, a sentence a user can read.
    public var message: String
    /// When the server's answer arrived.
    public var at: Timestamp

}
