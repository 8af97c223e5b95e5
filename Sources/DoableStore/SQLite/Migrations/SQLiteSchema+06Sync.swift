import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Issue 14 (SYNC-1, SYNC-2): each device's last handled mutation, the reasons of its rejected ones, and the
    /// clock of the last write of each field of a task, list or label.
    static func migration06Sync(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_clients (
                    client_id TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    last_mutation_id INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX sync_clients_account ON sync_clients(account_id);
                CREATE TABLE sync_rejections (
                    client_id TEXT NOT NULL,
                    mutation_id INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    entity_id TEXT,
                    code TEXT NOT NULL,
                    field TEXT,
                    message TEXT NOT NULL,
                    at INTEGER NOT NULL,
                    PRIMARY KEY (client_id, mutation_id)
                );
                CREATE TABLE field_clocks (
                    entity_id TEXT NOT NULL,
                    field TEXT NOT NULL,
                    clock TEXT NOT NULL,
                    PRIMARY KEY (entity_id, field)
                ) WITHOUT ROWID;
                """)
    }
}
