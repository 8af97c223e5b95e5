import HTTPTypes
public import NIOCore
public import NIOHTTPTypes

/// Sits in every HTTP/1.1 connection between the decoder and Hummingbird (issue 10, findings 1, 3 and 11).
///
/// - A request the decoder cannot read (a broken request line or header, headers over the limit) is answered here
///   with the JSON error shape, where Hummingbird would answer an empty 400. When the fault is in the body of a
///   request the app is already answering, the app's answer goes out (`ErrorMiddleware` turns the decoder's error
///   into a 400 with the error shape) and Hummingbird's extra empty 400 does not.
/// - A connection that should end — the request or the response said `Connection: close`, or the stream can no
///   longer be framed — is ended right after the last response: its output is shut at once, so the client sees the
///   end, and what the client still sends is read and dropped for `lingerTime` before the socket is closed, so a
///   client still sending a refused body reads its answer instead of a reset.
public final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPRequestPart
    public typealias InboundOut = HTTPRequestPart
    public typealias OutboundIn = HTTPResponsePart
    public typealias OutboundOut = HTTPResponsePart

    /// How long a closing connection's input is still drained before the socket is closed.
    let lingerTime: TimeAmount

    private var requestsRead = 0
    private var responsesWritten = 0
    /// A request's head was read and its end not yet.
    private var isReadingBody = false
    /// The number of responses after which the connection ends, once something asked for that.
    private var closesAfterResponse: Int?
    /// A request that could not be read at all, answered once the responses before it are written.
    private var owedRefusal: MalformedRequest?
    private var hasSeenProtocolError = false
    private var ignoresInput = false
    /// The number of a CONNECT request, whose answer may not have a body.
    private var connectRequest: Int?
    /// Output shut; input drained until the client leaves or `lingerTime` passes.
    private var isClosing = false

    public init(lingerTime: TimeAmount = .seconds(2)) {
        self.lingerTime = lingerTime
    }

    // MARK: Inbound

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing, owedRefusal == nil, !ignoresInput else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let last = closesAfterResponse, requestsRead >= last {
                ignoresInput = true  // a request after the one that ends the connection is never answered
                return
            }
            requestsRead += 1
            isReadingBody = true
            if Self.asksToClose(head.headerFields) || Self.asksToUpgrade(head.headerFields) {
                // The decoder reads nothing after a request to switch protocols, which Doable never does.
                closeAfter(requestsRead)
            }
            if head.method == .connect {
                // Doable is no proxy: the router answers 404, without a body (the encoder gives answers to CONNECT
                // none), and what follows a CONNECT is not HTTP, so the connection ends there.
                connectRequest = requestsRead
                closeAfter(requestsRead)
            }
        case .body:
            break
        case .end:
            isReadingBody = false
        }
        context.fireChannelRead(data)
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        if isClosing {
            context.read()  // keep draining; nobody above asks for more
        } else {
            context.fireChannelReadComplete()
        }
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let refusal = MalformedRequest(error) else {
            context.fireErrorCaught(error)
            return
        }
        // After the first framing error the decoder only repeats itself.
        guard !hasSeenProtocolError, !isClosing else { return }
        hasSeenProtocolError = true
        closeAfter(requestsRead)
        if isReadingBody {
            // The fault is in the body of a request already passed on: its handler (or Hummingbird, if the handler
            // did not read the body) learns of it and answers; the connection closes after that answer.
            isReadingBody = false
            if responsesWritten < requestsRead {
                context.fireErrorCaught(error)
            } else {
                startClosing(context: context)
            }
        } else if responsesWritten < requestsRead {
            owedRefusal = refusal  // answered after the responses still owed to earlier requests
        } else {
            write(refusal, context: context)
        }
    }

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if isClosing, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)  // the client has read everything it wanted
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Outbound

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !isClosing else {
            // Only Hummingbird's own empty 400 after a framing error comes here; the client has its answer.
            promise?.fail(ChannelError.outputClosed)
            return
        }
        let part = unwrapOutboundIn(data)
        switch part {
        case .head(let head):
            if Self.asksToClose(head.headerFields) { closeAfter(responsesWritten + 1) }
            context.write(data, promise: promise)
        case .body:
            if connectRequest == responsesWritten + 1 {
                promise?.succeed()  // the 404's JSON; the encoder refuses any body for CONNECT
            } else {
                context.write(data, promise: promise)
            }
        case .end:
            responsesWritten += 1
            context.write(data, promise: promise)
            if let last = closesAfterResponse, responsesWritten >= last {
                if let refusal = owedRefusal {
                    write(refusal, context: context)
                } else {
                    startClosing(context: context)
                }
            }
        }
    }

    // MARK: Closing

    private func closeAfter(_ response: Int) {
        closesAfterResponse = min(closesAfterResponse ?? response, response)
    }

    private func write(_ refusal: MalformedRequest, context: ChannelHandlerContext) {
        owedRefusal = nil
        let body = refusal.body
        var head = HTTPResponse(status: refusal.status)
        head.headerFields[.contentType] = "application/json; charset=utf-8"
        head.headerFields[.contentLength] = String(body.count)
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
        startClosing(context: context)
    }

    private func startClosing(context: ChannelHandlerContext) {
        guard !isClosing else { return }
        isClosing = true
        context.flush()
        let channel = context.channel
        context.close(mode: .output, promise: nil)
        context.eventLoop.scheduleTask(in: lingerTime) { channel.close(promise: nil) }
        context.read()
    }

    static func asksToClose(_ fields: HTTPFields) -> Bool { connectionOptions(fields).contains("close") }

    static func asksToUpgrade(_ fields: HTTPFields) -> Bool {
        fields[.upgrade] != nil && connectionOptions(fields).contains("upgrade")
    }

    /// The options of the `Connection` header fields, lower-cased.
    static func connectionOptions(_ fields: HTTPFields) -> Set<String> {
        Set(
            fields[values: .connection].flatMap { value in
                value.split(separator: ",").map { option in option.filter { $0 != " " && $0 != "\t" }.lowercased() }
            })
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}
