import DoableCore
@_spi(StoreWriting) import DoableStore

/// An entry of a catalogue admins keep (the store's items, the subscription plans): stamped and versioned.
protocol CatalogueEntry: Sendable {
    var updatedAt: Timestamp { get set }
    var version: Int64 { get set }
}

extension StoreItem: CatalogueEntry {}
extension SubscriptionPlan: CatalogueEntry {}

extension GameService {
    /// Adds `entry` to a catalogue once `check` passes it (it may tidy the entry, e.g. trim its name). The caller has
    /// checked that `identity` is an admin before reading the input (so nobody else learns its rules).
    func addCatalogueEntry<Entry: CatalogueEntry>(
        _ identity: Identity?, _ entry: Entry, check: (inout Entry) throws -> Void,
        write: (Entry) -> WriteBatch.Operation
    ) async throws -> Entry {
        var entry = entry
        try check(&entry)
        let added = entry
        return try await perform(by: identity?.account.id) { (WriteBatch([write(added)], now: clock()), added) }
    }

    /// Changes the stored entry `load` reads (404 with `missing` when there is none): `change` sets what the admin
    /// gave, `check` passes the result, and it is written as the entry's next version.
    func changeCatalogueEntry<Entry: CatalogueEntry>(
        _ identity: Identity?, load: () async throws -> Entry?, missing: String,
        check: (inout Entry) throws -> Void, write: (Entry) -> WriteBatch.Operation,
        change: (inout Entry) -> Void
    ) async throws -> Entry {
        try requireAdmin(identity)
        return try await perform(by: identity?.account.id) {
            guard var entry = try await load() else { throw DoableError.notFound(missing) }
            change(&entry)
            try check(&entry)
            entry.updatedAt = clock()
            entry.version += 1
            return (WriteBatch([write(entry)], now: clock()), entry)
        }
    }
}
