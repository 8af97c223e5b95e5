@_spi(StoreWriting) import DoableStore
import Logging
import ServiceLifecycle

/// Passes the store's feed signals (commits of every process on the database) to the notifier until graceful
/// shutdown, then closes the notifier, which ends every live stream that is still open.
public struct FeedNotifierService: Service {
    let store: any Store
    let notifier: FeedNotifier

    public init(domain: Domain) {
        store = domain.store
        notifier = domain.notifier
    }

    public func run() async throws {
        let signals = store.feedSignals()
        await cancelWhenGracefulShutdown {
            for await signal in signals {
                switch signal {
                case .advanced(let advanced): notifier.signal(advanced)
                case .unknown: notifier.signalEveryone()
                }
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
