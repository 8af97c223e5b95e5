import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// Migration 3-hardening-task-parent-guard.
    static func migration03HardeningTaskParentGuard(_ db: Database) throws {
        // Issue 10, finding 14: a move that would make a task its own ancestor, or hang it below
        // `Rules.maximumTaskDepth` ancestors, is refused inside the write transaction. The domain checks the
        // same before it builds the batch, but two moves read in parallel (X under Y, Y under X) each passed
        // that check; SQLite has one writer, so here the second one sees the first and fails. The failure is a
        // constraint error, which the domain retries from fresh reads and then refuses with a clear message.
        try db.execute(
            sql: """
                CREATE TRIGGER tasks_parent_guard BEFORE UPDATE OF parent_id ON tasks
                WHEN NEW.parent_id IS NOT NULL AND NEW.parent_id IS NOT OLD.parent_id
                BEGIN
                    SELECT RAISE(ABORT, 'task_parent_cycle') WHERE EXISTS (
                        WITH RECURSIVE up(id, depth) AS (
                            SELECT NEW.parent_id, 1
                            UNION ALL
                            SELECT t.parent_id, up.depth + 1 FROM tasks t JOIN up ON t.id = up.id
                            WHERE t.parent_id IS NOT NULL AND up.depth <= \(Rules.maximumTaskDepth)
                        )
                        SELECT 1 FROM up WHERE up.id = NEW.id OR up.depth > \(Rules.maximumTaskDepth)
                    );
                END;
                """)
    }
}
