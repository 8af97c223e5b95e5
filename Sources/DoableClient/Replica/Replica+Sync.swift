import DoableAPI
public import DoableCore
import Foundation
import GRDB

/// What the sync engine does to the replica: read the outbox, record push results, store pulled pages.
extension Replica {
    /// Up to `limit` pending mutations after `afterID`, in id order.
    func pendingMutations(after afterID: Int64, limit: Int) throws -> [Mutation] {
        try database.read { db in try Outbox.mutations(db, after: afterID, limit: limit) }
    }

    /// Takes in a push answer: the server's time goes into the hybrid clock; each rejected mutation is stored as a
    /// rejection and leaves the outbox at once (its number is used up and its effect will never show). The others
    /// stay until a completed pull shows them back.
    func recordPush(_ response: PushResponse, sent: [Mutation]) throws -> [Rejection] {
        let byID = Dictionary(sent.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try database.write { db in
            try observe(db, serverTime: response.serverTime)
            try numberAfter(db, response.lastMutationId)
            var rejections: [Rejection] = []
            for result in response.results where result.status == .rejected {
                let mutation = byID[result.id]
                let error = result.error ?? MutationError(code: "rejected", message: "The server refused this change.")
                let rejection = Rejection(
                    mutationId: result.id, name: mutation?.name ?? "unknown",
                    entityId: mutation?.entityID, code: error.code, field: error.field,
                    message: error.message, at: response.serverTime)
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO rejections (mutation_id, name, entity_id, code, field, message, at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        rejection.mutationId, rejection.name, rejection.entityId, rejection.code,
                        rejection.field, rejection.message, rejection.at.description,
                    ])
                try Outbox.remove(db, id: result.id)
                rejections.append(rejection)
            }
            return rejections
        }
    }

    /// Stores one pulled page in one transaction: empties the base first when `clearing` (a reset; the outbox is
    /// kept), puts and removes the page's entities, and stores its cursor. The page that ends a pull (`more` false)
    /// also drops the mutations it includes and records the sync's time.
    ///
    /// The base kept in memory for reads takes in the page too, so the next read does not load the whole base
    /// from the file again.
    func applyPull(_ page: PullResponse, clearing: Bool, syncedAt moment: Timestamp) throws {
        let (token, base) = try database.write { db in
            // What is kept is out of date after this page either way; the base it names goes on from here.
            let kept = cache.takeBase(token: try Meta.get(db, .baseToken))
            var base = clearing ? ReplicaState() : kept
            if clearing { try BaseTables.clear(db) }
            let writer = BaseTables.Writer(db)
            if let account = page.account { try writer.put(account.record) }
            for list in page.lists { try writer.put(list.record) }
            for task in page.tasks { try writer.put(task.record) }
            for label in page.labels { try writer.put(label) }
            for reminder in page.reminders { try writer.put(reminder.record) }
            for gone in page.deleted { try BaseTables.remove(db, gone) }
            try base?.takeIn(page)
            let token = UUID().uuidString
            try Meta.set(db, .cursor, page.cursor)
            try Meta.set(db, .baseToken, token)
            try observe(db, serverTime: page.serverTime)
            try numberAfter(db, page.lastMutationId)
            if !page.more {
                try Outbox.drop(db, through: page.lastMutationId)
                try Meta.set(db, .lastMutationIDAcked, String(page.lastMutationId))
                try Meta.set(db, .lastSyncAt, moment.description)
            }
            return (token, base)
        }
        if let base { cache.keepBase(base, token: token) }
    }

    /// SYNC-2: later local readings come after the server's time.
    private func observe(_ db: Database, serverTime: Timestamp) throws {
        var clock = try Meta.clock(db)
        clock.observe(serverTime)
        try Meta.set(db, .clock, clock.last.description)
    }

    /// New mutations are numbered after everything the server has handled, even if this file was restored from
    /// an older copy (a number the server has seen would be taken for a duplicate and lost).
    private func numberAfter(_ db: Database, _ lastHandled: Int64) throws {
        if try Meta.int(db, .lastMutationID) < lastHandled { try Meta.set(db, .lastMutationID, String(lastHandled)) }
    }

    /// The hybrid clock's next reading, as a local change would take it (for tests and diagnostics).
    public func nextClockReading() throws -> HybridTimestamp {
        let moment = now()
        return try database.write { db in
            var clock = try Meta.clock(db)
            let reading = clock.tick(now: moment)
            try Meta.set(db, .clock, reading.description)
            return reading
        }
    }
}
