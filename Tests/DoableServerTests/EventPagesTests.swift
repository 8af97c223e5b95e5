import DoableCore
import DoableDomain
import Foundation
import NIOCore
import Testing
@testable import DoableJSONAPI

/// Q-8: the event streams of one account share their reads of its feed (`EventPages`), on both engines; what each
/// stream writes must stay what it wrote reading alone: its own account's entries, in order, from its cursor.
@Suite("Event stream pages", .serialized)
struct EventPagesTests {
    @Test(arguments: APIEngine.available)
    func VIEW6_SYNC5_streamsOfOneAccountGetEveryChangeInOrderWithItsSequenceAsId(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, server in
            let ann = try await api.register("ann")
            let bob = try await api.register("bob")
            let annIdentity = try #require(try await server.domain.accounts.authenticate(secret: ann))
            let bobIdentity = try #require(try await server.domain.accounts.authenticate(secret: bob))
            let pages = EventPages(domain: server.domain, pageSize: 2, readLimit: .seconds(10))
            let start = try await server.domain.latestSequence(annIdentity)
            let bobStart = try await server.domain.latestSequence(bobIdentity)
            for title in ["one", "two", "three"] { _ = try await api.createTask(ann, ["title": title]) }

            // Ten streams of ann at one cursor, woken together: the same first page (two entries, the page size).
            let read = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<10 { group.addTask { try Self.text(await pages.page(annIdentity, after: start)) } }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(Set(read).count == 1)
            #expect(Self.ids(read[0]) == [start + 1, start + 2])
            #expect(pages.readsUnderWay == 0)
            // The next page from where the first ended, then nothing more: sequences without a gap.
            let next = try Self.text(await pages.page(annIdentity, after: start + 2))
            #expect(Self.ids(next) == [start + 3])
            #expect(next.contains(#""entity":"task""#) && next.contains(#""kind":"put""#))
            #expect(Self.ids(try Self.text(await pages.page(annIdentity, after: start + 3))).isEmpty)
            // A change after a read: the same cursor reads again and gets it.
            _ = try await api.createTask(ann, ["title": "four"])
            #expect(Self.ids(try Self.text(await pages.page(annIdentity, after: start + 3))) == [start + 4])
            // Bob's stream at ann's cursor never gets ann's entries: his feed is his own.
            #expect(Self.ids(try Self.text(await pages.page(bobIdentity, after: bobStart))).isEmpty)
            // A cursor ahead of the feed is told to reset to its end.
            guard case .reset(let latest) = try await pages.page(annIdentity, after: start + 100) else {
                Issue.record("a cursor ahead of the feed was not reset")
                return
            }
            #expect(latest == start + 4)
        }
    }

    @Test(arguments: APIEngine.available)
    func ADMIN1_thePageOfTheChangeThatDisablesAnAccountNamesTheAccount(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, server in
            let root = try await api.register("root")
            _ = try await server.domain.accounts.setAdmin(nil, account: "root", isAdmin: true)
            let admin = try #require(try await server.domain.accounts.authenticate(secret: root))
            let bob = try await api.register("bob")
            let bobIdentity = try #require(try await server.domain.accounts.authenticate(secret: bob))
            let pages = EventPages(domain: server.domain, pageSize: 500, readLimit: .seconds(10))
            let start = try await server.domain.latestSequence(bobIdentity)
            _ = try await api.createTask(bob, ["title": "before"])
            guard case .changes(_, let count, _, let namesAccount) = try await pages.page(bobIdentity, after: start)
            else { throw PageError.reset }
            #expect(count == 1 && !namesAccount)
            _ = try await server.domain.accounts.disable(admin, account: "bob", reason: "Spam")
            guard case .changes(_, _, _, let disabling) = try await pages.page(bobIdentity, after: start + 1)
            else { throw PageError.reset }
            #expect(disabling)
            // What the stream then asks before writing the page: the credential no longer holds, so it ends there.
            #expect(try await EventsController.isStillSignedIn(server.domain, bobIdentity) == false)
        }
    }

    enum PageError: Error { case reset }

    static func text(_ page: EventPages.Page) throws -> String {
        guard case .changes(let buffer, _, _, _) = page else { throw PageError.reset }
        return String(buffer: buffer)
    }

    /// The `id:` of every event in `text`.
    static func ids(_ text: String) -> [Int64] {
        text.split(separator: "\n").compactMap { $0.hasPrefix("id: ") ? Int64($0.dropFirst(4)) : nil }
    }
}
