import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 14: see SQLiteSchema's migration of the same name.
    static let migration06Sync = Migration(
        id: "6-sync",
        statements: [
            """
            CREATE TABLE sync_clients (
                client_id uuid PRIMARY KEY,
                account_id uuid NOT NULL REFERENCES accounts (id),
                last_mutation_id bigint NOT NULL,
                updated_at bigint NOT NULL
            )
            """,
            "CREATE INDEX sync_clients_account ON sync_clients (account_id)",
            """
            CREATE TABLE sync_rejections (
                client_id uuid NOT NULL,
                mutation_id bigint NOT NULL,
                name text NOT NULL,
                entity_id text,
                code text NOT NULL,
                field text,
                message text NOT NULL,
                at bigint NOT NULL,
                PRIMARY KEY (client_id, mutation_id)
            )
            """,
            """
            CREATE TABLE field_clocks (
                entity_id uuid NOT NULL,
                field text NOT NULL,
                clock text COLLATE "C" NOT NULL,
                PRIMARY KEY (entity_id, field)
            )
            """,
        ])
}
