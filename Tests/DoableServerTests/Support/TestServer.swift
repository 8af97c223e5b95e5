import DoableCore
import DoableDomain
import DoableServer
@_spi(StoreWriting) import DoableStore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import DoableHTTP

/// A fresh Doable (SQLite in a temporary folder) for one test, with a small JSON client.
struct TestServer {
    let store: SQLiteStore
    let domain: Domain
    let directory: URL
    let limiter: SignInLimiter

    init(clock: @escaping @Sendable () -> Timestamp = { .now }, limits: SignInLimiter.Limits = .init()) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("doable-test-\(UUID().uuidString)")
        store = try SQLiteStore(directory: directory)
        domain = Domain(store: store, passwords: PasswordHasher(cost: 4), clock: clock)
        limiter = SignInLimiter(limits: limits)
    }

    /// Runs `body` against the router, then closes the store and removes its folder.
    func run(_ body: @Sendable (APIClient) async throws -> Void) async throws {
        let app = Application(router: buildRouter(domain: domain, limiter: limiter))
        do {
            try await app.test(.router) { client in try await body(APIClient(client: client)) }
        } catch {
            try? await store.close()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        try await store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    static func fresh(_ body: @Sendable (APIClient) async throws -> Void) async throws {
        try await TestServer().run(body)
    }
}

/// A response with its body parsed as JSON.
struct APIResponse: @unchecked Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let json: Any?

    var object: [String: Any] { json as? [String: Any] ?? [:] }
    subscript(key: String) -> Any? { object[key] }
    var errorField: String? { (object["error"] as? [String: Any])?["field"] as? String }
    var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }
    func string(_ key: String) -> String { object[key] as? String ?? "" }
    func array(_ key: String) -> [[String: Any]] { object[key] as? [[String: Any]] ?? [] }
}

struct APIClient: Sendable {
    let client: any TestClientProtocol

    @discardableResult
    func call(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: Any? = nil,
        rawBody: String? = nil, contentType: String? = "application/json", headers extra: HTTPFields = [:]
    ) async throws -> APIResponse {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
        } else if let rawBody {
            body = ByteBuffer(string: rawBody)
        }
        if body != nil, let contentType { headers[.contentType] = contentType }
        return try await client.execute(uri: path, method: method, headers: headers, body: body) { response in
            let data = Data(response.body.readableBytesView)
            let json = data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return APIResponse(status: response.status, headers: response.headers, json: json)
        }
    }

    /// Registers a member and returns their session token.
    func register(_ username: String = "alice", password: String = "correct horse") async throws -> String {
        let response = try await call(
            .post, "/api/v1/accounts",
            json: [
                "email": "\(username)@example.com", "password": password, "username": username,
                "firstName": "Test", "lastName": "Member",
            ])
        #expect(response.status == .created, "register \(username): \(String(describing: response.json))")
        return response.string("token")
    }

    func createTask(_ token: String, _ fields: [String: Any]) async throws -> [String: Any] {
        let response = try await call(.post, "/api/v1/tasks", token: token, json: fields)
        #expect(response.status == .created, "create task: \(String(describing: response.json))")
        return response.object
    }

    func createList(_ token: String, _ name: String) async throws -> String {
        let response = try await call(.post, "/api/v1/lists", token: token, json: ["name": name])
        #expect(response.status == .created, "create list: \(String(describing: response.json))")
        return response.string("id")
    }

    func tasks(_ token: String, _ query: String = "") async throws -> [[String: Any]] {
        try await call(.get, "/api/v1/tasks\(query.isEmpty ? "" : "?" + query)", token: token).array("tasks")
    }
}

/// A date a few days from now, as the API writes whole days.
func futureDay(_ days: Int = 3) -> String { Timestamp.now.civilDate.adding(days: days).description }
