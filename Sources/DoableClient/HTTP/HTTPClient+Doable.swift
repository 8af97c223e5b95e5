public import AsyncHTTPClient
import NIOCore

extension HTTPClient {
    /// The client the library uses unless given another: `HTTPClient.shared`'s settings, but giving up on a
    /// connection after 5 seconds and on a silent one after 90 (the live channel's heartbeat comes every 15 seconds
    /// at most). A refused connection fails at once instead of being retried until the connect timeout, so a device
    /// whose server is down reads as offline at once (SYNC-3); the sync engine's backoff does the retrying. Like
    /// `.shared`, it is never shut down.
    public static let doable: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5), read: .seconds(90))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
