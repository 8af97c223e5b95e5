@_spi(StoreWriting) import DoableStore
import Logging
import ServiceLifecycle

/// Passes the store's feed signals (commits of every process on the database) to the notifier until graceful
/// shutdown, then closes the notifier, which ends every live stream that is still open.
public struct FeedNotifierService: Service {
    let domain: Domain
    let logger: Logger

    public init(domain: Domain, logger: Logger) {
        self.domain = domain
        self.logger = logger
    }

    public func run() async throws {
        let notifier = domain.notifier
        await cancelWhenGracefulShutdown { [domain, logger] in
            await domain.readiness.wait()
            while !Task.isCancelled {
                for await signal in domain.store.feedSignals() {
                    switch signal {
                    case .advanced(let advanced): notifier.signal(advanced)
                    case .unknown: notifier.signalEveryone()
                    }
                }
                if Task.isCancelled { break }
                // The store could not watch its feed (the file or the connection went away): say so, have
                // everyone look again, and watch anew in a moment.
                logger.warning("Feed signals stopped; watching again")
                notifier.signalEveryone()
                try? await Task.sleep(for: .seconds(1))
            }
        }
        notifier.close()
    }
}

/// Drops feed entries older than the retention (default 90 days), once an hour; the feed's floor rises with them,
/// and a client whose cursor is below it is told to reset (SYNC-4).
public struct FeedRetentionService: Service {
    let domain: Domain
    let retentionSeconds: Int64
    let logger: Logger
    let intervalSeconds: Int64

    public init(domain: Domain, retentionDays: Int, logger: Logger, intervalSeconds: Int64 = 3600) {
        self.domain = domain
        retentionSeconds = Int64(retentionDays) * 86_400
        self.logger = logger
        self.intervalSeconds = intervalSeconds
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { [domain] in await domain.readiness.wait() }
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                let purged = try await domain.purgeFeed(olderThanSeconds: retentionSeconds)
                if purged > 0 { logger.info("Dropped old feed entries", metadata: ["doable.purged": "\(purged)"]) }
            } catch {
                logger.error("Feed retention failed", metadata: ["doable.error": "\(String(reflecting: error))"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(intervalSeconds)) }
        }
    }
}
