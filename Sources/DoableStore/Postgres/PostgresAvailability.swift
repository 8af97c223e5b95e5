import DoableCore
import Logging
import Metrics
import NIOCore
import NIOSSL
import PostgresNIO

/// Issue 34, part 1: whether PostgreSQL can be reached, known without waiting. A probe of its own (one direct
/// connection, not the pool's: a busy pool must not look like a dead server) asks `SELECT 1` every second with a
/// one-second limit. While the server is down, a store operation does not wait for the pool's next reconnection
/// attempt (which backs off to a minute) but answers `StoreError.unavailable` at once, and an operation already
/// waiting for a connection gives up as soon as the probe fails. An operation that holds a connection finishes
/// what it does (its connection fails by itself if the server is gone), so nothing is cancelled mid-transaction.
final class PostgresAvailability: Sendable {
    /// Open while the server is down: operations waiting for a connection wait at it too.
    private let wentDown = Gate()

    var isDown: Bool { wentDown.isOpen }

    /// Returns once the server is found down (at once if it is), or when the task is cancelled.
    func waitUntilDown() async { await wentDown.wait() }

    /// Probes every `interval` until cancelled, on a connection of its own made with `configuration`.
    func probe(
        configuration: PostgresConnection.Configuration, interval: Duration = .seconds(1),
        logger: Logger
    ) async {
        var connection: PostgresConnection?
        var id = 0
        while !Task.isCancelled {
            let started = ContinuousClock.now
            let reachable = try? await withDeadline(interval) { [connection, id] () -> PostgresConnection in
                let live: PostgresConnection
                if let connection, !connection.isClosed {
                    live = connection
                } else {
                    live = try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
                }
                try await live.query("SELECT 1", logger: logger)
                return live
            }
            if let reachable {
                connection = reachable
                if wentDown.close() {
                    logger.notice("PostgreSQL answers again: requests that need the database are served again")
                }
            } else {
                if let old = connection { connection = nil; try? await old.close() }
                if wentDown.open() {
                    Counter(label: "doable_database_outages_total").increment()
                    logger.error("PostgreSQL does not answer: requests that need the database get 503 database_unavailable until it does")
                }
            }
            id += 1
            let rest = interval - (ContinuousClock.now - started)
            if rest > .zero { try? await Task.sleep(for: rest) }
        }
        try? await connection?.close()
    }
}

extension PostgresURL {
    /// A single connection's configuration, for the availability probe: the same server, user and TLS mode.
    var probeConfiguration: PostgresConnection.Configuration? {
        var configuration: PostgresConnection.Configuration
        if let path = unixSocketPath {
            configuration = .init(unixSocketPath: path, username: username, password: password, database: database)
        } else {
            let connectionTLS: PostgresConnection.Configuration.TLS
            do {
                switch tlsMode {
                case .disable: connectionTLS = .disable
                case .prefer: connectionTLS = .prefer(try TLSContexts.make(tlsConfiguration))
                default: connectionTLS = .require(try TLSContexts.make(tlsConfiguration))
                }
            } catch {
                return nil
            }
            configuration = .init(
                host: host, port: port, username: username, password: password, database: database,
                tls: connectionTLS)
        }
        configuration.options.connectTimeout = .seconds(1)
        configuration.options.additionalStartupParameters = [("application_name", "doable-probe")]
        return configuration
    }
}
