public import Logging
public import ServiceLifecycle
import UnixSignals

/// OPS-5: reads the certificate and key again on every SIGHUP (a renewal tool's usual nudge), without dropping a
/// connection. A reload that fails is logged and the old certificate stays.
public struct TLSReloadService: Service {
    let identity: ReloadableTLSIdentity
    let logger: Logger

    public init(identity: ReloadableTLSIdentity, logger: Logger) {
        self.identity = identity
        self.logger = logger
    }

    public func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            do {
                let fresh = try identity.reload()
                logger.info(
                    "TLS certificate reloaded",
                    metadata: ["doable.tls.serial": "\(fresh.serialNumber)", "doable.tls.not_after": "\(fresh.notValidAfter)"])
            } catch {
                logger.error("TLS certificate not reloaded; the old one is still served: \(error)")
            }
        }
    }
}
