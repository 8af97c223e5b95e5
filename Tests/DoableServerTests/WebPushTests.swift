import Crypto
import DoableCore
@testable import DoableDelivery
import Foundation
import Testing

/// REACH-3: the Web Push message encryption of RFC 8291 (checked against the RFC's own worked example), the VAPID
/// token of RFC 8292, and the device names a member sees.
struct WebPushTests {
    @Test("REACH-3: RFC 8291 §5's example message encrypts to the RFC's bytes")
    func rfc8291Example() throws {
        let senderBytes = try #require(Data(base64URLEncoded: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: senderBytes)
        let message = try WebPushMessage(
            plaintext: Data("When I grow up, I want to be a watermelon".utf8),
            p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
            auth: "BTBZMqHH6r4Tts7J_aSIgg", salt: Data(base64URLEncoded: "DGv6ra1nlYgDCS1FRnbzlw"), senderKey: sender)
        #expect(
            message.body.base64URLEncoded
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
    }

    @Test("REACH-3: keys that are not a P-256 key and a 16-byte secret, and a message too long for one record, are refused")
    func badKeysAndLength() throws {
        let browser = P256.KeyAgreement.PrivateKey().publicKey.x963Representation.base64URLEncoded
        let secret = Data(repeating: 7, count: 16).base64URLEncoded
        #expect(throws: WebPushMessage.Failure.badKeys) {
            try WebPushMessage(plaintext: Data("hi".utf8), p256dh: "AAAA", auth: secret)
        }
        #expect(throws: WebPushMessage.Failure.badKeys) {
            try WebPushMessage(plaintext: Data("hi".utf8), p256dh: browser, auth: "AAAA")
        }
        #expect(throws: WebPushMessage.Failure.tooLong) {
            try WebPushMessage(plaintext: Data(repeating: 65, count: 4000), p256dh: browser, auth: secret)
        }
        // Each message is encrypted afresh: the same text never gives the same bytes twice.
        let first = try WebPushMessage(plaintext: Data("hi".utf8), p256dh: browser, auth: secret)
        let second = try WebPushMessage(plaintext: Data("hi".utf8), p256dh: browser, auth: secret)
        #expect(first.body != second.body && first.body.count == 86 + 2 + 17)
    }

    @Test("REACH-3: the VAPID header names the push service's origin, expires within a day and verifies with the key")
    func vapidToken() throws {
        let stored = VAPIDKey.makeStored()
        let key = try #require(VAPIDKey(stored: stored))
        #expect(VAPIDKey(stored: "not a key") == nil)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try key.authorization(
            endpoint: try #require(URL(string: "https://push.example.net:8443/send/abc?x=1")),
            subject: "mailto:admin@example.org", now: now)
        let parts = header.split(separator: " ").map(String.init)
        #expect(parts.first == "vapid" && parts.last == "k=\(key.publicKey)")
        let token = String(parts[1].dropFirst(2).dropLast())  // "t=…,"
        let pieces = token.split(separator: ".").map(String.init)
        #expect(pieces.count == 3)
        let claimBytes = try #require(Data(base64URLEncoded: pieces[1]))
        let claims = try #require(try JSONSerialization.jsonObject(with: claimBytes) as? [String: Any])
        #expect(claims["aud"] as? String == "https://push.example.net:8443")
        #expect(claims["sub"] as? String == "mailto:admin@example.org")
        #expect(claims["exp"] as? Int == 1_800_000_000 + 12 * 3600)
        let publicBytes = try #require(Data(base64URLEncoded: key.publicKey))
        let publicKey = try P256.Signing.PublicKey(x963Representation: publicBytes)
        let signatureBytes = try #require(Data(base64URLEncoded: pieces[2]))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        #expect(publicKey.isValidSignature(signature, for: Data("\(pieces[0]).\(pieces[1])".utf8)))
    }

    @Test("REACH-3: devices are named from the browser and the system")
    func deviceNames() {
        let android =
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
        let iphone =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
        #expect(DeviceName.from(userAgent: android) == "Chrome on Android")
        #expect(DeviceName.from(userAgent: iphone) == "Safari on iPhone")
        #expect(
            DeviceName.from(userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")
                == "Firefox on Linux")
        #expect(DeviceName.from(userAgent: nil) == "A browser")
    }
}
