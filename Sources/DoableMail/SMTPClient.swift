import DoableCore
import DoableStore
import Foundation
import NIOCore
import NIOSSL

/// NOTIF-2: sends email through the SMTP server named by `--smtp-url`, one connection per message:
/// greeting, EHLO (or HELO), STARTTLS when offered or required, AUTH PLAIN or LOGIN when the URL has credentials,
/// MAIL FROM, RCPT TO, DATA, QUIT. Every step waits at most `timeout`; errors say whether to retry (`SMTPError`).
public struct SMTPClient: Sendable {
    public let url: SMTPURL
    public let heloName: String
    public let timeout: Duration
    private let tlsContext: NIOSSLContext?

    public init(url: SMTPURL, heloName: String, timeout: Duration = .seconds(30)) {
        self.url = url
        let name = String(String.UnicodeScalarView(heloName.unicodeScalars.filter { (33...126).contains($0.value) }))
        self.heloName = name.isEmpty ? "localhost" : name
        self.timeout = timeout
        tlsContext = try? Self.makeTLSContext(verifiesCertificate: url.verifiesCertificate)
    }

    /// Sends `message`; returns once the server has accepted it for delivery. Throws only `SMTPError`.
    public func send(_ message: MailMessage) async throws {
        let data: [UInt8]
        let tls: NIOSSLContext
        do { data = try message.rendered() } catch { throw SMTPError.invalidMessage(error) }
        do {
            tls = try tlsContext ?? Self.makeTLSContext(verifiesCertificate: url.verifiesCertificate)
        } catch {
            throw SMTPError.configuration("TLS cannot be set up: \(String(reflecting: error))")
        }
        let connection = try await SMTPConnection.open(
            host: url.host, port: url.port, implicitTLS: url.usesImplicitTLS ? tls : nil, timeout: TimeAmount(timeout))
        do {
            try await deliver(data, from: message.from, to: message.to, over: connection, tls: tls)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }

    private func deliver(
        _ data: [UInt8], from: MailAddress, to: MailAddress, over connection: SMTPConnection,
        tls: NIOSSLContext
    ) async throws {
        try connection.greeting.expect([220], for: "the greeting")
        var extensions = try await hello(connection)
        var isEncrypted = url.usesImplicitTLS
        if !isEncrypted, url.startTLS != .never {
            if extensions["STARTTLS"] != nil {
                try await connection.startTLS(tls, host: url.host)
                extensions = try await hello(connection)
                isEncrypted = true
            } else if url.startTLS == .require {
                throw SMTPError.configuration("\(url.host) does not offer STARTTLS, which the URL requires")
            }
        }
        if let username = url.username {
            guard isEncrypted || url.isLoopback else {
                throw SMTPError.configuration(
                    "refusing to send credentials unencrypted to \(url.host); "
                        + "use smtps:// or a server that offers STARTTLS")
            }
            try await authenticate(username, url.password ?? "", mechanisms: extensions["AUTH"] ?? [], connection)
        }
        try await connection.run("MAIL FROM", "MAIL FROM:<\(from.address)>", expecting: 250)
        try await connection.run("RCPT TO", "RCPT TO:<\(to.address)>", expecting: 250, 251)
        try await connection.run("DATA", "DATA", expecting: 354)
        try await connection.sendData(data)
        _ = try? await connection.reply(to: "QUIT", "QUIT")
    }

    /// EHLO, or HELO for an old server that refuses it; returns the extensions offered (`AUTH` → `PLAIN`, `LOGIN`).
    private func hello(_ connection: SMTPConnection) async throws -> [String: [String]] {
        let reply = try await connection.reply(to: "EHLO", "EHLO \(heloName)")
        if (500..<600).contains(reply.code) {
            try await connection.run("HELO", "HELO \(heloName)", expecting: 250)
            return [:]
        }
        try reply.expect([250], for: "EHLO")
        var extensions: [String: [String]] = [:]
        for line in reply.lines.dropFirst() {
            // "AUTH=PLAIN LOGIN" is an old spelling of "AUTH PLAIN LOGIN".
            let words = line.uppercased().split(whereSeparator: { $0 == " " || $0 == "=" }).map(String.init)
            if let keyword = words.first { extensions[keyword, default: []] += words.dropFirst() }
        }
        return extensions
    }

    private func authenticate(
        _ username: String, _ password: String, mechanisms: [String],
        _ connection: SMTPConnection
    ) async throws {
        func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        if mechanisms.contains("PLAIN") {
            try await connection.run(
                "AUTH PLAIN", "AUTH PLAIN " + base64("\0\(username)\0\(password)"),
                expecting: 235)
        } else if mechanisms.contains("LOGIN") {
            try await connection.run("AUTH LOGIN", "AUTH LOGIN", expecting: 334)
            try await connection.run("AUTH LOGIN", base64(username), expecting: 334)
            try await connection.run("AUTH LOGIN", base64(password), expecting: 235)
        } else {
            let offered = mechanisms.isEmpty ? "no AUTH" : "AUTH " + mechanisms.joined(separator: " ")
            throw SMTPError.configuration("\(url.host) offers \(offered), and this client knows PLAIN and LOGIN")
        }
    }

    private static func makeTLSContext(verifiesCertificate: Bool) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if !verifiesCertificate { configuration.certificateVerification = .none }
        return try TLSContexts.make(configuration)
    }
}
