import PublicInit

/// SYNC-3: one local change as it is queued in the outbox and pushed: the device's number for it, its name
/// (`task.update`), the device clock's reading when it was made, and its arguments exactly as `docs/sync.md`
/// specifies them.
@PublicInit
public struct Mutation: Codable, Sendable, Equatable {
    /// Numbered 1, 2, 3… per client id with no gaps; the server applies each at most once.
    public var id: Int64
    /// What it does: `task.create`, `task.update`, `list.delete`, ….
    public var name: String
    /// The `HybridTimestamp` text of the change; the later clock wins a conflict on a field.
    public var hlc: String
    /// The arguments, e.g. `{"id": "…", "fields": {"due": "2026-11-24"}}`.
    public var args: [String: JSONValue]

}
