import DoableCore
import PostgresNIO

/// The write path's many-row statements (Q-5): a batch that fires reminders changes each reminder and adds a
/// notification and deliveries for it, and one statement per row made a batch of 500 take 1,500 round trips. The same
/// rows, version checks and errors as one `apply(_:)` per operation; `StoreConformanceTests` checks both engines
/// write such a batch alike.
extension PostgresWriter {
    /// Reminders that exist, each only if it still has the version before its own (a conflict otherwise).
    func update(_ reminders: [Reminder]) async throws {
        guard reminders.count > 1 else {
            if let reminder = reminders.first { try await apply(.putReminder(reminder), now: .now) }  // `now` is for tasks
            return
        }
        func text(_ value: Int64?) -> String { value.map(String.init) ?? "" }
        // Nullable columns travel as text, '' for null (as appendChanges does for list ids).
        let moments: [String] = reminders.map {
            if case .at(let moment) = $0.trigger { text(moment.milliseconds) } else { "" }
        }
        let anchors: [String] = reminders.map {
            if case .relative(let anchor, _) = $0.trigger { anchor.rawValue } else { "" }
        }
        let offsets: [String] = reminders.map {
            if case .relative(_, let offset) = $0.trigger { text(Int64(offset)) } else { "" }
        }
        let updated = try await fetch(
            """
            UPDATE reminders AS r SET task_id = u.task_id, account_id = u.account_id, at = NULLIF(u.at, '')::bigint,
                relative_to = NULLIF(u.relative_to, ''), offset_minutes = NULLIF(u.offset_minutes, '')::bigint,
                snoozed_until = NULLIF(u.snoozed_until, '')::bigint, silenced = u.silenced,
                fired_for = NULLIF(u.fired_for, '')::bigint, next_at = NULLIF(u.next_at, '')::bigint,
                created_at = u.created_at, updated_at = u.updated_at, version = u.version, claimed_until = NULL
            FROM unnest(\(reminders.map(\.id.uuid)), \(reminders.map(\.taskID.uuid)),
                        \(reminders.map(\.accountID.uuid)), \(moments), \(anchors), \(offsets),
                        \(reminders.map { text($0.snoozedUntil?.milliseconds) }),
                        \(reminders.map(\.silenced)), \(reminders.map { text($0.firedFor?.milliseconds) }),
                        \(reminders.map { text($0.nextAt?.milliseconds) }), \(reminders.map(\.createdAt.milliseconds)),
                        \(reminders.map(\.updatedAt.milliseconds)), \(reminders.map(\.version)))
                AS u(id, task_id, account_id, at, relative_to, offset_minutes, snoozed_until, silenced, fired_for,
                     next_at, created_at, updated_at, version)
            WHERE r.id = u.id AND r.version = u.version - 1
            RETURNING r.id
            """)
        guard updated.count == reminders.count else {
            let done = Set(try updated.map { try $0.id("id") as ReminderID })
            let missed = reminders.first { !done.contains($0.id) }?.id.description ?? ""
            throw StoreError.versionConflict(entity: "reminders", id: missed)
        }
    }

    func insert(_ notes: [AppNotification]) async throws {
        guard !notes.isEmpty else { return }
        try await execute(
            """
            INSERT INTO notifications (id, account_id, kind, title, body, task_id, list_id, actor_id, created_at,
                read_at, version, posting_id, silent)
            SELECT id, account_id, kind, title, body, NULLIF(task_id, '')::uuid, NULLIF(list_id, '')::uuid,
                   NULLIF(actor_id, '')::uuid, created_at, NULL, 1, NULLIF(posting_id, '')::uuid, silent
            FROM unnest(\(notes.map(\.id.uuid)), \(notes.map(\.accountID.uuid)), \(notes.map(\.kind.rawValue)),
                        \(notes.map(\.title)), \(notes.map(\.body)), \(notes.map { $0.taskID?.description ?? "" }),
                        \(notes.map { $0.listID?.description ?? "" }), \(notes.map { $0.actorID?.description ?? "" }),
                        \(notes.map(\.createdAt.milliseconds)), \(notes.map { $0.postingID?.description ?? "" }),
                        \(notes.map(\.isSilent)))
                AS n(id, account_id, kind, title, body, task_id, list_id, actor_id, created_at, posting_id, silent)
            """)
    }

    func insert(_ deliveries: [Delivery]) async throws {
        guard !deliveries.isEmpty else { return }
        try await execute(
            """
            INSERT INTO deliveries (id, account_id, channel, target, event, payload, state, attempts, next_attempt_at,
                last_error, created_at, sent_at)
            SELECT id, account_id, channel, target, event, payload, state, attempts, next_attempt_at, NULL, created_at,
                   NULL
            FROM unnest(\(deliveries.map(\.id.uuid)), \(deliveries.map(\.accountID.uuid)),
                        \(deliveries.map(\.channel.rawValue)), \(deliveries.map(\.target)), \(deliveries.map(\.event)),
                        \(deliveries.map(\.payload)), \(deliveries.map(\.state.rawValue)),
                        \(deliveries.map { Int64($0.attempts) }), \(deliveries.map(\.nextAttemptAt.milliseconds)),
                        \(deliveries.map(\.createdAt.milliseconds)))
                AS d(id, account_id, channel, target, event, payload, state, attempts, next_attempt_at, created_at)
            """)
    }
}
