import Crypto
import DoableCore
import Foundation

/// ACC-10: a sign-in waiting for its second factor. The password was right; the page that asks for the code carries
/// the login and password sealed with AES-GCM under a key only this installation holds, bound to this browser's CSRF
/// token and readable for five minutes, so the member types the code alone and the password is never written into a
/// page. The code step signs in through `SignInFlow` again, with the password limiter and the replay check.
struct PendingSignIn: Codable, Sendable, Equatable {
    let login: String
    let password: String
    let expiresAt: Double

    static let lifetimeSeconds = 300
    /// What the installation key is derived for (`CSRFKey.derivedKey`).
    static let keyPurpose = "pending-sign-in"

    init(login: String, password: String, now: Double = Date().timeIntervalSince1970) {
        self.login = login
        self.password = password
        expiresAt = now + Double(Self.lifetimeSeconds)
    }

    /// The hidden field's value: base64url of nonce, ciphertext and tag.
    func sealed(with key: SymmetricKey, browser: String) throws -> String {
        let box = try AES.GCM.seal(
            try JSONEncoder().encode(self), using: key, authenticating: Data("pending|\(browser)".utf8))
        guard let combined = box.combined else { throw DoableError.invalid("pending", "Could not seal the sign-in.") }
        return combined.base64URLEncoded
    }

    /// The sign-in a field carries, when it was sealed here for `browser` and has not expired.
    static func opened(
        _ value: String, with key: SymmetricKey, browser: String, now: Double = Date().timeIntervalSince1970
    ) -> PendingSignIn? {
        guard value.utf8.count <= 2_048, let data = Data(base64URLEncoded: value),
            let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key, authenticating: Data("pending|\(browser)".utf8)),
            let pending = try? JSONDecoder().decode(PendingSignIn.self, from: plain), pending.expiresAt > now
        else { return nil }
        return pending
    }
}
