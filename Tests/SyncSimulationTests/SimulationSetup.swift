import DoableCore
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// Ann and Ben, and Ann's list "Shared" with Ben as an editor, made through the API.
struct SimulationSetup: Sendable {
    let tokens: [String]
    let accountIDs: [AccountID]
    let sharedListID: String

    static func make(_ client: any TestClientProtocol) async throws -> SimulationSetup {
        var tokens: [String] = []
        var ids: [AccountID] = []
        for name in ["ann", "ben"] {
            let answer = try await call(
                client, .post, "/api/v1/accounts", token: nil,
                [
                    "email": "\(name)@example.com", "password": "correct horse", "username": name,
                    "firstName": name, "lastName": "Sim",
                ])
            tokens.append(answer["token"] as? String ?? "")
            let me = try await call(client, .get, "/api/v1/me", token: tokens.last, nil)
            ids.append(AccountID(me["id"] as? String ?? "")!)
        }
        let list = try await call(client, .post, "/api/v1/lists", token: tokens[0], ["name": "Shared"])
        let setup = SimulationSetup(tokens: tokens, accountIDs: ids, sharedListID: list["id"] as? String ?? "")
        try await setup.setMembership(true, client)
        return setup
    }

    func setMembership(_ member: Bool, _ client: any TestClientProtocol) async throws {
        if member {
            _ = try await Self.call(
                client, .post, "/api/v1/lists/\(sharedListID)/members", token: tokens[0],
                ["login": "ben", "role": "editor"])
        } else {
            _ = try await Self.call(
                client, .delete, "/api/v1/lists/\(sharedListID)/members/\(accountIDs[1])",
                token: tokens[0], nil)
        }
    }

    @discardableResult
    static func call(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, token: String?,
        _ json: [String: Any]?
    ) async throws -> [String: Any] {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
            headers[.contentType] = "application/json"
        }
        return try await client.execute(uri: path, method: method, headers: headers, body: body) { response in
            let data = Data(response.body.readableBytesView)
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        }
    }
}
