import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 32, item 8: the last rank among one parent's subtasks (or a list's top-level tasks), which every new task
    /// reads (`neighbourRanks`), by one index descent, whatever the planner's statistics say of a table being filled.
    static let migration17SiblingRank = Migration(
        id: "17-sibling-rank",
        statements: [
            "CREATE INDEX tasks_sibling_rank ON tasks (list_id, parent_id, rank) WHERE deleted_at IS NULL"
        ])
}
