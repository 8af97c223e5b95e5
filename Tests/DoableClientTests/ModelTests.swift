import DoableAPI
import DoableClient
import AsyncHTTPClient
import DoableCore
import Foundation
import Testing

/// The client's models read the REST API's JSON shapes.
@Suite struct ModelTests {
    @Test("a task as the API writes it decodes, extra fields ignored and nulls read as absent")
    func taskDecodes() throws {
        let json = """
            {"id":"0192f7a3-0000-7000-8000-000000000001","listId":"0192f7a3-0000-7000-8000-000000000002",
             "parentId":null,"title":"Buy milk","notes":"","status":"inProgress","priority":"high",
             "due":"2026-11-24","start":"2026-11-20T09:00:00.000Z","labelIds":[],"estimatedMinutes":30,
             "category":null,"assigneeId":null,"recurrence":null,"recurrenceBasis":"due","completedAt":null,
             "isOverdue":false,"progress":{"done":0,"total":0},"createdAt":"2026-11-20T08:00:00.000Z",
             "updatedAt":"2026-11-20T08:00:00.000Z","deletedAt":null,"version":3,"rank":"a0"}
            """
        let task = try JSONDecoder().decode(TaskRecord.self, from: Data(json.utf8))
        #expect(task.status == .inProgress && task.priority == .high && task.version == 3)
        #expect(task.due == TaskDate("2026-11-24") && task.start == TaskDate("2026-11-20T09:00:00Z"))
        #expect(task.estimatedMinutes == 30 && task.parentId == nil && !task.isDeleted && !task.isCompleted)
        let roundTrip = try JSONDecoder().decode(TaskRecord.self, from: try JSONEncoder().encode(task))
        #expect(roundTrip == task)
    }

    @Test("an account keeps its whole preferences object and reads the time zone")
    func accountDecodes() throws {
        let json = """
            {"id":"0192f7a3-0000-7000-8000-000000000001","email":"ada@example.com","username":"ada",
             "firstName":"Ada","lastName":"Lovelace","isAdmin":false,"inboxId":"0192f7a3-0000-7000-8000-000000000002",
             "preferences":{"timeZone":"Europe/Berlin","theme":"dark","quietHours":null},
             "createdAt":"2026-11-20T08:00:00.000Z","updatedAt":"2026-11-20T08:00:00.000Z"}
            """
        let account = try JSONDecoder().decode(AccountRecord.self, from: Data(json.utf8))
        #expect(account.preferences.timeZone == "Europe/Berlin")
        #expect(account.preferences.values["theme"] == .string("dark"))
        let again = try JSONDecoder().decode(AccountRecord.self, from: try JSONEncoder().encode(account))
        #expect(again == account)
    }

    @Test("a pull page with missing arrays reads them as empty; push results keep unknown statuses")
    func wireDecodes() throws {
        let pull = try JSONDecoder().decode(
            PullResponse.self,
            from: Data(
                """
                {"cursor":"7","more":false,"reset":false,"lastMutationId":4,"serverTime":"2026-11-23T19:00:00.123Z"}
                """.utf8))
        #expect(pull.tasks.isEmpty && pull.deleted.isEmpty && pull.account == nil && pull.entityCount == 0)
        let push = try JSONDecoder().decode(
            PushResponse.self,
            from: Data(
                """
                {"lastMutationId":43,"serverTime":"2026-11-23T19:00:00.000Z","results":[
                 {"id":42,"status":"applied","superseded":["priority"]},
                 {"id":43,"status":"rejected","error":{"code":"in_trash","field":null,"message":"In the trash."}},
                 {"id":44,"status":"deferred"}]}
                """.utf8))
        #expect(push.results.map(\.status) == [.applied, .rejected, MutationResult.Status(rawValue: "deferred")])
        #expect(push.results[1].error?.code == "in_trash")
        let request = PushRequest(
            clientId: UUID(uuidString: "0192F7A2-0000-7000-8000-000000000009")!,
            mutations: [
                Mutation(
                    id: 1, name: "task.update", hlc: "000001763900000000-00000-x",
                    args: ["id": .string("t"), "fields": .object(["estimatedMinutes": .int(30), "due": .null])])
            ])
        let text = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        #expect(text.contains(#""clientId":"0192f7a2-0000-7000-8000-000000000009""#))
        #expect(text.contains(#""estimatedMinutes":30"#) && text.contains(#""due":null"#))
    }

    @Test("SYNC-3: an unreachable server is .offline, in a sentence a user can act on")
    func unreachable() async throws {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .milliseconds(300))
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let server = HTTPSyncServer(server: URL(string: "http://127.0.0.1:1")!, token: "t", httpClient: client)
        do {
            _ = try await server.pull(PullRequest(clientId: UUID(), cursor: nil))
            Issue.record("expected a failure")
        } catch let error as ClientError {
            if case .offline = error {
                #expect(error.description.hasPrefix("Could not reach the server"))
            } else {
                Issue.record("expected .offline, got \(error)")
            }
        }
        try await client.shutdown()
        #expect(
            ClientError.unauthorized("The session has expired.").description
                == "The session has expired. Sign in again.")
    }

    @Test("SYNC-3: with the default client, a server that refuses the connection is .offline, saying so")
    func refused() async throws {
        let server = HTTPSyncServer(server: URL(string: "http://127.0.0.1:1")!, token: "t")
        do {
            _ = try await server.pull(PullRequest(clientId: UUID(), cursor: nil))
            Issue.record("expected a failure")
        } catch let error as ClientError {
            #expect(error == .offline("the server refused the connection"))
        }
    }

    @Test("SYNC-4: ids sort by their sort keys exactly as by their text, so every device orders ties alike")
    func idSortKeys() {
        var ids = (0..<500).map { _ in TaskID(UUID()) }
        ids += (0..<500).map { _ in TaskID.make(at: Timestamp(milliseconds: 1_780_000_000_000)) }
        for (first, second) in zip(ids, ids.shuffled()) {
            #expect((IDSortKey(first) < IDSortKey(second)) == (first.description < second.description))
            #expect((IDSortKey(first) == IDSortKey(second)) == (first == second))
        }
    }
}
