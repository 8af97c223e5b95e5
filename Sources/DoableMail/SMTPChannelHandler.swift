import NIOCore
import NIOSSL

/// One command for `SMTPChannelHandler`: the bytes to send (none for the greeting) and where its reply goes.
struct SMTPCommand: Sendable {
    /// What errors call the step: `EHLO`, `RCPT TO`, never the bytes (they may hold credentials).
    var step: String
    var bytes: ByteBuffer?
    var reply: EventLoopPromise<SMTPReply>
    /// For STARTTLS: the TLS to start as soon as the server answers 220.
    var startsTLS: (context: NIOSSLContext, serverHostname: String?)?
}

/// Writes commands and hands each decoded reply to the oldest command still waiting, one timeout at a time.
/// Any failure fails every waiting command and closes the channel.
final class SMTPChannelHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = SMTPCommand
    typealias OutboundOut = ByteBuffer

    private let timeout: TimeAmount
    private var parser = SMTPReplyParser()
    private var waiting: CircularBuffer<SMTPCommand>
    private var timer: Scheduled<Void>?

    /// `greeting` waits for the server's first reply from the moment the handler is added.
    init(greeting: EventLoopPromise<SMTPReply>, timeout: TimeAmount) {
        self.timeout = timeout
        waiting = [SMTPCommand(step: "the greeting", bytes: nil, reply: greeting)]
    }

    func handlerAdded(context: ChannelHandlerContext) { startTimer(context: context) }

    func handlerRemoved(context: ChannelHandlerContext) {
        failAll(.connectionFailed("the connection closed"), context: context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let command = unwrapOutboundIn(data)
        guard context.channel.isActive else {
            command.reply.fail(SMTPError.connectionFailed("the server closed the connection"))
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        waiting.append(command)
        if waiting.count == 1 { startTimer(context: context) }
        if let bytes = command.bytes {
            context.write(wrapOutboundOut(bytes), promise: promise)
        } else {
            promise?.succeed()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        parser.append(unwrapInboundIn(data))
        do {
            while let reply = try parser.nextReply() {
                guard let command = waiting.popFirst() else {
                    throw SMTPError.protocolViolation("unexpected reply \(reply.code) \(reply.message)")
                }
                timer?.cancel()
                if let tls = command.startsTLS, reply.code == 220 {
                    // Bytes sent before the handshake would be read as if they came over TLS (CVE-2011-0411).
                    guard !parser.hasBufferedBytes else {
                        throw SMTPError.protocolViolation("the server sent more data after agreeing to STARTTLS")
                    }
                    let handler = try NIOSSLClientHandler(context: tls.context, serverHostname: tls.serverHostname)
                    try context.pipeline.syncOperations.addHandler(handler, position: .first)
                }
                command.reply.succeed(reply)
                if !waiting.isEmpty { startTimer(context: context) }
            }
        } catch {
            fail(error, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        failAll(.connectionFailed("the server closed the connection"), context: context)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error, context: context)
    }

    private func fail(_ error: any Error, context: ChannelHandlerContext) {
        failAll(error as? SMTPError ?? .connectionFailed(String(reflecting: error)), context: context)
        context.close(promise: nil)
    }

    private func failAll(_ error: SMTPError, context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        while let command = waiting.popFirst() { command.reply.fail(error) }
    }

    private func startTimer(context: ChannelHandlerContext) {
        timer?.cancel()
        guard let step = waiting.first?.step else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            fail(SMTPError.timedOut(step: step), context: context)
        }
    }
}
