import NIOCore
public import NIOSSL
import Synchronization

/// OPS-5: the identity each new TLS connection is given, read again from the same files on `reload()`. Connections
/// already open keep the certificate they were given; a reload that fails keeps the old identity.
///
/// The server's `NIOSSLContext` is made once; its context callback (`NIOSSLContextCallback`, run at every client
/// hello) hands each handshake the identity current at that moment.
public final class ReloadableTLSIdentity: Sendable {
    public let certificateFile: String
    public let keyFile: String
    private let identity: Mutex<TLSIdentity>

    /// Reads both files; throws what is wrong with them before anything listens.
    public init(certificateFile: String, keyFile: String) throws(TLSIdentityError) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.identity = Mutex(try TLSIdentity.load(certificateFile: certificateFile, keyFile: keyFile))
    }

    public var current: TLSIdentity { identity.withLock { $0 } }

    /// Reads the files again and serves what they hold from the next handshake on.
    @discardableResult
    public func reload() throws(TLSIdentityError) -> TLSIdentity {
        let fresh = try TLSIdentity.load(certificateFile: certificateFile, keyFile: keyFile)
        identity.withLock { $0 = fresh }
        return fresh
    }

    /// A server configuration for the listener: the identity at start, replaced per handshake by the current one.
    public var serverConfiguration: TLSConfiguration {
        var configuration = current.serverConfiguration
        configuration.sslContextCallback = { [self] _, promise in
            let identity = current
            var override = NIOSSLContextConfigurationOverride()
            override.certificateChain = identity.certificateChain.map { .certificate($0) }
            override.privateKey = .privateKey(identity.privateKey)
            promise.succeed(override)
        }
        return configuration
    }
}
