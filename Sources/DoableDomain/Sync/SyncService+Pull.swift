import DoableCore
import DoableStore
public import Foundation

extension SyncService {
    public static let maximumPullLimit = 5_000

    /// SYNC-1 and SYNC-4: what changed for the caller after `cursor`, compacted per entity; a first sync, or a cursor
    /// the feed can no longer serve, gets the whole state in pages instead (never a partial delta).
    public func pull(_ identity: Identity, clientID: UUID?, cursor: SyncCursor?, limit: Int) async throws -> SyncPage {
        let limit = min(max(limit, 1), Self.maximumPullLimit)
        // Read first: every mutation counted here committed its feed entries before the feed is read below.
        let handled = try await clientID.asyncMap { try await store.syncClient(id: $0) } ?? nil
        let lastMutationID = handled?.accountID == identity.account.id ? handled?.lastMutationID ?? 0 : 0
        switch cursor {
        case .after(let sequence):
            switch try await domain.feed(identity, after: sequence, limit: limit) {
            case .reset:
                return try await fullPage(identity, at: nil, after: nil, limit: limit, lastMutationID: lastMutationID)
            case .changes(let changes, let latest):
                if try await addsCallerToAList(changes, identity) {
                    return try await fullPage(identity, at: nil, after: nil, limit: limit, lastMutationID: lastMutationID)
                }
                return try await deltaPage(
                    identity, changes: changes, latest: latest, from: sequence,
                    lastMutationID: lastMutationID)
            }
        case .full(let sequence, let task):
            let (floor, latest) = try await store.feedBounds(accountID: identity.account.id)
            // A full sync that started before what the feed still holds starts over.
            let start: Int64? = sequence <= latest && sequence >= floor - 1 ? sequence : nil
            return try await fullPage(
                identity, at: start, after: start == nil ? nil : task, limit: limit,
                lastMutationID: lastMutationID)
        case nil:
            return try await fullPage(identity, at: nil, after: nil, limit: limit, lastMutationID: lastMutationID)
        }
    }

    /// A list shared with the caller since its cursor: its feed has the list but not the list's tasks (docs/sharing.md:
    /// a member added to a list of 10,000 tasks gets two entries), so the device gets the whole state again instead.
    private func addsCallerToAList(_ changes: [Change], _ identity: Identity) async throws -> Bool {
        let me = identity.account.id
        for change in changes where change.entity == .member && change.kind == .put && change.entityID == me.description {
            guard let list = change.listID else { continue }
            if let membership = try await store.membership(listID: list, accountID: me), membership.createdAt == change.at {
                return true
            }
        }
        return false
    }

    private func deltaPage(
        _ identity: Identity, changes: [Change], latest: Int64, from sequence: Int64,
        lastMutationID: Int64
    ) async throws -> SyncPage {
        let end = changes.last?.sequence ?? max(sequence, latest)
        var page = SyncPage(cursor: .after(end), more: end < latest, reset: false, lastMutationID: lastMutationID)
        guard !changes.isEmpty else { return page }
        var seen = Set<String>()
        var ids: [Change.Entity: [String]] = [:]
        // Newest first, so each entity is taken once; its state is read now, which is at least as new.
        for change in changes.reversed() where seen.insert("\(change.entity.rawValue):\(change.entityID)").inserted {
            switch change.entity {
            case .member: if let list = change.listID { ids[.list, default: []].append(list.description) }
            case .comment, .notification, .webhook: break
            default: ids[change.entity, default: []].append(change.entityID)
            }
        }
        let me = identity.account.id
        if ids[.account]?.contains(me.description) == true {
            page.account = try await store.account(id: me)
        }
        let needsLists = ids[.list] != nil || ids[.task] != nil
        var visible =
            needsLists
            ? Dictionary(
                try await domain.tasks.listsSeen(identity).map { ($0.list.id, $0) },
                uniquingKeysWith: { first, _ in first }) : [:]
        let taskIDs = ids[.task]?.compactMap(TaskID.init) ?? []
        let found = try await store.tasks(ids: taskIDs)
        // The caller's own lists in the trash travel too (with `deletedAt`), so a device can restore them.
        let unseen = Set((ids[.list] ?? []).compactMap(ListID.init) + found.map(\.listID)).filter { visible[$0] == nil }
        for list in try await store.lists(ids: Array(unseen)) where list.ownerID == me && list.deletedAt != nil {
            visible[list.id] = ListView(list: list, openTaskCount: 0, role: .owner, memberCount: 1)
        }
        var changedLists: [ListView] = []
        for id in Set(ids[.list] ?? []) {
            guard let listID = ListID(id) else { continue }
            if let view = visible[listID] { changedLists.append(view) } else { page.deleted.append((.list, id)) }
        }
        page.lists = try await domain.tasks.counted(changedLists)
        if let taskIDs = ids[.task] {
            let shown = found.filter { visible[$0.listID] != nil }
            page.tasks = try await domain.tasks.views(shown, for: identity)
            let present = Set(shown.map(\.id.description))
            page.deleted += taskIDs.filter { !present.contains($0) }.map { (.task, $0) }
        }
        if let labelIDs = ids[.label] {
            let own = Dictionary(
                try await store.labels(ownerID: me).map { ($0.id.description, $0) },
                uniquingKeysWith: { first, _ in first })
            for id in labelIDs {
                if let label = own[id] { page.labels.append(label) } else { page.deleted.append((.label, id)) }
            }
        }
        if let reminderIDs = ids[.reminder] {
            let found = try await store.reminders(ids: reminderIDs.compactMap(ReminderID.init))
                .filter { $0.accountID == me }
            page.reminders = found
            let present = Set(found.map(\.id.description))
            page.deleted += reminderIDs.filter { !present.contains($0) }.map { (.reminder, $0) }
        }
        return page
    }

    /// A page of the whole state as of feed sequence `start` (taken now when nil): the account, lists and labels on
    /// the first page, then tasks in id order with the caller's reminders on them. Whatever changes meanwhile has a
    /// later sequence, so the delta after the last page brings it.
    private func fullPage(
        _ identity: Identity, at start: Int64?, after: TaskID?, limit: Int,
        lastMutationID: Int64
    ) async throws -> SyncPage {
        let me = identity.account.id
        let isFirst = start == nil
        let sequence: Int64
        if let start { sequence = start } else { sequence = try await store.latestSequence(accountID: me) }
        var page = SyncPage(
            cursor: .full(at: sequence, afterTask: after), more: true, reset: isFirst,
            lastMutationID: lastMutationID)
        let trashed = try await store.trash(ownerID: me).lists
        let lists =
            try await domain.tasks.listsSeen(identity)
            + trashed.map { ListView(list: $0, openTaskCount: 0, role: .owner, memberCount: 1) }
        if isFirst {
            page.account = try await store.account(id: me)
            page.lists = try await domain.tasks.counted(lists)
            page.labels = try await store.labels(ownerID: me)
        }
        let tasks = try await store.tasks(listIDs: lists.map(\.list.id), after: after, limit: limit)
        page.tasks = try await domain.tasks.views(tasks, for: identity)
        if !tasks.isEmpty {
            page.reminders = try await store.reminders(taskIDs: tasks.map(\.id)).filter { $0.accountID == me }
        }
        if tasks.count == limit, let last = tasks.last {
            page.cursor = .full(at: sequence, afterTask: last.id)
        } else {
            page.cursor = .after(sequence)
            page.more = try await store.latestSequence(accountID: me) > sequence
        }
        return page
    }
}
