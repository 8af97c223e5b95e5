@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import DoableDomain
import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import NIOCore
import Testing

/// The rendered-page cache must never show what a fresh read would not.
@Suite("Task page cache")
struct TaskPageCacheTests {
    @Test func TASK5_listingsReflectEveryChangeAfterBeingServedFromTheCache() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await api.register()
            let list = try await api.createList(token, "Home")
            let first = try await api.createTask(token, ["title": "Milk", "listId": list])
            let query = "list=\(list)&limit=50"
            #expect(try await api.tasks(token, query).map { $0["title"] as? String } == ["Milk"])
            #expect(try await api.tasks(token, query).map { $0["title"] as? String } == ["Milk"])
            _ = try await api.createTask(token, ["title": "Bread", "listId": list])
            #expect(try await api.tasks(token, query).map { $0["title"] as? String } == ["Milk", "Bread"])
            let id = first["id"] as? String ?? ""
            try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: token)
            #expect(try await api.tasks(token, query).first?["status"] as? String == "completed")
            // A write through another domain over the same database, as another process would make it.
            let other = Domain(store: server.store, passwords: PasswordHasher(cost: 4))
            let identity = try #require(try await other.accounts.authenticate(secret: token))
            var rename = TaskInput()
            rename.title = "Oat milk"
            _ = try await other.tasks.updateTask(identity, id: try #require(TaskID(id)), rename)
            #expect(try await api.tasks(token, query).first?["title"] as? String == "Oat milk")
            try await api.call(.delete, "/api/v1/tasks/\(id)", token: token)
            #expect(try await api.tasks(token, query).map { $0["title"] as? String } == ["Bread"])
        }
    }

    @Test func TASK3_aCachedPageTurnsOverdueWhenItsDeadlinePasses() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            // The page must be read (and cached) twice before the deadline. On a loaded machine those reads can take
            // longer than a short window, so a window that closed too early is tried again with a wider one.
            for window in [4_000, 15_000, 45_000] as [Int64] {
                let due = Timestamp(milliseconds: Timestamp.now.milliseconds + window)
                let task = try await api.createTask(token, ["title": "Call the plumber", "due": due.description])
                let before = [try await api.tasks(token).first?["isOverdue"] as? Bool, try await api.tasks(token).first?["isOverdue"] as? Bool]
                guard Timestamp.now.milliseconds < due.milliseconds else {
                    try await api.call(.delete, "/api/v1/tasks/\(try #require(task["id"] as? String))", token: token)
                    continue
                }
                #expect(before == [false, false])
                try await Task.sleep(for: .milliseconds(max(0, due.milliseconds + 300 - Timestamp.now.milliseconds)))
                #expect(try await api.tasks(token).first?["isOverdue"] as? Bool == true)
                return
            }
            Issue.record("The page could not be read twice within 45 seconds.")
        }
    }

    @Test func TASK5_membersNeverSeeEachOthersCachedPages() async throws {
        try await TestServer.fresh { api in
            let alice = try await api.register("alice")
            let bob = try await api.register("bob")
            _ = try await api.createTask(alice, ["title": "Alice's secret"])
            #expect(try await api.tasks(alice, "limit=10").count == 1)
            #expect(try await api.tasks(bob, "limit=10").isEmpty)
        }
    }

    @Test func Q8_theCacheStaysWithinItsSize() throws {
        let cache = TaskPageCache(capacityBytes: 64 << 10)
        let now = Timestamp.now
        let account = Account(
            id: .make(), email: "a@example.com", username: "a", passwordHash: "", firstName: "A",
            lastName: "B", inboxID: .make(), createdAt: now, updatedAt: now)
        let page = ByteBuffer(repeating: UInt8(ascii: "x"), count: 4 << 10)
        for index in 0..<1_000 { cache.store(page, account: account, query: "offset=\(index)", validUntil: nil) }
        let kept = (0..<1_000).filter { cache.body(account: account, query: "offset=\($0)", now: now) != nil }
        #expect(kept.count == 15, "64 KiB holds fifteen 4 KiB pages with their keys and overhead")
        #expect(kept.first == 985, "the newest are kept")
        var changed = account
        changed.changeSequence += 1
        #expect(cache.body(account: changed, query: "offset=999", now: now) == nil, "a change invalidates")
        #expect(cache.body(account: account, query: "offset=998", now: now) != nil)
        let off = TaskPageCache(capacityBytes: 0)
        off.store(page, account: account, query: "", validUntil: nil)
        #expect(off.body(account: account, query: "", now: now) == nil)
    }

    /// Issue 10, finding 12: keys count too (the query string is the caller's), and reading an entry keeps it.
    @Test func Q8_issue10_12_theCacheIsBoundedByBytesIncludingKeysLeastRecentlyUsedOut() throws {
        let capacity = 1 << 20
        let cache = TaskPageCache(capacityBytes: capacity)
        let now = Timestamp.now
        let account = Account(
            id: .make(), email: "a@example.com", username: "a", passwordHash: "", firstName: "A",
            lastName: "B", inboxID: .make(), createdAt: now, updatedAt: now)
        let tiny = ByteBuffer(string: "{}")
        let longQuery = String(repeating: "q", count: 8_000)
        for index in 0..<5_000 {
            cache.store(tiny, account: account, query: "\(index)&\(longQuery)", validUntil: nil)
            #expect(cache.bytes <= capacity)
        }
        #expect(cache.entries * longQuery.utf8.count <= capacity, "\(cache.entries) entries of 8 KB keys")
        #expect(cache.entries > 0)

        // Least recently used out: an entry read often survives a stream of new ones.
        let lru = TaskPageCache(capacityBytes: 64 << 10)
        let page = ByteBuffer(repeating: UInt8(ascii: "x"), count: 4 << 10)
        lru.store(page, account: account, query: "favourite", validUntil: nil)
        for index in 0..<100 {
            lru.store(page, account: account, query: "offset=\(index)", validUntil: nil)
            #expect(lru.body(account: account, query: "favourite", now: now) != nil, "after \(index) new pages")
        }
        #expect(lru.bytes <= 64 << 10)
        #expect(lru.entries == lru.bytes / (4 << 10 + TaskPageCache.entryOverhead))
    }
}
