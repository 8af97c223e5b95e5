@testable import DoableServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// OPS-5: what the HTTPS listener adds to every answer (HSTS, `Secure` cookies) and what `--redirect-http` answers.
/// The TLS handshakes themselves are checked live (tests/live/tls.py).
@Suite struct HTTPSTests {
    @Test func OPS5_overTLSEveryAnswerCarriesHSTSAndTheCookiesAreSecure() async throws {
        for servesTLS in [true, false] {
            let server = try TestServer()
            let app = Application(router: buildRouter(domain: server.domain, limiter: server.limiter, servesTLS: servesTLS))
            try await app.test(.router) { client in
                let page = try await WebClient(client).get("/signin")
                let missing = try await WebClient(client).get("/no-such-page")
                for response in [page, missing] {
                    #expect(response.headers[.strictTransportSecurity] == (servesTLS ? "max-age=31536000" : nil))
                }
                let csrf = page.setCookies.first { $0.contains("doable_csrf=") } ?? ""
                #expect(csrf.hasPrefix(servesTLS ? "__Host-doable_csrf=" : "doable_csrf="), "\(csrf)")
                #expect(csrf.hasSuffix("; Secure") == servesTLS, "\(csrf)")
            }
            try await server.store.close()
            try? FileManager.default.removeItem(at: server.directory)
        }
    }

    @Test func OPS5_theRedirectGoesToTheSamePathOverHTTPSOnTheHostTheRequestNamed() async throws {
        #expect(HTTPSRedirect.location(authority: "tasks.example.org:80", target: "/a/b?c=d", httpsPort: 443) == "https://tasks.example.org/a/b?c=d")
        #expect(HTTPSRedirect.location(authority: "tasks.example.org", target: "/", httpsPort: 8443) == "https://tasks.example.org:8443/")
        #expect(HTTPSRedirect.location(authority: "[::1]:8080", target: "/x", httpsPort: 8443) == "https://[::1]:8443/x")
        #expect(
            HTTPSRedirect.location(authority: "127.0.0.1:8080", target: "//evil.example/", httpsPort: 8443) == "https://127.0.0.1:8443//evil.example/"
        )
        for authority in [
            nil, "", "evil.example@tasks.example.org", "a.example/b", "a.example:80:80", "a.example:http", "[::1", "[::1]x", "-a", "a b",
        ] {
            #expect(HTTPSRedirect.location(authority: authority, target: "/", httpsPort: 443) == nil, "\(authority ?? "nil")")
        }
        #expect(HTTPSRedirect.location(authority: "a.example", target: "http://evil.example/", httpsPort: 443) == nil)
        #expect(HTTPSRedirect.location(authority: "a.example", target: "*", httpsPort: 443) == nil)

        let app = Application(responder: HTTPSRedirect(httpsPort: 8443))
        try await app.test(.router) { client in
            // The router test client names the host `localhost`; a garbled Host is refused in tests/live/tls.py.
            try await client.execute(uri: "/today?x=1", method: .post) { response in
                #expect(response.status == .permanentRedirect)
                #expect(response.headers[.location] == "https://localhost:8443/today?x=1")
                #expect(response.headers[.strictTransportSecurity] == nil)
            }
        }
    }
}
