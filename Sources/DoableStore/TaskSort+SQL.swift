import DoableCore

extension TaskSort {
    /// The ORDER BY of a task listing over `tasks t`, the same for both engines. `rank` and `title_key` must sort
    /// as bytes: SQLite's default collation does, PostgreSQL's columns use collation "C".
    var orderClause: String {
        switch self {
        case .manual: "t.rank, t.id"
        case .due: "t.due_at IS NULL, t.due_at, t.rank, t.id"
        case .priority: "t.priority_weight DESC, t.due_at IS NULL, t.due_at, t.rank, t.id"
        case .created: "t.created_at DESC, t.id DESC"
        case .title: "t.title_key, t.id"
        }
    }
}
