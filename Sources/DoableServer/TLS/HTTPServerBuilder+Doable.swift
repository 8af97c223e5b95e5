import DoableHTTP
import DoableTLS
import HummingbirdCore
import HummingbirdHTTP2
import NIOCore

extension HTTPServerBuilder {
    /// The main listener: HTTP/1.1 in plain text, or with `--tls-cert` HTTPS with HTTP/2 and HTTP/1.1 negotiated by
    /// ALPN (OPS-5). Each HTTP/1.1 connection, and each HTTP/2 stream, goes through `ConnectionGuard`.
    static func doable(configuration: ServerConfiguration) throws -> HTTPServerBuilder {
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuard()], idleTimeout: .seconds(configuration.idleTimeoutSeconds))
        guard let tls = configuration.tls else { return .http1(configuration: http1) }
        return try .http2Upgrade(
            tlsConfiguration: tls.serverConfiguration,
            configuration: .init(idleTimeout: .seconds(configuration.idleTimeoutSeconds), streamConfiguration: http1))
    }
}
