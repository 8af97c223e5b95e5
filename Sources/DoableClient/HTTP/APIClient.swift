public import DoableAPI
public import AsyncHTTPClient
public import Foundation
import NIOHTTP1

/// ACC-2: the account calls a client needs besides sync: signing in and out, and reading the account.
public struct APIClient: Sendable {
    let transport: HTTPTransport

    /// A client of the server at `server`; `token` is the session of a signed-in member, if any.
    public init(server: URL, token: String? = nil, httpClient: HTTPClient = .doable) {
        transport = HTTPTransport(server: server, token: token, httpClient: httpClient)
    }

    /// Signs in with a username or email and a password (`POST /api/v1/sessions`); returns the new session's
    /// token and the account. A wrong login or password is ``ClientError/unauthorized(_:)``.
    public func signIn(login: String, password: String) async throws -> (token: String, account: AccountRecord) {
        let answer = try await transport.send(
            .POST, "/api/v1/sessions", body: SignIn(login: login, password: password),
            as: SessionAnswer.self)
        guard let account = answer.account ?? answer.user else {
            throw ClientError.invalidResponse("the sign-in answer has no account")
        }
        return (answer.token, account)
    }

    /// Ends this session on the server (`DELETE /api/v1/sessions/current`).
    public func signOut() async throws {
        try requireToken()
        try await transport.send(.DELETE, "/api/v1/sessions/current", body: Optional<SignIn>.none)
    }

    /// The signed-in account (`GET /api/v1/me`).
    public func me() async throws -> AccountRecord {
        try requireToken()
        return try await transport.send(.GET, "/api/v1/me", body: Optional<SignIn>.none, as: AccountRecord.self)
    }

    private func requireToken() throws {
        guard transport.token != nil else { throw ClientError.unauthorized("You are not signed in.") }
    }

    struct SignIn: Encodable {
        let login: String
        let password: String
    }

    struct SessionAnswer: Decodable {
        let token: String
        let account: AccountRecord?
        let user: AccountRecord?
    }
}
