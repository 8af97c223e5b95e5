@_spi(StoreWriting) import DoableStore
public import Logging
public import ServiceLifecycle
import PublicInit

/// Passes the store's feed signals (commits of every process on the database) to the notifier until graceful
/// shutdown, then closes the notifier, which ends every live stream that is still open.
@PublicInit
public struct FeedNotifierService: Service {
    let domain: Domain
    let logger: Logger

    public func run() async throws {
        let notifier = domain.notifier
        await cancelWhenGracefulShutdown { [domain, logger] in
            await domain.readiness.wait()
            while !Task.isCancelled {
                for await signal in domain.store.feedSignals() {
                    switch signal {
                    case .advanced(let advanced): notifier.signal(advanced)
                    case .unknown: notifier.signalEveryone()
                    case .credentialsEnded(let accounts): for account in accounts { notifier.recheckCredentials(of: account) }
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
