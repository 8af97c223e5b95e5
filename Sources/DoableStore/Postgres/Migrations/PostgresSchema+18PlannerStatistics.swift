import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 32, item 3: what the planner must know of `tasks` to read a page of a list by its rank index.
    ///
    /// A list's tasks all have the list's owner, but the planner multiplies the selectivity of `list_id = …` and
    /// `owner_id = …` as if they were independent and expects a list of 1,700 tasks to have 170. It then found it
    /// cheaper to fetch all 1,700 through two bitmap indexes and sort them than to walk `tasks_list_rank` and stop after
    /// 51: 1.9 ms a page instead of 0.1 ms. Functional-dependency statistics tell it that the list decides the owner.
    ///
    /// Completing and reopening leave a dead row version per write, which index scans step over until vacuum; by
    /// default autovacuum waits for a fifth of the table (200,000 dead rows at 1M tasks). Tasks and the feed are
    /// vacuumed, and their statistics renewed, after 2% instead.
    ///
    /// Search reads the GIN index of titles and notes. With `fastupdate` (the default) new entries wait in a pending
    /// list that every search reads from end to end until vacuum folds it in: searches slowed as writes went on, and
    /// the one search that found the list full folded it in on its own time (p99 380 ms against a p95 of 37 ms at
    /// 1M tasks). Off, each write puts its entries in their place.
    static let migration18PlannerStatistics = Migration(
        id: "18-planner-statistics",
        statements: [
            "CREATE STATISTICS tasks_owner_list (dependencies) ON owner_id, list_id FROM tasks",
            """
            ALTER TABLE tasks SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02,
                autovacuum_vacuum_insert_scale_factor = 0.05)
            """,
            "ALTER TABLE changes SET (autovacuum_vacuum_insert_scale_factor = 0.05)",
            "ALTER INDEX tasks_search SET (fastupdate = off)",
            "SELECT gin_clean_pending_list('tasks_search'::regclass)",
            "ANALYZE tasks",
        ])
}
