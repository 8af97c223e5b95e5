public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// RFC 6578 `sync-collection` from the change feed: a token is the caller's feed sequence, so a sync after one change
/// reads one feed entry and one task. Trashed, purged and moved-away tasks come back as removed names.
extension CalDAVService {
    static let davSyncPage = 500

    /// `sync-collection`: changes after `sequence` (nil: the initial sync, every object), at most `limit` objects.
    public func davSync(_ identity: Identity, listID: ListID, after sequence: Int64?, limit: Int, withBodies: Bool)
        async throws -> DAVSyncResult
    {
        _ = try await domain.access(listID, for: identity, .read)
        let account = identity.account.id
        let latest = try await store.latestSequence(accountID: account, listID: listID)
        guard let sequence else {
            let tasks = try await store.tasks(listID: listID, includingTrashed: false)
            let rendering = try await davRendering(identity, tasks: tasks, listID: listID, withBodies: withBodies)
            return DAVSyncResult(
                changed: tasks.map { rendering.object(of: $0, withBody: withBodies) }, removed: [],
                sequence: latest, truncated: false)
        }
        let (floor, accountLatest) = try await store.feedBounds(accountID: account)
        guard sequence >= floor, sequence <= accountLatest else { throw DAVError.invalidSyncToken }
        var cursor = sequence
        var ids: [TaskID] = []
        var seen = Set<TaskID>()
        var truncated = false
        reading: while true {
            let page = try await store.changes(accountID: account, listID: listID, after: cursor, limit: Self.davSyncPage)
            for change in page {
                if change.entity == .task, let id = TaskID(change.entityID), !seen.contains(id) {
                    if ids.count == max(1, limit) {
                        truncated = true
                        break reading
                    }
                    seen.insert(id)
                    ids.append(id)
                }
                cursor = change.sequence
            }
            if page.count < Self.davSyncPage { break }
        }
        let tasks = Dictionary(try await store.tasks(ids: ids).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let present = ids.compactMap { tasks[$0] }.filter { $0.listID == listID && $0.deletedAt == nil }
        let gone = ids.filter { id in !present.contains { $0.id == id } }
        let rendering = try await davRendering(identity, tasks: present, listID: nil, withBodies: withBodies)
        var goneNames: [TaskID: String] = [:]
        for object in try await store.calendarObjects(taskIDs: gone) { goneNames[object.taskID] = object.name }
        return DAVSyncResult(
            changed: present.map { rendering.object(of: $0, withBody: withBodies) },
            removed: gone.map { goneNames[$0] ?? DAVRendering.defaultName($0) },
            sequence: truncated ? cursor : max(cursor, latest), truncated: truncated)
    }
}
