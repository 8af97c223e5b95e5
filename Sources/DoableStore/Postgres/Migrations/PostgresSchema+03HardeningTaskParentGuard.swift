import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 10, finding 14: see SQLiteSchema's migration of the same name. PostgreSQL runs transactions side by
    /// side, so the check first takes a transaction-scoped advisory lock: a second move waits for the first to
    /// commit, and its check (a new statement in READ COMMITTED, so a new snapshot) then sees the first move.
    /// One lock for the whole database, held only by transactions that change a parent: a cycle can span two
    /// lists while the moves are in flight, so no narrower key is safe. The error is a serialization failure
    /// (40001), a conflict the domain retries from fresh reads and then refuses with a clear message.
    static let migration03HardeningTaskParentGuard = Migration(
        id: "3-hardening-task-parent-guard",
        statements: [
            """
            CREATE FUNCTION tasks_parent_guard() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_advisory_xact_lock(\(parentGuardLockKey));
                IF EXISTS (
                    WITH RECURSIVE up(id, depth) AS (
                        SELECT NEW.parent_id, 1
                        UNION ALL
                        SELECT t.parent_id, up.depth + 1 FROM tasks t JOIN up ON t.id = up.id
                        WHERE t.parent_id IS NOT NULL AND up.depth <= \(Rules.maximumTaskDepth)
                    )
                    SELECT 1 FROM up WHERE up.id = NEW.id OR up.depth > \(Rules.maximumTaskDepth)
                ) THEN
                    RAISE EXCEPTION 'task_parent_cycle' USING ERRCODE = 'serialization_failure';
                END IF;
                RETURN NEW;
            END
            $$
            """,
            """
            CREATE TRIGGER tasks_parent_guard BEFORE UPDATE OF parent_id ON tasks FOR EACH ROW
            WHEN (NEW.parent_id IS NOT NULL AND NEW.parent_id IS DISTINCT FROM OLD.parent_id)
            EXECUTE FUNCTION tasks_parent_guard()
            """,
        ])
}
