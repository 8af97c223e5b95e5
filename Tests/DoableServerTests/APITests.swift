import DoableAPI
import DoableContractMapping
import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import HTTPTypes
import Testing

@Suite("API behaviour")
struct APITests {
    @Test func INTEROP3_openAPIDocumentIsServed() async throws {
        try await TestServer.fresh { api in
            let response = try await api.call(.get, "/api/v1/openapi.json")
            #expect(response.status == .ok)
            #expect((response.string("openapi")).hasPrefix("3.1"))
            #expect((response["paths"] as? [String: Any])?["/api/v1/tasks"] != nil)
            // Issue 28: what is served is the contract target's document, nothing kept beside it.
            let served = try JSONSerialization.data(withJSONObject: try #require(response.json))
            #expect(try JSONDecoder().decode(JSONValue.self, from: served) == OpenAPIDocument.document)
        }
    }

    @Test func INTEROP3_errorsHaveOneShapeAndTheRightStatus() async throws {
        try await TestServer.fresh { api in
            let noToken = try await api.call(.get, "/api/v1/tasks")
            #expect(noToken.status == .unauthorized)
            #expect(noToken.errorCode == "unauthenticated")
            #expect(try await api.call(.get, "/api/v1/tasks", token: "dses_forged").status == .unauthorized)
            let token = try await api.register()
            let big = "{\"title\": \"" + String(repeating: "a", count: 1_100_000) + "\"}"
            let tooLarge = try await api.call(.post, "/api/v1/tasks", token: token, rawBody: big)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.errorCode == "payload_too_large")
            let unknown = try await api.call(.get, "/api/v1/nothing-here", token: token)
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "not_found")
            let badID = try await api.call(.get, "/api/v1/tasks/12", token: token)
            #expect(badID.status == .notFound)
        }
    }

    @Test func COLLAB3_anotherMembersDataIsNotFound() async throws {
        try await TestServer.fresh { api in
            let owner = try await api.register("owner")
            let stranger = try await api.register("stranger")
            let list = try await api.createList(owner, "Private")
            let task = try await api.createTask(owner, ["title": "Secret", "listId": list])
            let id = task["id"] as? String ?? ""
            let label = try await api.call(.post, "/api/v1/labels", token: owner, json: ["name": "mine"]).string("id")
            let attempts: [(HTTPRequest.Method, String, [String: Any]?)] = [
                (.get, "/api/v1/tasks/\(id)", nil), (.patch, "/api/v1/tasks/\(id)", ["title": "pwned"]),
                (.delete, "/api/v1/tasks/\(id)", nil), (.post, "/api/v1/tasks/\(id)/complete", [:]),
                (.post, "/api/v1/tasks/\(id)/duplicate", nil), (.get, "/api/v1/lists/\(list)", nil),
                (.patch, "/api/v1/lists/\(list)", ["name": "mine now"]), (.delete, "/api/v1/lists/\(list)", nil),
                (.post, "/api/v1/tasks", ["title": "intrude", "listId": list]),
                (.post, "/api/v1/tasks", ["title": "intrude", "parentId": id]),
                (.patch, "/api/v1/labels/\(label)", ["name": "x"]), (.delete, "/api/v1/labels/\(label)", nil),
            ]
            for (method, path, body) in attempts {
                let response = try await api.call(method, path, token: stranger, json: body)
                #expect(response.status == .notFound, "\(method) \(path)")
            }
            #expect(try await api.tasks(stranger, "q=secret").isEmpty)
            let unchanged = try await api.call(.get, "/api/v1/tasks/\(id)", token: owner)
            #expect(unchanged.string("title") == "Secret")
            #expect(unchanged["deletedAt"] is NSNull)
        }
    }

    @Test func SYNC1_everyWriteAppendsToTheChangeFeedInOrder() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await api.register()
            let accountID = AccountID(try await api.call(.get, "/api/v1/me", token: token).string("id"))!
            let before = try await server.store.latestSequence(accountID: accountID)
            let task = try await api.createTask(token, ["title": "Feed me"])
            let id = task["id"] as? String ?? ""
            _ = try await api.call(.patch, "/api/v1/tasks/\(id)", token: token, json: ["title": "Fed"])
            _ = try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: token)
            _ = try await api.call(.delete, "/api/v1/tasks/\(id)", token: token)
            let changes = try await server.store.changes(accountID: accountID, after: before, limit: 100)
            #expect(changes.map(\.sequence) == Array((before + 1)...(before + 4)))
            #expect(changes.allSatisfy { $0.entity == .task && $0.entityID == id })
            let refused = try await api.call(.patch, "/api/v1/tasks/\(id)", token: token, json: ["title": ""])
            #expect(refused.status != .ok)
            #expect(try await server.store.latestSequence(accountID: accountID) == before + 4)
        }
    }

    @Test func OPS3_healthAndReadiness() async throws {
        try await TestServer.fresh { api in
            let health = try await api.call(.get, "/healthz")
            let ready = try await api.call(.get, "/readyz")
            #expect(health.status == .ok)
            #expect(ready.string("status") == "ready")
        }
    }
}

@Suite("Feed notifier")
struct FeedNotifierTests {
    @Test func SYNC5_committedChangesAreSignalledAfterTheCommitAndRefusedOnesAreNot() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await api.register()
            let me = try await api.call(.get, "/api/v1/me", token: token)
            let accountID = try #require(AccountID(me.string("id")))
            let wakes = server.domain.notifier.listen(to: accountID, heartbeat: .seconds(3600))
            var iterator = wakes.makeAsyncIterator()
            let before = server.domain.notifier.latestSignalled(accountID)
            let task = try await api.createTask(token, ["title": "Publish me"])
            #expect(await iterator.next() == .changed)
            let afterCreate = server.domain.notifier.latestSignalled(accountID)
            _ = try await api.call(
                .patch, "/api/v1/tasks/\(task["id"] as? String ?? "")", token: token,
                json: ["title": ""])
            #expect(server.domain.notifier.latestSignalled(accountID) == afterCreate)
            _ = try await api.call(.post, "/api/v1/tasks/\(task["id"] as? String ?? "")/complete", token: token)
            #expect(await iterator.next() == .changed)
            // Registration signalled the account and its Inbox (2); the task's creation and completion one each.
            #expect(before == 2)
            #expect(afterCreate == 3)
            #expect(server.domain.notifier.latestSignalled(accountID) == 4)
            let stored = try await server.store.latestSequence(accountID: accountID)
            #expect(stored == 4)
        }
    }
}
