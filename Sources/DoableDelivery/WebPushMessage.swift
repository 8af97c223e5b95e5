import Crypto
import DoableCore
public import DoableDomain
public import Foundation

/// REACH-3: one Web Push message body, encrypted for one browser as RFC 8291 says (the `aes128gcm` content coding of
/// RFC 8188, one record): the push service carries it without being able to read it.
public struct WebPushMessage: Sendable {
    public enum Failure: Error, Equatable {
        /// The subscription's keys are not a P-256 public key and a 16-byte secret.
        case badKeys
        /// More than one 4,096-byte record can carry.
        case tooLong
    }

    /// The record size RFC 8291 uses; one record holds the whole message.
    static let recordSize = 4096
    /// What a record holds besides the plaintext: the 0x02 delimiter and the 16-byte tag.
    static let overhead = 17
    /// The header before the record: salt (16), record size (4), key length (1), the sender's key (65).
    static let headerSize = 86

    /// The encrypted body, ready to POST with `Content-Encoding: aes128gcm`.
    public let body: Data

    /// `p256dh` and `auth`: the subscription's keys as the browser gave them (base64url).
    public init(plaintext: Data, p256dh: String, auth: String) throws {
        try self.init(plaintext: plaintext, p256dh: p256dh, auth: auth, salt: nil, senderKey: .init())
    }

    /// `salt` and `senderKey` are fresh for every message; tests pass RFC 8291's example values.
    init(plaintext: Data, p256dh: String, auth: String, salt: Data?, senderKey: P256.KeyAgreement.PrivateKey) throws {
        guard let receiverBytes = Data(base64URLEncoded: p256dh), let secret = Data(base64URLEncoded: auth),
            secret.count == 16,
            let receiver = try? P256.KeyAgreement.PublicKey(x963Representation: receiverBytes)
        else { throw Failure.badKeys }
        guard plaintext.count + Self.overhead + Self.headerSize <= Self.recordSize else { throw Failure.tooLong }
        let salt = salt ?? Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let senderPublic = senderKey.publicKey.x963Representation
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: receiver)
        // RFC 8291 §3.3: the input keying material mixes in the browser's secret and both public keys.
        let keyInfo = Data("WebPush: info".utf8) + [0] + receiverBytes + senderPublic
        let ikm = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: secret, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2 and §2.3: the content key and the nonce, from the salt.
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12)
        let sealed = try AES.GCM.seal(
            plaintext + [2], using: cek, nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        var body = salt
        body.append(contentsOf: withUnsafeBytes(of: UInt32(Self.recordSize).bigEndian) { Array($0) })
        body.append(UInt8(senderPublic.count))
        body.append(senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        self.body = body
    }
}

/// REACH-3: the server's VAPID key (RFC 8292), which signs a short-lived token on every push so that push services
/// know the messages come from the server the browser subscribed with (the key it gave `pushManager.subscribe`).
public struct VAPIDKey: Sendable {
    /// The private scalar; the key is made from it where it is used (Crypto's key types are not `Sendable`).
    let raw: Data
    var key: P256.Signing.PrivateKey { (try? P256.Signing.PrivateKey(rawRepresentation: raw)) ?? .init() }

    /// A key from its stored form (the raw 32-byte scalar, base64url); nil if it is not one.
    public init?(stored: String) {
        guard let raw = Data(base64URLEncoded: stored), (try? P256.Signing.PrivateKey(rawRepresentation: raw)) != nil
        else { return nil }
        self.raw = raw
    }

    /// A new key's stored form.
    public static func makeStored() -> String { P256.Signing.PrivateKey().rawRepresentation.base64URLEncoded }

    /// The public key as browsers take it (`applicationServerKey`): uncompressed, base64url.
    public var publicKey: String { key.publicKey.x963Representation.base64URLEncoded }

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`. The token names the push
    /// service's origin (`aud`), expires within a day (`exp`, here 12 hours) and says whom to contact (`sub`).
    public func authorization(endpoint: URL, subject: String, now: Date) throws -> String {
        let key = self.key
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw WebPushMessage.Failure.badKeys }
        let audience = "\(scheme)://\(host)\(endpoint.port.map { ":\($0)" } ?? "")"
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONSerialization.data(
            withJSONObject: ["aud": audience, "exp": Int(now.timeIntervalSince1970) + 12 * 3600, "sub": subject],
            options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Data(header.utf8).base64URLEncoded + "." + claims.base64URLEncoded
        let signature = try key.signature(for: Data(signingInput.utf8)).rawRepresentation
        return "vapid t=\(signingInput).\(signature.base64URLEncoded), k=\(publicKey)"
    }
}

extension Domain {
    /// The installation's VAPID key: made on first use and kept in the database (`pushKey`), the same for every
    /// process and across restores.
    public func vapidKey() async throws -> VAPIDKey {
        guard let key = VAPIDKey(stored: try await pushKey(candidate: VAPIDKey.makeStored())) else {
            throw DamagedPushKey()
        }
        return key
    }

    public struct DamagedPushKey: Error {}
}
