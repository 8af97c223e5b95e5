public import DoableCore
import Crypto
import Foundation
@_spi(StoreWriting) import DoableStore

/// What the whole installation shares: its secrets, and the accounts links in emails name.
extension Domain {
    /// The key that signs the links in emails (snooze, unsubscribe): one per installation, kept in the database.
    public func emailLinkKey() async throws -> String {
        try await store.serverSecret(named: "email-links", candidate: SecretToken.make(prefix: "").secret)
    }

    /// The key the web forms' CSRF tokens are made with (issue 27): one per installation, kept in the database.
    public func csrfSecret() async throws -> String {
        try await store.serverSecret(named: "csrf", candidate: SecretToken.make(prefix: "").secret)
    }

    /// REACH-3: the VAPID key that signs every push (RFC 8292), made once and kept in the database with the rest,
    /// so that devices stay subscribed across restarts and restores. `candidate` is stored when there is none yet.
    public func pushKey(candidate: String) async throws -> String {
        try await store.serverSecret(named: "vapid", candidate: candidate)
    }

    /// The CSRF token of `binding` ("session:ID" or "anonymous:NONCE") made with `secret` (`csrfSecret()`):
    /// HMAC-SHA256, base64url. The web forms carry it; the sync endpoints take it from the web app's service worker.
    public static func csrfToken(secret: String, binding: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data(("doable-csrf|" + binding).utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return Data(mac).base64URLEncoded
    }

    /// The account an email link names, if it still exists and is enabled.
    public func linkedAccount(_ id: AccountID) async throws -> Account? {
        guard let account = try await store.account(id: id), !account.isDisabled else { return nil }
        return account
    }
}
