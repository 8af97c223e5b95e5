@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import DoableCore
import DoableDomain
@_spi(StoreWriting) import DoableStore
import Foundation
import HTTPTypes
import Testing

/// Issue 9: one sealed write path, a feed entry with actor and list for every kind of write, preconditions.
@Suite("Write path")
struct WritePathTests {
    @Test func SYNC1_everyKindOfWriteIsInTheFeedWithItsActorAndList() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await api.register()
            let me = try await api.call(.get, "/api/v1/me", token: token)
            let accountID = try #require(AccountID(me.string("id")))
            let before = try await server.store.latestSequence(accountID: accountID)
            let listID = try await api.createList(token, "Errands")
            let label = try await api.call(.post, "/api/v1/labels", token: token, json: ["name": "errand"])
            let labelID = label.string("id")
            let task = try await api.createTask(token, ["title": "Stamps", "listId": listID, "labelIds": [labelID]])
            let taskID = task["id"] as? String ?? ""
            let child = try await api.createTask(token, ["title": "Envelopes", "parentId": taskID])
            _ = try await api.call(.post, "/api/v1/tasks/\(taskID)/complete", token: token)
            _ = try await api.call(.post, "/api/v1/tasks/\(taskID)/duplicate", token: token)
            _ = try await api.call(.patch, "/api/v1/labels/\(labelID)", token: token, json: ["color": "red"])
            _ = try await api.call(.delete, "/api/v1/labels/\(labelID)", token: token)
            _ = try await api.call(.delete, "/api/v1/lists/\(listID)", token: token)
            _ = try await api.call(.post, "/api/v1/lists/\(listID)/restore", token: token)
            _ = try await api.call(.patch, "/api/v1/me", token: token, json: ["firstName": "Ada"])

            let changes = try await server.store.changes(accountID: accountID, after: before, limit: 1000)
            #expect(!changes.isEmpty)
            #expect(changes.allSatisfy { $0.actorID == accountID }, "every entry names its actor")
            for change in changes {
                switch change.entity {
                case .task: #expect(change.listID?.description == listID, "task \(change.entityID) has its list")
                case .list: #expect(change.listID?.description == change.entityID)
                case .label, .account, .notification, .reminder, .webhook: #expect(change.listID == nil)
                case .member, .comment: #expect(change.listID != nil)
                case .posting, .bid, .question, .review, .attachment, .game:
                    Issue.record("no marketplace, photo or game change was made here: \(change.entity)")
                }
            }
            let kinds = Set(changes.map { "\($0.entity.rawValue).\($0.kind.rawValue)" })
            #expect(kinds == ["list.put", "label.put", "label.delete", "task.put", "account.put"])
            #expect(changes.contains { $0.entityID == (child["id"] as? String) })
            #expect(changes.map(\.sequence) == Array((before + 1)...(before + Int64(changes.count))))
        }
    }

    @Test func SYNC2_aWriteWithAStaleIfMatchIsRefusedAndChangesNothing() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await api.register()
            let created = try await api.call(.post, "/api/v1/tasks", token: token, json: ["title": "Draft"])
            let id = created.string("id")
            #expect(created.headers[.eTag] == "\"1\"")
            #expect(created.object["version"] as? Int == 1)

            let current: HTTPFields = [.ifMatch: "\"1\""]
            let edited = try await api.call(
                .patch, "/api/v1/tasks/\(id)", token: token, json: ["title": "Final"],
                headers: current)
            #expect(edited.status == .ok)
            #expect(edited.headers[.eTag] == "\"2\"")

            // Someone saw version 1 and edits it now: refused at once, without retrying or overwriting.
            let stale = try await api.call(
                .patch, "/api/v1/tasks/\(id)", token: token, json: ["title": "Old"],
                headers: current)
            #expect(stale.status == .conflict)
            #expect(stale.errorCode == "version_mismatch")
            for (method, path) in [
                (HTTPRequest.Method.delete, "/api/v1/tasks/\(id)"),
                (.post, "/api/v1/tasks/\(id)/complete"), (.post, "/api/v1/tasks/\(id)/reopen"),
            ] {
                let refused = try await api.call(method, path, token: token, headers: current)
                #expect(refused.status == .conflict, "\(method) \(path)")
                #expect(refused.errorCode == "version_mismatch")
            }
            let unchanged = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(unchanged.string("title") == "Final")
            #expect(unchanged.string("status") == "pending")
            #expect(unchanged.object["deletedAt"] is NSNull)

            let malformed = try await api.call(
                .patch, "/api/v1/tasks/\(id)", token: token, json: ["title": "X"],
                headers: [.ifMatch: "\"two\""])
            #expect(malformed.status == .badRequest)
            #expect(malformed.errorField == "If-Match")
            let any = try await api.call(
                .patch, "/api/v1/tasks/\(id)", token: token, json: ["title": "Any"],
                headers: [.ifMatch: "*"])
            #expect(any.status == .ok)

            let listID = try await api.createList(token, "Home")
            let staleList = try await api.call(
                .patch, "/api/v1/lists/\(listID)", token: token,
                json: ["name": "House"], headers: [.ifMatch: "\"7\""])
            #expect(staleList.errorCode == "version_mismatch")
            let label = try await api.call(.post, "/api/v1/labels", token: token, json: ["name": "home"])
            let staleLabel = try await api.call(
                .delete, "/api/v1/labels/\(label.string("id"))", token: token,
                headers: [.ifMatch: "\"3\""])
            #expect(staleLabel.errorCode == "version_mismatch")
            let labels = try await api.call(.get, "/api/v1/labels", token: token).array("labels")
            #expect(labels.count == 1)
        }
    }

    @Test func TASK8_aListRestoredBeforeThePurgeRunsIsKept() async throws {
        // The purge reads afresh inside its operation: a list restored since it expired is not purged. (The race
        // itself, a restore between the read and the commit, is proven on both engines in StoreConformanceTests.)
        let server = try TestServer()
        try await server.run { api in
            let token = try await api.register()
            let listID = try await api.createList(token, "Old")
            _ = try await api.createTask(token, ["title": "Keep", "listId": listID])
            _ = try await api.call(.delete, "/api/v1/lists/\(listID)", token: token)
            let later = Domain(
                store: server.store, passwords: PasswordHasher(cost: 4),
                clock: { Timestamp.now.adding(seconds: 31 * 86_400) })
            let identity = try #require(try await server.domain.accounts.authenticate(secret: token))
            _ = try await server.domain.tasks.restoreList(identity, id: try #require(ListID(listID)))
            let purged = try await later.tasks.purgeExpiredTrash()
            #expect(purged == 0)
            let list = try await api.call(.get, "/api/v1/lists/\(listID)", token: token)
            #expect(list.status == .ok)
            #expect(try await api.tasks(token, "list=\(listID)").count == 1)
        }
    }

    /// The seal: only the domain (and tests) may see the store's write side, and the domain has no HTTP in it.
    @Test func SYNC1_onlyTheDomainModuleImportsTheStoresWriteSide() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let module = file.path.replacingOccurrences(of: sources.path + "/", with: "").split(separator: "/")[0]
            if text.contains("@_spi(StoreWriting) import") {
                #expect(module == "DoableDomain", "\(file.lastPathComponent) in \(module) imports the write side")
            }
            if module == "DoableDomain" {
                #expect(!text.contains("import Hummingbird\n"), "\(file.lastPathComponent) imports Hummingbird")
            }
        }
    }
}
