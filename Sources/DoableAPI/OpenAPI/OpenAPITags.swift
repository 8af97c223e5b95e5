/// The document's tags, in the order a reader meets them.
extension OpenAPI {
    static let tags: [(name: String, description: String)] = [
        ("Accounts", "ACC: registration, sessions, profile, export and deletion."),
        ("Tokens", "ACC-5: personal access tokens and app passwords."),
        ("Lists", "LIST: lists, their order, and the list side of the trash."),
        ("Tasks", "TASK: tasks, subtasks, actions, search and filters."),
        ("Labels", "TASK-6: labels."),
        ("Trash", "TASK-8: what was deleted, restorable for 30 days."),
        ("Sharing", "COLLAB-1: a list's members and their roles."),
        ("Comments", "TASK-12: comments on tasks and each task's history."),
        ("Notifications", "NOTIF-2 and NOTIF-4: the in-app notification centre."),
        ("Reminders", "NOTIF-1 and NOTIF-3: each member's own reminders on tasks, snooze and silence."),
        ("Webhooks", "INTEROP-4 and NOTIF-5: outgoing webhooks and the log of email and webhook deliveries."),
        ("Push", "REACH-3: the devices that receive notifications by Web Push, and the server's VAPID key."),
        ("Events", "SYNC-5 and VIEW-6: live changes from the change feed."),
        ("Feeds", "INTEROP-2: private ICS feeds that calendar apps subscribe to."),
        (
            "Import and export",
            "INTEROP-5: import from Todoist, Taskwarrior and iCalendar files (the export is GET /api/v1/me/export)."
        ),
        ("Sync", "SYNC-1 to SYNC-4: offline devices push mutations and pull changes (docs/sync.md)."),
        (
            "Marketplace",
            "MKT: postings, bids, questions and reviews; every member sees every posting, only its poster changes it."
        ),
        ("Photos", "TASK-11: photos of tasks, and the bytes of any photo (a posting's too)."),
        (
            "Game",
            "GAME-1 to GAME-5 and GAME-7: the companion game (opt-in), its store, streaks, badges and ledger, and the subscription plans."
        ),
        ("Statistics", "GAME-6: statistics and their charts, for every member."),
        (
            "Admin",
            """
            Admin tools (MKT-11: marketplace categories; GAME-1, GAME-3, GAME-7: the game's constants, the store's \
            items, the plans); 404 for anyone but an admin.
            """
        ),
        ("Operations", "OPS-3 and INTEROP-3: health, readiness and this document."),
    ]
}
