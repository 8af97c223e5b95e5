import AsyncHTTPClient
import NIOCore

extension HTTPClient {
    /// The client the library uses unless given another: `HTTPClient.shared`'s settings, but giving up on a
    /// connection after 5 seconds (so an unreachable server reads as offline quickly) and on a silent one after 90
    /// (the live channel's heartbeat comes every 15 seconds at most). Like `.shared`, it is never shut down.
    public static let doable: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5), read: .seconds(90))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
