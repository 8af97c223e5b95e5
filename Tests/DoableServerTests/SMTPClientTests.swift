@testable import DoableMail
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import NIOCore
import NIOPosix
import Testing

/// NOTIF-2: the SMTP client against a real server (tests/support/smtp_sink.py, aiosmtpd), checking what arrives with
/// Python's `email` package. Needs .venv with aiosmtpd (scripts/install-test-deps.sh) and openssl; set
/// DOABLE_SKIP_SMTP_TESTS to skip them on a machine without.
@Suite("SMTP client", .enabled(if: ProcessInfo.processInfo.environment["DOABLE_SKIP_SMTP_TESTS"] == nil))
struct SMTPClientTests {
    let alice = try! MailAddress("alice@doable.test", displayName: "Doable")
    let bob = try! MailAddress("bob@example.org", displayName: "Jürgen Müller-Lüdenscheidt")

    func client(_ url: String, timeout: Duration = .seconds(10)) throws -> SMTPClient {
        SMTPClient(url: try SMTPURL(url), heloName: "doable.test", timeout: timeout)
    }

    /// NOTIF-2: text and HTML arrive as multipart/alternative, with the envelope, Date, Message-ID and extra headers.
    @Test func NOTIF2_plainTextAndHTML() async throws {
        let sink = try await SMTPSink.start()
        defer { sink.stop() }
        let text = "Hallo Jürgen,\n\ndein Müll wartet. = 100 %\n"
        let html = "<p>Hallo J&uuml;rgen, <b>dein Müll</b> wartet.</p>\n"
        let unsubscribe = "<https://doable.test/unsubscribe?token=" + String(repeating: "x", count: 90) + ">"
        let message = MailMessage(
            from: alice, to: bob, subject: "Reminder", textBody: text, htmlBody: html,
            headers: [("List-Unsubscribe", unsubscribe)])
        try await client("smtp://127.0.0.1:\(sink.port)").send(message)

        let received = try await sink.message(1)
        #expect(received.envelope["mail_from"] as? String == "alice@doable.test")
        #expect(received.envelope["rcpt_tos"] as? [String] == ["bob@example.org"])
        #expect(received.envelope["helo"] as? String == "doable.test")
        #expect(received.envelope["tls"] as? Bool == false)
        #expect(received["contentType"] == "multipart/alternative")
        #expect(received["text"] == text)
        #expect(received["html"] == html)
        #expect(received["subject"] == "Reminder")
        #expect(received["fromName"] == "Doable")
        #expect(received["toName"] == bob.displayName)
        #expect(received["toAddress"] == "bob@example.org")
        #expect(received.header("List-Unsubscribe") == unsubscribe)
        #expect(received.header("MIME-Version") == "1.0")
        #expect(received["date"]?.isEmpty == false)
        #expect(received.header("Message-ID")?.hasSuffix("@doable.test>") == true)
        #expect(received.defects.isEmpty, "\(received.defects)")
        received.expectSevenBitCRLF(maxLineLength: 998)
    }

    /// NOTIF-2: non-ASCII subjects, long ones included, come back intact; CR/LF in a subject cannot add a header.
    @Test func NOTIF2_utf8Subjects() async throws {
        let sink = try await SMTPSink.start()
        defer { sink.stop() }
        let long = String(String(repeating: "Erinnerung für Zoë: 🗑️ 見る ", count: 10).prefix(200))
        let subjects = ["Erinnerung: Müll rausbringen 🗑️", long, "Plain\r\nBcc: mallory@evil.test"]
        let client = try client("smtp://127.0.0.1:\(sink.port)")
        for subject in subjects {
            try await client.send(MailMessage(from: alice, to: bob, subject: subject, textBody: "Body"))
        }
        for (number, subject) in subjects.enumerated() {
            let received = try await sink.message(number + 1)
            #expect(received["subject"] == subject.replacing("\r\n", with: ""))
            #expect(received.header("Bcc") == nil)
            #expect(received.defects.isEmpty, "\(received.defects)")
            received.expectSevenBitCRLF(maxLineLength: 78)
        }
        #expect(long.count == 200)
    }

    /// NOTIF-2: lines starting with "." survive (dot-stuffing), and the server stores exactly what was rendered.
    @Test func NOTIF2_dotStuffing() async throws {
        let sink = try await SMTPSink.start()
        defer { sink.stop() }
        let text = ".\n.hidden line\n..two dots\nend\n.\n"
        let message = MailMessage(
            from: alice, to: bob, subject: "Dots", textBody: text,
            messageID: "fixed@doable.test", date: Date(timeIntervalSince1970: 1_700_000_000))
        try await client("smtp://127.0.0.1:\(sink.port)").send(message)
        let received = try await sink.message(1)
        #expect(received["text"] == text)
        #expect(received.raw == Data(try message.rendered()))
        #expect(received.header("Date") == "Tue, 14 Nov 2023 22:13:20 +0000")
    }

    /// NOTIF-2: very long body lines are wrapped by quoted-printable and come back as they were.
    @Test func NOTIF2_longBodyLines() async throws {
        let sink = try await SMTPSink.start()
        defer { sink.stop() }
        let text =
            String(repeating: "x", count: 5_000) + "\n" + String(repeating: "Grüße 🗑️ = ", count: 700)
            + "\ntrailing spaces   \n"
        try await client("smtp://127.0.0.1:\(sink.port)")
            .send(MailMessage(from: alice, to: bob, subject: "Long", textBody: text, htmlBody: text))
        let received = try await sink.message(1)
        #expect(received["text"] == text)
        #expect(received["html"] == text)
        received.expectSevenBitCRLF(maxLineLength: 78)
    }

    /// NOTIF-2: AUTH PLAIN and AUTH LOGIN, with a password that needs percent-encoding in the URL; a wrong
    /// password is a permanent failure.
    @Test(arguments: ["PLAIN", "LOGIN"]) func NOTIF2_authentication(mechanism: String) async throws {
        let sink = try await SMTPSink.start("--auth", "mailer:p@ss:w/rd", "--auth-mechanism", mechanism)
        defer { sink.stop() }
        try await client("smtp://mailer:p%40ss%3Aw%2Frd@127.0.0.1:\(sink.port)")
            .send(MailMessage(from: alice, to: bob, subject: "Auth", textBody: "Body"))
        let received = try await sink.message(1)
        #expect(received.envelope["login"] as? String == "mailer")
        #expect(received.envelope["mechanism"] as? String == mechanism)

        let error = await #expect(throws: SMTPError.self) {
            try await client("smtp://mailer:wrong@127.0.0.1:\(sink.port)")
                .send(MailMessage(from: alice, to: bob, subject: "Auth", textBody: "Body"))
        }
        #expect(error?.isTransient == false)
        #expect(error?.rejection?.code == 535)
    }

    /// NOTIF-2: STARTTLS before AUTH (the sink offers AUTH only over TLS), and smtps:// with TLS from the start.
    @Test func NOTIF2_tls() async throws {
        let certificate = try await SelfSignedCertificate.make()
        defer { certificate.remove() }
        let sink = try await SMTPSink.start("--starttls", certificate.cert, certificate.key, "--auth", "mailer:secret")
        defer { sink.stop() }
        try await client("smtp://mailer:secret@127.0.0.1:\(sink.port)?starttls=require&tls-verify=false")
            .send(MailMessage(from: alice, to: bob, subject: "Über TLS", textBody: "Geheim"))
        let received = try await sink.message(1)
        #expect(received.envelope["tls"] as? Bool == true)
        #expect(received.envelope["login"] as? String == "mailer")
        #expect(received["subject"] == "Über TLS")

        let verifying = await #expect(throws: SMTPError.self) {
            try await client("smtp://127.0.0.1:\(sink.port)?starttls=require")
                .send(MailMessage(from: alice, to: bob, subject: "Verified", textBody: "Body"))
        }
        #expect(verifying?.isTransient == true, "an untrusted certificate is a connection failure")

        let implicit = try await SMTPSink.start("--smtps", certificate.cert, certificate.key)
        defer { implicit.stop() }
        try await client("smtps://127.0.0.1:\(implicit.port)?tls-verify=false")
            .send(MailMessage(from: alice, to: bob, subject: "Implicit", textBody: "Body"))
        #expect(try await implicit.message(1).envelope["tls"] as? Bool == true)
    }

    /// NOTIF-2: a server without STARTTLS fails a URL that requires it, for good (the configuration must change).
    @Test func NOTIF2_requiredSTARTTLSMissing() async throws {
        let sink = try await SMTPSink.start()
        defer { sink.stop() }
        let error = await #expect(throws: SMTPError.self) {
            try await client("smtp://127.0.0.1:\(sink.port)?starttls=require")
                .send(MailMessage(from: alice, to: bob, subject: "No TLS", textBody: "Body"))
        }
        #expect(error?.isTransient == false)
        #expect(sink.messageCount == 0)
    }

    /// NOTIF-2: a server that refuses EHLO gets HELO, and the mail still goes.
    @Test func NOTIF2_heloFallback() async throws {
        let sink = try await SMTPSink.start("--no-ehlo")
        defer { sink.stop() }
        try await client("smtp://127.0.0.1:\(sink.port)")
            .send(MailMessage(from: alice, to: bob, subject: "Old server", textBody: "Body"))
        let received = try await sink.message(1)
        #expect(received.envelope["helo"] as? String == "doable.test")
        #expect(received["subject"] == "Old server")
    }

    /// NOTIF-2: 451 on RCPT is worth retrying (transient); 550 is not.
    @Test(arguments: [(451, true), (550, false)]) func NOTIF2_rcptReplies(code: Int, isTransient: Bool) async throws {
        let sink = try await SMTPSink.start("--fail-rcpt", String(code))
        defer { sink.stop() }
        let error = await #expect(throws: SMTPError.self) {
            try await client("smtp://127.0.0.1:\(sink.port)")
                .send(MailMessage(from: alice, to: bob, subject: "Rcpt", textBody: "Body"))
        }
        #expect(error?.isTransient == isTransient)
        #expect(error?.rejection?.step == "RCPT TO" && error?.rejection?.code == code)
    }

    /// NOTIF-2: a server that accepts the connection and never answers costs one timeout, then a transient error.
    @Test func NOTIF2_hangingServerTimesOut() async throws {
        let sink = try await SMTPSink.start("--hang")
        defer { sink.stop() }
        let started = ContinuousClock.now
        let error = await #expect(throws: SMTPError.self) {
            try await client("smtp://127.0.0.1:\(sink.port)", timeout: .seconds(1))
                .send(MailMessage(from: alice, to: bob, subject: "Hang", textBody: "Body"))
        }
        // One 1-second timeout, not the 30-second default nor one per step; the bound leaves room for a loaded machine
        // (the whole suite runs side by side on two cores: 3.5 s was seen).
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(error == .timedOut(step: "the greeting"))
        #expect(error?.isTransient == true)
    }

    /// NOTIF-2: nothing listening on the port is a transient connection failure.
    @Test func NOTIF2_closedPort() async throws {
        // A port bound but not listening refuses connections, and stays this test's while it runs (a port closed
        // again could be taken by another test's server meanwhile).
        let closed = try ClosedPort()
        defer { closed.release() }
        let port = closed.port
        let error = await #expect(throws: SMTPError.self) {
            try await client("smtp://127.0.0.1:\(port)")
                .send(MailMessage(from: alice, to: bob, subject: "Closed", textBody: "Body"))
        }
        #expect(error?.isTransient == true)
        let description = error?.description ?? ""
        #expect(description.hasPrefix("SMTP connection failed: 127.0.0.1:\(port)"), "\(description)")
    }
}

/// NOTIF-2: `--smtp-url` parsing, and the pieces of the client that need no server.
@Suite("SMTP URL and replies")
struct SMTPURLTests {
    @Test func NOTIF2_parsesURLs() throws {
        let plain = try SMTPURL("smtp://mail.example.org")
        #expect(plain.host == "mail.example.org" && plain.port == 25 && plain.startTLS == .auto)
        #expect(!plain.usesImplicitTLS && plain.verifiesCertificate && plain.username == nil)

        let submission = try SMTPURL("smtp://me%40example.org:p%40ss@mail.example.org:587?starttls=require")
        #expect(submission.port == 587 && submission.startTLS == .require)
        #expect(submission.username == "me@example.org" && submission.password == "p@ss")
        #expect(submission.description == "smtp://me@example.org:***@mail.example.org:587?starttls=require")

        let implicit = try SMTPURL("SMTPS://[::1]?tls-verify=false")
        #expect(implicit.usesImplicitTLS && implicit.port == 465 && implicit.host == "::1")
        #expect(!implicit.verifiesCertificate && implicit.isLoopback)
        #expect(try SMTPURL("smtp://localhost:2525").isLoopback)
        #expect(try SMTPURL("smtp://127.0.0.2").isLoopback)
        #expect(try !SMTPURL("smtp://mail.example.org").isLoopback)
        #expect(try SMTPURL("smtp://relay?starttls=never").startTLS == .never)
    }

    @Test(arguments: [
        "mail.example.org", "http://mail.example.org", "smtp://", "smtp://host:0", "smtp://host:70000",
        "smtp://host/path", "smtp://host?starttls=sometimes", "smtp://host?tls-verify=no", "smtp://host?tls=1",
        "smtps://host?starttls=require", "smtp://:secret@host",
    ])
    func NOTIF2_rejectsBadURLs(text: String) {
        #expect(throws: SMTPURLError.self) { try SMTPURL(text) }
    }

    @Test func NOTIF2_errorsKeepPasswordsOut() {
        let error = #expect(throws: SMTPURLError.self) { try SMTPURL("smtp://user:hunter2@host?starttls=maybe") }
        #expect(error?.description.contains("hunter2") == false)
        let malformed = #expect(throws: SMTPURLError.self) { try SMTPURL("smtp://user:hun ter2@ho st") }
        #expect(malformed?.description.contains("hun ter2") == false)
    }

    @Test func NOTIF2_parsesMultiLineReplies() throws {
        var parser = SMTPReplyParser()
        parser.append(ByteBuffer(string: "250-mail.example.org\r\n250-AUTH PLAIN LOGIN\r\n250 STARTTLS\r\n220"))
        let lines = ["mail.example.org", "AUTH PLAIN LOGIN", "STARTTLS"]
        #expect(try parser.nextReply() == SMTPReply(code: 250, lines: lines))
        #expect(try parser.nextReply() == nil)
        #expect(parser.hasBufferedBytes)
        parser.append(ByteBuffer(string: "\n"))
        #expect(try parser.nextReply() == SMTPReply(code: 220, lines: [""]))

        for bad in ["25 short\r\n", "abc text\r\n", "250-one\r\n251 two\r\n", "250_x\r\n"] {
            var parser = SMTPReplyParser()
            parser.append(ByteBuffer(string: bad))
            #expect(throws: SMTPError.self) { while try parser.nextReply() != nil {} }
        }
    }

    @Test func NOTIF2_validatesAddresses() throws {
        for good in ["a@b.c", "first.last+tag@sub.example.org", "o'brien@example.ie"] {
            #expect(throws: Never.self) { try MailAddress(good) }
        }
        for bad in [
            "", "no-at", "a@b@c", "a b@c.d", "a@b.c\r\nRCPT TO:<x@y.z>", "a@", "@b.c", ".a@b.c", "a..b@c.d",
            "a@-b.c", "a@b..c", "<a@b.c>", "ü@b.c", "a@b.c>",
        ] {
            #expect(throws: MailError.self, "\(bad.debugDescription)") { try MailAddress(bad) }
        }
        #expect(try MailAddress("a@b.c", displayName: "Eve\r\nBcc: x@y.z").displayName == "EveBcc: x@y.z")
    }

    @Test func NOTIF2_rejectsBadExtraHeaders() {
        let from = try! MailAddress("a@b.c")
        for header in [("Bad Name", "x"), ("Bad:Name", "x"), ("", "x"), ("Subject", "again"), ("content-type", "x")] {
            let message = MailMessage(from: from, to: from, subject: "s", textBody: "b", headers: [header])
            #expect(throws: MailError.self) { try message.rendered() }
        }
        let injected = MailMessage(
            from: from, to: from, subject: "s", textBody: "b",
            headers: [("X-Tag", "one\r\nBcc: x@y.z")], messageID: "id@b.c")
        let text = String(decoding: try! injected.rendered(), as: UTF8.self)
        #expect(text.contains("X-Tag: oneBcc: x@y.z\r\n"))
        #expect(throws: MailError.self) {
            try MailMessage(from: from, to: from, subject: "s", textBody: "b", messageID: "a\r\nb@c").rendered()
        }
    }
}

/// A received message: the stored bytes and envelope, and what Python's `email` package read from them.
struct ReceivedMail: @unchecked Sendable {  // JSON values from JSONSerialization
    let raw: Data
    let envelope: [String: Any]
    let parsed: [String: Any]

    subscript(key: String) -> String? { parsed[key] as? String }
    var defects: [String] { parsed["defects"] as? [String] ?? [] }
    func header(_ name: String) -> String? {
        (parsed["headers"] as? [[String]])?.first { $0[0].lowercased() == name.lowercased() }?[1]
    }

    /// Only 7-bit bytes, every line ended by CRLF (no bare CR or LF) and no longer than `maxLineLength`.
    func expectSevenBitCRLF(maxLineLength: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = [UInt8](raw)
        #expect(bytes.allSatisfy { $0 < 0x80 }, sourceLocation: sourceLocation)
        var lineStart = 0
        for index in bytes.indices where bytes[index] == 0x0A || bytes[index] == 0x0D {
            if bytes[index] == 0x0D {
                #expect(index + 1 < bytes.count && bytes[index + 1] == 0x0A, "bare CR", sourceLocation: sourceLocation)
                #expect(
                    index - lineStart <= maxLineLength, "line \(index - lineStart) long",
                    sourceLocation: sourceLocation)
            } else {
                #expect(index > 0 && bytes[index - 1] == 0x0D, "bare LF", sourceLocation: sourceLocation)
                lineStart = index + 1
            }
        }
        #expect(bytes.suffix(2) == [0x0D, 0x0A], sourceLocation: sourceLocation)
    }
}

/// Runs blocking work (child processes, pipes) on a Dispatch thread, so that a test waiting for a process does not
/// hold one of the few cooperative threads the other tests (the timeout test above) need.
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

/// tests/support/smtp_sink.py running for one test, with its own folder for what it receives.
final class SMTPSink: Sendable {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let python = repository.appendingPathComponent(".venv/bin/python")

    let process: ChildProcess
    let directory: URL
    let port: Int

    static func start(_ arguments: String...) async throws -> SMTPSink {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw SinkError("\(python.path) is missing: run scripts/install-test-deps.sh")
        }
        return try await blocking { try SMTPSink(arguments) }
    }

    private init(_ arguments: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("doable-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let errors = directory.appendingPathComponent("sink.stderr")
        process = try ChildProcess(
            Self.python.path,
            [
                Self.repository.appendingPathComponent("tests/support/smtp_sink.py").path,
                "--out", directory.appendingPathComponent("out").path,
            ] + arguments,
            stdin: .pipe, stdout: .pipe, stderr: .file(errors.path))

        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = process.output?.availableData ?? Data()
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("READY "), let port = Int(text.dropFirst(6)) else {
            process.terminate()
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw SinkError("the SMTP sink did not start (scripts/install-test-deps.sh installs aiosmtpd): \(stderr)")
        }
        self.port = port
    }

    var messageCount: Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path))
        return names?.filter { $0.hasSuffix(".eml") }.count ?? 0
    }

    /// The `number`th message received (from 1), parsed by Python's `email` package.
    func message(_ number: Int) async throws -> ReceivedMail {
        try await blocking { [self] in try parse(number) }
    }

    private func parse(_ number: Int) throws -> ReceivedMail {
        let eml = directory.appendingPathComponent("out/\(number).eml")
        let envelope = try Data(contentsOf: directory.appendingPathComponent("out/\(number).json"))
        let parser = try ChildProcess(
            Self.python.path, ["-c", Self.parseScript, eml.path], stdin: .discarded, stdout: .pipe, stderr: .discarded)
        let parsed = parser.output?.readDataToEndOfFile() ?? Data()
        parser.waitUntilExit()
        return ReceivedMail(
            raw: try Data(contentsOf: eml),
            envelope: try JSONSerialization.jsonObject(with: envelope) as? [String: Any] ?? [:],
            parsed: try JSONSerialization.jsonObject(with: parsed) as? [String: Any] ?? [:])
    }

    /// Ends the sink (closing its stdin makes it exit) and removes its folder, without waiting for the exit.
    func stop() {
        try? process.input?.close()
        try? FileManager.default.removeItem(at: directory)
        DispatchQueue.global().async { [process] in process.waitUntilExit() }
    }

    private static let parseScript = #"""
        import email, email.policy, json, sys
        msg = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.default)
        def body(kind):
            part = msg.get_body((kind,))
            return None if part is None else part.get_content().replace("\r\n", "\n")
        def who(name):
            address = msg[name].addresses[0]
            return address.display_name, address.addr_spec
        print(json.dumps({
            "subject": str(msg["Subject"]), "contentType": msg.get_content_type(),
            "fromName": who("From")[0], "fromAddress": who("From")[1],
            "toName": who("To")[0], "toAddress": who("To")[1],
            "date": str(msg["Date"].datetime) if msg["Date"] else "",
            "text": body("plain"), "html": body("html"),
            "headers": [[name, str(value)] for name, value in msg.items()],
            "defects": [repr(defect) for part in msg.walk() for defect in part.defects],
        }))
        """#
}

extension SMTPError {
    var rejection: (step: String, code: Int)? {
        if case let .rejected(step, code, _) = self { (step, code) } else { nil }
    }
}

struct SinkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A throwaway self-signed certificate for localhost, made with openssl.
struct SelfSignedCertificate: Sendable {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doable-tls-\(UUID().uuidString)")
    let cert: String
    let key: String

    static func make() async throws -> SelfSignedCertificate {
        try await blocking { try SelfSignedCertificate() }
    }

    private init() throws {
        guard
            let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
                .first(where: FileManager.default.isExecutableFile(atPath:))
        else { throw SinkError("openssl is missing; the TLS tests need it") }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        cert = directory.appendingPathComponent("cert.pem").path
        key = directory.appendingPathComponent("key.pem").path
        let process = try ChildProcess(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
                "-keyout", key, "-out", cert,
            ], stdin: .discarded, stdout: .discarded, stderr: .discarded)
        guard process.waitUntilExit() == 0 else { throw SinkError("openssl could not make a certificate") }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
