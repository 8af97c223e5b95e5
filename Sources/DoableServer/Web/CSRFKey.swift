import Crypto
import DoableDomain
import Foundation
import Synchronization

/// The server secret CSRF tokens are made with (issue 27, finding 3): one per installation, kept in the database so
/// that every process behind a load balancer makes the same tokens, read once per process.
final class CSRFKey: Sendable {
    private let secret = Mutex<String?>(nil)

    /// The token of `binding` ("session:ID" or "anonymous:NONCE"): HMAC-SHA256, base64url.
    func token(for binding: String, domain: Domain) async throws -> String {
        var text = secret.withLock { $0 }
        if text == nil { text = try await load(domain) }
        let key = SymmetricKey(data: Data((text ?? "").utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Data(("doable-csrf|" + binding).utf8), using: key)
        return Data(mac).base64URLEncoded
    }

    private func load(_ domain: Domain) async throws -> String {
        let loaded = try await domain.csrfSecret()
        secret.withLock { $0 = loaded }
        return loaded
    }
}
