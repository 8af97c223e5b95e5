public import DoableCore
import PublicInit

/// TASK-8 (issue 34): the steps that undo a large action, kept on the server under a short random id instead of
/// travelling in the page (a bulk move of a thousand tasks makes a token too large for a cookie or a form).
/// Readable by its account only, until `expiresAt`; taken (deleted) when used.
@PublicInit
public struct ShelvedUndo: Sendable, Equatable {
    public var id: String
    public var accountID: AccountID
    /// The steps as the web app encoded them; the store keeps them as they are.
    public var steps: String
    public var expiresAt: Timestamp
}
