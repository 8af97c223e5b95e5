import DoableCore
import Foundation
import PostgresNIO

/// Rows that no other operation of a transaction reads back, kept until its batches' other rows are written and then
/// written in one statement per kind (issue 32, items 1 and 4): history lines, field clocks and devices' progress.
/// A push of 100 edits wrote them one round trip each, 300 of the 500 statements of its transaction. An operation
/// that could touch these rows (a task purged with its history and clocks, an account deleted) has the kept ones
/// written first, so the order of writes stays the order of the batches.
struct PostgresDeferredRows {
    var activity: [TaskActivity] = []
    /// The latest clock of each field of each entity, and the order the fields were first stamped in.
    var clocks: [String: String] = [:]
    var stamped: [(entity: UUID, field: String)] = []
    var advances: [(client: UUID, account: AccountID, mutation: Int64)] = []

    var isEmpty: Bool { activity.isEmpty && stamped.isEmpty && advances.isEmpty }

    /// Whether `operation` is one of these rows, kept in `self`.
    mutating func keep(_ operation: WriteBatch.Operation) -> Bool {
        switch operation {
        case .task(.addActivity(let entry)):
            activity.append(entry)
        case .sync(.stampFieldClocks(let entity, let fields, let clock)):
            guard let id = UUID(uuidString: entity) else { return true }
            for field in fields {
                let key = "\(id) \(field)"
                if let known = clocks[key] {
                    if clock > known { clocks[key] = clock }
                } else {
                    clocks[key] = clock
                    stamped.append((id, field))
                }
            }
        case .sync(.advanceSyncClient(let client, let account, let mutation)):
            advances.append((client, account, mutation))
        default:
            return false
        }
        return true
    }

    /// Whether `operation` may be written while rows are kept: it writes none of their tables.
    static func allowsKeeping(_ operation: WriteBatch.Operation) -> Bool {
        switch operation {
        case .task(.putTask), .task(.putList), .task(.putLabel), .task(.addCompletion), .sync(.announceTask),
            .sync(.recordSyncRejection), .reminder(.putReminder), .reminder(.putNotification), .reminder(.enqueueDelivery):
            true
        default:
            false
        }
    }
}

extension PostgresWriter {
    /// Writes the kept rows, then forgets them.
    func write(_ rows: inout PostgresDeferredRows) async throws {
        guard !rows.isEmpty else { return }
        let kept = rows
        rows = PostgresDeferredRows()
        try await insert(kept.activity)
        if !kept.stamped.isEmpty {
            try await execute(
                """
                INSERT INTO field_clocks (entity_id, field, clock)
                SELECT * FROM unnest(\(kept.stamped.map(\.entity)), \(kept.stamped.map(\.field)),
                                     \(kept.stamped.map { kept.clocks["\($0.entity) \($0.field)"] ?? "" }))
                ON CONFLICT (entity_id, field) DO UPDATE SET clock = excluded.clock
                WHERE excluded.clock > field_clocks.clock
                """)
        }
        try await advance(kept.advances)
    }

    private func insert(_ activity: [TaskActivity]) async throws {
        guard activity.count > 1 else {
            if let entry = activity.first { try await apply(.addActivity(entry), now: .now) }  // `now` is for tasks
            return
        }
        try await execute(
            """
            INSERT INTO task_activity (id, task_id, actor_id, action, fields, detail, at)
            SELECT id, task_id, NULLIF(actor_id, '')::uuid, action, fields, detail, at
            FROM unnest(\(activity.map(\.id.uuid)), \(activity.map(\.taskID.uuid)),
                        \(activity.map { $0.actorID?.description ?? "" }), \(activity.map(\.action.rawValue)),
                        \(activity.map { $0.fields.joined(separator: ",") }), \(activity.map(\.detail)),
                        \(activity.map(\.at.milliseconds)))
                AS a(id, task_id, actor_id, action, fields, detail, at)
            """)
    }

    /// A device's consecutive mutations move its progress once, from the first's predecessor to the last; anything
    /// else goes one by one, as each batch would have.
    private func advance(_ advances: [(client: UUID, account: AccountID, mutation: Int64)]) async throws {
        var clients: [UUID] = []
        var byClient: [UUID: [(client: UUID, account: AccountID, mutation: Int64)]] = [:]
        for advance in advances {
            if byClient[advance.client] == nil { clients.append(advance.client) }
            byClient[advance.client, default: []].append(advance)
        }
        for client in clients {
            let chain = byClient[client] ?? []
            let consecutive = zip(chain, chain.dropFirst()).allSatisfy {
                $1.mutation == $0.mutation + 1 && $1.account == $0.account
            }
            guard consecutive, chain.count > 1, let first = chain.first, let last = chain.last else {
                for step in chain {
                    try await advanceSyncClient(step.client, account: step.account, from: step.mutation, to: step.mutation)
                }
                continue
            }
            try await advanceSyncClient(client, account: first.account, from: first.mutation, to: last.mutation)
        }
    }
}
