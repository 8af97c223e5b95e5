import DoableServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A page as a browser got it.
struct WebPageResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: String

    var location: String? { headers[.location] }
    var setCookies: [String] { headers[values: .setCookie] }

    /// The value of the hidden field `name` (the first one on the page).
    func hidden(_ name: String) -> String? {
        guard let range = body.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(body[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The JSON a form sent by the page's script gets back.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

/// A browser for tests: keeps cookies, sends forms with the CSRF token of the last page it saw (a page's
/// `<meta name="csrf-token">`; the token is bound to the session, so a new session fetches a page first).
final class WebClient: @unchecked Sendable {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    private var pageToken: (token: String, session: String?)?

    init(_ client: any TestClientProtocol) { self.client = client }

    var csrf: String { pageToken?.token ?? "" }

    /// Makes sure `csrf` is the token of the current session, reading a page when it is not.
    func ensureCSRFToken() async throws {
        if let pageToken, pageToken.session == cookies["doable_session"] { return }
        try await get(cookies["doable_session"] == nil ? "/signin" : "/settings")
    }

    @discardableResult
    func get(_ path: String, headers: HTTPFields = [:]) async throws -> WebPageResponse {
        try await send(.get, path, body: nil, headers: headers)
    }

    /// Posts a form; `_csrf` is added unless `csrf` is given (pass "" to leave it out).
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)] = [], csrf: String? = nil, fetch: Bool = false)
        async throws -> WebPageResponse
    {
        if csrf == nil { try await ensureCSRFToken() }
        var all = fields
        let token = csrf ?? self.csrf
        if !token.isEmpty { all.append(("_csrf", token)) }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if fetch { headers[HTTPField.Name("X-Doable-Fetch")!] = "1" }
        return try await send(.post, path, body: body, headers: headers)
    }

    /// Posts a form written as a dictionary literal.
    @discardableResult
    func post(_ path: String, _ fields: KeyValuePairs<String, String>, csrf: String? = nil, fetch: Bool = false)
        async throws -> WebPageResponse
    {
        try await post(path, fields.map { ($0.key, $0.value) }, csrf: csrf, fetch: fetch)
    }

    /// A second session of the same member, through the API.
    func apiToken(_ login: String, password: String = "correct horse") async throws -> String {
        try await APIClient(client: client).call(.post, "/api/v1/sessions", json: ["login": login, "password": password])
            .string("token")
    }

    /// Registers and signs in through the web form.
    func register(_ username: String = "webby", password: String = "correct horse") async throws {
        let page = try await post(
            "/register",
            [
                ("email", "\(username)@example.com"), ("username", username), ("password", password),
                ("firstName", "Web"), ("lastName", "Member"),
            ])
        #expect(page.status == .seeOther, "register: \(page.body.prefix(400))")
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, body: String?, headers: HTTPFields)
        async throws -> WebPageResponse
    {
        var headers = headers
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let response = try await client.execute(
            uri: path, method: method, headers: headers,
            body: body.map { ByteBuffer(string: $0) }
        ) { response in
            WebPageResponse(
                status: response.status, headers: response.headers,
                body: String(buffer: response.body))
        }
        for cookie in response.setCookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            if value.isEmpty || cookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        if let token = Self.first(#"<meta name="csrf-token" content="([^"]+)""#, in: response.body) {
            pageToken = (token, cookies["doable_session"])
        }
        return response
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The first capture of `pattern` in `text`.
    static func first(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}

extension TestServer {
    /// Runs `body` with a browser-like client against the router.
    func runWeb(_ body: @Sendable (WebClient, APIClient) async throws -> Void) async throws {
        try await run { api in try await body(WebClient(api.client), api) }
    }
}
