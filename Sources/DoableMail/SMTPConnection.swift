import DoableCore
import NIOCore
import NIOPosix
import NIOSSL

/// One open SMTP connection on NIO: sends a command, waits for its reply (each wait bounded by the timeout).
struct SMTPConnection: Sendable {
    let channel: any Channel
    let greeting: SMTPReply

    /// Connects (with TLS from the start when `implicitTLS` is given) and reads the greeting.
    static func open(host: String, port: Int, implicitTLS: NIOSSLContext?, timeout: TimeAmount) async throws
        -> SMTPConnection
    {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let greeting = loop.makePromise(of: SMTPReply.self)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let implicitTLS {
                        let tls = try NIOSSLClientHandler(context: implicitTLS, serverHostname: serverName(host))
                        try channel.pipeline.syncOperations.addHandler(tls)
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        SMTPChannelHandler(greeting: greeting, timeout: timeout))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            let failure = SMTPError.connectionFailed("\(host):\(port): \(String(reflecting: error))")
            greeting.fail(failure)
            throw failure
        }
        do {
            return SMTPConnection(channel: channel, greeting: try await greeting.futureResult.get())
        } catch {
            try? await channel.close()
            throw error
        }
    }

    /// The server name sent for SNI and checked against the certificate; none for an IP address.
    static func serverName(_ host: String) -> String? { IPAddress(host) == nil ? host : nil }

    /// Sends `line` and returns the reply, whatever its code. `step` names the command in errors, so a line that
    /// holds credentials never appears in one.
    func reply(to step: String, _ line: String) async throws -> SMTPReply {
        try await send(command(step, line))
    }

    /// Sends STARTTLS; once the server answers 220, the handler puts TLS in front of everything that follows.
    func startTLS(_ context: NIOSSLContext, host: String) async throws {
        var command = command("STARTTLS", "STARTTLS")
        command.startsTLS = (context, Self.serverName(host))
        try await send(command).expect([220], for: "STARTTLS")
    }

    /// Sends `line` and throws unless the reply has one of `codes`.
    @discardableResult
    func run(_ step: String, _ line: String, expecting codes: Int...) async throws -> SMTPReply {
        let reply = try await reply(to: step, line)
        try reply.expect(codes, for: step)
        return reply
    }

    /// Sends the message after `DATA`: dot-stuffed, then the closing `.` line; throws unless the server takes it.
    func sendData(_ message: [UInt8]) async throws {
        var bytes = channel.allocator.buffer(capacity: message.count + message.count / 64 + 5)
        var atLineStart = true
        for byte in message {
            if atLineStart, byte == UInt8(ascii: ".") { bytes.writeInteger(UInt8(ascii: ".")) }
            bytes.writeInteger(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        bytes.writeString(atLineStart ? ".\r\n" : "\r\n.\r\n")
        try await send(SMTPCommand(step: "the message", bytes: bytes, reply: channel.eventLoop.makePromise()))
            .expect([250], for: "the message")
    }

    func close() async {
        try? await channel.close()
    }

    private func command(_ step: String, _ line: String) -> SMTPCommand {
        var bytes = channel.allocator.buffer(capacity: line.utf8.count + 2)
        bytes.writeString(line)
        bytes.writeString("\r\n")
        return SMTPCommand(step: step, bytes: bytes, reply: channel.eventLoop.makePromise())
    }

    private func send(_ command: SMTPCommand) async throws -> SMTPReply {
        channel.writeAndFlush(command).whenFailure { error in
            command.reply.fail(SMTPError.connectionFailed(String(reflecting: error)))
        }
        return try await command.reply.futureResult.get()
    }
}
