public import DoableCore
import GRDB

extension SQLiteStore {
    /// One small transaction through the group committer, so that no request's write waits behind a long purge.
    @_spi(StoreWriting) public func purgeRecords(before cutoff: Timestamp, limit: Int) async throws -> Int {
        let at = cutoff.milliseconds
        return try await committer.write { db -> Int in
            var purged = 0
            try db.execute(
                sql: """
                    DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE created_at < ? LIMIT ?)
                    """, arguments: [at, limit])
            purged += db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM deliveries WHERE id IN (
                        SELECT id FROM deliveries WHERE state != 'pending' AND created_at < ? LIMIT ?)
                    """, arguments: [at, limit])
            purged += db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM sync_rejections WHERE (client_id, mutation_id) IN (
                        SELECT client_id, mutation_id FROM sync_rejections WHERE at < ? LIMIT ?)
                    """, arguments: [at, limit])
            purged += db.changesCount
            return purged
        }
    }
}
