import DoableAPI
import DoableContractMapping
import DoableCore
import Foundation
import Testing

/// Issue 28: the contract types read what the server writes and write it back the same, so the client can use them
/// instead of its own copies.
@Suite struct ContractRoundTripTests {
    /// Decodes `json` as `T`, encodes it again, and compares the two documents.
    static func roundTrip<T: Codable>(_ type: T.Type, _ json: Any?) throws -> Bool {
        let data = try JSONSerialization.data(withJSONObject: try #require(json), options: .sortedKeys)
        let again = try JSONEncoder().encode(try JSONDecoder().decode(T.self, from: data))
        let written = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: again), options: .sortedKeys)
        if written != data {
            Issue.record("\(T.self): server \(String(decoding: data, as: UTF8.self)), written back \(String(decoding: written, as: UTF8.self))")
        }
        return written == data
    }

    @Test func INTEROP3_listsTasksAndTheAccountReadAndWriteBackUnchanged() async throws {
        try await TestServer().run { api in
            let token = try await api.register("ann")
            let list = try await api.call(.post, "/api/v1/lists", token: token, json: ["name": "Errands", "color": "teal"])
            let listID = try #require(list["id"] as? String)
            let task = try await api.call(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Buy stamps", "listId": listID, "due": "2030-01-02", "priority": "high"])
            let taskID = try #require(task["id"] as? String)
            #expect(try Self.roundTrip(ListDTO.self, try await api.call(.get, "/api/v1/lists/\(listID)", token: token).json))
            #expect(try Self.roundTrip(TaskDTO.self, try await api.call(.get, "/api/v1/tasks/\(taskID)", token: token).json))
            #expect(try Self.roundTrip(AccountDTO.self, try await api.call(.get, "/api/v1/me", token: token).json))
            let page = try await api.call(.get, "/api/v1/tasks?listId=\(listID)", token: token)
            #expect(try Self.roundTrip(TaskPageDTO.self, page.json))
        }
    }
}
