import DoableCore
@_spi(StoreWriting) import DoableStore
import Testing

/// NOTIF-2 and issue 27 (finding 7): the notification centre pages back through everything, newest first.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func NOTIF2_notificationsPageBackByTimeAndId(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (dee, _) = try await store.register("dee")
            // Two at the same moment: the id breaks the tie, so no page repeats or skips one.
            let notes = [0, 100, 100, 200, 300].enumerated().map { index, seconds in
                AppNotification(
                    id: .make(at: at(seconds)), accountID: dee.id, kind: .comment, title: "Note \(index)",
                    body: "", createdAt: at(seconds))
            }
            _ = try await store.commit(WriteBatch(notes.map { .putNotification($0) }, now: at(1_000)))
            var seen: [String] = []
            var before: (createdAt: Timestamp, id: NotificationID)?
            while true {
                let page = try await store.notifications(accountID: dee.id, unreadOnly: false, before: before, limit: 2)
                seen += page.map(\.title)
                guard page.count == 2, let last = page.last else { break }
                before = (last.createdAt, last.id)
            }
            let newestFirst = notes.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }.map(\.title)
            #expect(seen == newestFirst)
        }
    }
}
