import Crypto
import DoableCore
import DoableDomain
import Foundation
import Synchronization
import DoableDelivery

/// The server secret CSRF tokens are made with (issue 27, finding 3): one per installation, kept in the database so
/// that every process behind a load balancer makes the same tokens, read once per process.
final class CSRFKey: Sendable {
    private let secret = Mutex<String?>(nil)

    /// The token of `binding` ("session:ID" or "anonymous:NONCE"): HMAC-SHA256, base64url.
    func token(for binding: String, domain: Domain) async throws -> String {
        var text = secret.withLock { $0 }
        if text == nil { text = try await load(domain) }
        return Domain.csrfToken(secret: text ?? "", binding: binding)
    }

    /// A key for `purpose` made from the same installation secret (an HMAC of the purpose), never the CSRF key itself.
    func derivedKey(_ purpose: String, domain: Domain) async throws -> SymmetricKey {
        var text = secret.withLock { $0 }
        if text == nil { text = try await load(domain) }
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data(("doable-key|" + purpose).utf8),
            using: SymmetricKey(data: Data((text ?? "").utf8)))
        return SymmetricKey(data: Data(mac))
    }

    private func load(_ domain: Domain) async throws -> String {
        let loaded = try await domain.csrfSecret()
        secret.withLock { $0 = loaded }
        return loaded
    }
}
