public import NIOSSL
import Synchronization

/// Makes NIOSSL contexts one at a time in this process. Making one reads the system's trust roots, and two threads
/// doing so at once crashed inside BoringSSL's certificate parsing (seen in CI: two SMTP clients made in parallel
/// tests); it is rare and slow work, so one lock costs nothing.
public enum TLSContexts {
    private static let lock = Mutex(())

    public static func make(_ configuration: TLSConfiguration) throws -> NIOSSLContext {
        try lock.withLock { _ in try NIOSSLContext(configuration: configuration) }
    }
}
