import Crypto
import DoableCore
import Foundation

/// A bearer secret: 256 random bits, shown to the caller once; only its SHA-256 is stored.
public struct SecretToken: Sendable {
    public let secret: String
    public let hash: String

    public static func make(prefix: String) -> SecretToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let secret = prefix + Data(bytes).base64URLEncoded
        return SecretToken(secret: secret, hash: hashOf(secret))
    }

    public static func hashOf(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).lowercaseHex
    }
}
