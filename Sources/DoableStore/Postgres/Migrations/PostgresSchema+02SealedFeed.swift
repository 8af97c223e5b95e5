import DoableCore
import Foundation

extension PostgresSchema {
    /// Issue 9: no foreign key changes rows behind the domain's back (each such change needs a feed entry);
    /// feed entries carry their actor and list; accounts keep the feed's low-water mark.
    static let migration02SealedFeed = Migration(
        id: "2-sealed-feed",
        statements: [
            "ALTER TABLE accounts ADD COLUMN feed_floor bigint NOT NULL DEFAULT 0",
            "ALTER TABLE changes ADD COLUMN actor_id uuid",
            "ALTER TABLE changes ADD COLUMN list_id uuid",
        ]
            + [
                ("lists", "lists_owner_id_fkey", "owner_id", "accounts"),
                ("labels", "labels_owner_id_fkey", "owner_id", "accounts"),
                ("tasks", "tasks_owner_id_fkey", "owner_id", "accounts"),
                ("tasks", "tasks_list_id_fkey", "list_id", "lists"),
                ("tasks", "tasks_parent_id_fkey", "parent_id", "tasks"),
                ("tasks", "tasks_assignee_id_fkey", "assignee_id", "accounts"),
                ("task_labels", "task_labels_task_id_fkey", "task_id", "tasks"),
                ("task_labels", "task_labels_label_id_fkey", "label_id", "labels"),
            ].map { table, constraint, column, target in
                """
                ALTER TABLE \(table) DROP CONSTRAINT \(constraint),
                    ADD CONSTRAINT \(constraint) FOREIGN KEY (\(column)) REFERENCES \(target) (id)
                """
            })
}
