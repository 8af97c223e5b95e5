import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 26 (OPS-4): a restore loads tables in any order and checks the foreign keys once, at its commit
    /// (`SET CONSTRAINTS ALL DEFERRED`), which needs them deferrable; everything else still checks them at
    /// once. Retention purges notifications, finished deliveries and sync rejections by age.
    static let migration10Backup = Migration(
        id: "10-backup",
        statements: [
            """
            DO $$
            DECLARE constraint_row record;
            BEGIN
                FOR constraint_row IN
                    SELECT conrelid::regclass AS table_name, conname FROM pg_constraint
                    WHERE contype = 'f' AND connamespace = current_schema()::regnamespace AND NOT condeferrable
                LOOP
                    EXECUTE format('ALTER TABLE %s ALTER CONSTRAINT %I DEFERRABLE INITIALLY IMMEDIATE',
                                   constraint_row.table_name, constraint_row.conname);
                END LOOP;
            END $$
            """,
            "CREATE INDEX notifications_created ON notifications (created_at)",
            "CREATE INDEX deliveries_finished ON deliveries (created_at) WHERE state <> 'pending'",
            "CREATE INDEX sync_rejections_at ON sync_rejections (at)",
        ])
}
