/// SYNC-1 to SYNC-4: offline devices push mutations and pull changes.
extension OpenAPI {
    static let syncPaths: [String: [String: Operation]] = [
        "/api/v1/sync/push": [
            "post": Operation(
                tag: "Sync", id: "syncPush",
                summary: """
                    SYNC-1 and SYNC-2: apply a device's mutations in order, each at most once; rejected ones are \
                    reported with their reason and never block the queue.
                    """,
                body: "SyncPushRequest", ok: ok(ref("SyncPushResponse")), conflicts: ["client_taken"],
                badRequest: """
                    A missing or malformed `clientId`, more than 100 mutations, two with one id, or a mutation without \
                    `id`, `name` or a valid `hlc`; `field` names it (`mutations[3].hlc`).
                    """)
        ],
        "/api/v1/sync/pull": [
            "post": Operation(
                tag: "Sync", id: "syncPull",
                summary: """
                    SYNC-1 and SYNC-4: what changed for the caller since its cursor, each entity once; a first sync or \
                    a stale cursor gets the whole state in pages.
                    """,
                body: "SyncPullRequest", ok: ok(ref("SyncPullResponse")), isReadOnly: true,
                badRequest: "A `cursor` no pull answered, a `limit` out of 1…5,000, or a malformed `clientId`; `field` names it.")
        ],
    ]
}
