import Foundation

extension TOTP {
    /// The `otpauth://` link that authenticator apps read from a QR code (the Key URI Format): the label is
    /// `issuer:account`, each part percent-encoded, and the parameters spell out the defaults so no app guesses.
    public static func otpauthURI(secret: [UInt8], account: String, issuer: String = "Doable") -> String {
        let label = percentEncoded(issuer) + ":" + percentEncoded(account)
        return "otpauth://totp/\(label)?secret=\(Base32.encoded(secret))&issuer=\(percentEncoded(issuer))"
            + "&algorithm=SHA1&digits=\(digits)&period=\(period)"
    }

    /// Everything but RFC 3986's unreserved characters, so a `:`, `&`, `?` or space in a name cannot change the link.
    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
