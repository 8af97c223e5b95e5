import Crypto
import DoableCore
import DoableDomain
import Foundation

/// ACC-5: a token's secret on its way from the form that made it to the page that shows it. The form redirects
/// (so that reloading the page cannot make a second token), and the secret travels in a cookie sealed with AES-GCM
/// under a key only this installation holds, bound to the session that made it and readable for five minutes, once:
/// the page that shows it clears it. Every server behind a load balancer can open it (the key is in the database).
struct IssuedSecret: Codable, Sendable, Equatable {
    let credentialID: CredentialID
    let secret: String
    let expiresAt: Double

    static let lifetimeSeconds = 300
    /// What the installation key is derived for (`CSRFKey.derivedKey`).
    static let keyPurpose = "issued-secret"

    init(credentialID: CredentialID, secret: String, now: Double = Date().timeIntervalSince1970) {
        self.credentialID = credentialID
        self.secret = secret
        expiresAt = now + Double(Self.lifetimeSeconds)
    }

    /// The cookie value: base64url of nonce, ciphertext and tag.
    func sealed(with key: SymmetricKey, session: CredentialID) throws -> String {
        let box = try AES.GCM.seal(
            try JSONEncoder().encode(self), using: key,
            authenticating: Data("issued|\(session)".utf8))
        guard let combined = box.combined else { throw DoableError.invalid("secret", "Could not seal the secret.") }
        return combined.base64URLEncoded
    }

    /// The secret a cookie carries, when it was sealed here for `session` and has not expired.
    static func opened(
        _ value: String, with key: SymmetricKey, session: CredentialID,
        now: Double = Date().timeIntervalSince1970
    ) -> IssuedSecret? {
        guard value.utf8.count <= 1_024, let data = Data(base64URLEncoded: value),
            let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key, authenticating: Data("issued|\(session)".utf8)),
            let issued = try? JSONDecoder().decode(IssuedSecret.self, from: plain), issued.expiresAt > now
        else { return nil }
        return issued
    }
}
