import DoableCore
import Foundation

/// NOTIF-2: where and how to send email, parsed from `doable serve --smtp-url`:
/// `smtp://[user:password@]host[:port][?starttls=require|auto|never][&tls-verify=false]` (port 25 by default, 587
/// is usual for submission) or `smtps://…` for TLS from the first byte (port 465 by default).
public struct SMTPURL: Sendable, Hashable, CustomStringConvertible {
    public enum StartTLS: String, Sendable, Hashable {
        /// Fail unless the server offers STARTTLS.
        case require
        /// Use STARTTLS when the server offers it.
        case auto
        /// Stay in plain text (a local relay).
        case never
    }

    public var host: String
    public var port: Int
    public var username: String?
    public var password: String?
    /// `smtps://`: TLS from the first byte, so `startTLS` does not apply.
    public var usesImplicitTLS: Bool
    public var startTLS: StartTLS
    /// False only for test servers with self-signed certificates (`tls-verify=false`).
    public var verifiesCertificate: Bool

    /// True for 127.0.0.1, ::1 and localhost: the only hosts that may get credentials over plain text.
    public var isLoopback: Bool {
        if host.lowercased() == "localhost" { return true }
        guard let address = IPAddress(host) else { return false }
        return address == IPAddress("::1") || (address.isIPv4 && address.bytes[12] == 127)
    }

    public init(_ text: String) throws(SMTPURLError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw SMTPURLError("'\(Self.redacted(text))' is not a URL; expected smtp://[user:password@]host[:port]")
        }
        switch scheme {
        case "smtp": usesImplicitTLS = false
        case "smtps": usesImplicitTLS = true
        default: throw SMTPURLError("the scheme must be smtp:// or smtps://, not \(scheme)://")
        }
        guard var host = components.host, !host.isEmpty else { throw SMTPURLError("the URL names no host") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        if let port = components.port {
            guard (1...65_535).contains(port) else { throw SMTPURLError("port \(port) is out of range (1 to 65535)") }
            self.port = port
        } else {
            port = usesImplicitTLS ? 465 : 25
        }
        guard components.path.isEmpty || components.path == "/", components.fragment == nil else {
            throw SMTPURLError("an SMTP URL has no path or fragment; found '\(components.path)'")
        }
        username = components.user.flatMap { $0.isEmpty ? nil : $0 }
        password = components.password
        if password != nil, username == nil { throw SMTPURLError("a password needs a user name (user:password@host)") }

        var startTLS: StartTLS?
        verifiesCertificate = true
        for item in components.queryItems ?? [] {
            switch (item.name.lowercased(), item.value?.lowercased()) {
            case ("starttls", let value):
                guard let value, let policy = StartTLS(rawValue: value) else {
                    throw SMTPURLError("starttls must be require, auto or never, not '\(item.value ?? "")'")
                }
                startTLS = policy
            case ("tls-verify", "false"): verifiesCertificate = false
            case ("tls-verify", "true"): verifiesCertificate = true
            case ("tls-verify", _): throw SMTPURLError("tls-verify must be true or false, not '\(item.value ?? "")'")
            default: throw SMTPURLError("unknown option '\(item.name)' (known: starttls, tls-verify)")
            }
        }
        if usesImplicitTLS, startTLS != nil {
            throw SMTPURLError("starttls applies to smtp:// only; smtps:// uses TLS from the start")
        }
        self.startTLS = startTLS ?? .auto
    }

    /// The URL without its password, for logs and error messages.
    public var description: String {
        let user = username.map { "\($0)\(password == nil ? "" : ":***")@" } ?? ""
        let hostText = host.contains(":") ? "[\(host)]" : host
        var options: [String] = []
        if !usesImplicitTLS, startTLS != .auto { options.append("starttls=\(startTLS.rawValue)") }
        if !verifiesCertificate { options.append("tls-verify=false") }
        let query = options.isEmpty ? "" : "?" + options.joined(separator: "&")
        return "\(usesImplicitTLS ? "smtps" : "smtp")://\(user)\(hostText):\(port)\(query)"
    }

    /// Keeps a password typed into a malformed URL out of the error message.
    private static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@"), let schemeEnd = text.range(of: "://") else { return text }
        return String(text[..<schemeEnd.upperBound]) + "***" + String(text[at...])
    }
}

public struct SMTPURLError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "Invalid SMTP URL: \(message)" }
}
