import DoableStore
public import Logging
public import ServiceLifecycle

/// Domain work done every so often while the server runs (the trash purge, feed retention): once the database is
/// ready, then every `interval` until graceful shutdown. A failed round is logged and tried again next time.
public struct PeriodicJob: Service {
    let domain: Domain
    let logger: Logger
    let interval: Duration
    /// What a round that did something logs, and what a failed round logs.
    let doneMessage: Logger.Message
    let failedMessage: Logger.Message
    /// One round; returns how many rows went.
    let work: @Sendable (Domain) async throws -> Int

    public func run() async throws {
        await cancelWhenGracefulShutdown { [domain] in await domain.readiness.wait() }
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                let count = try await work(domain)
                if count > 0 { logger.info(doneMessage, metadata: ["doable.purged": "\(count)"]) }
            } catch {
                domain.reportBackgroundFailure(failedMessage, error, logger: logger)
            }
            try? await cancelWhenGracefulShutdown { [interval] in try await Task.sleep(for: interval) }
        }
    }
}

extension PeriodicJob {
    /// TASK-8: deletes for good, once an hour, what has been in the trash for 30 days.
    public static func trashPurge(domain: Domain, logger: Logger) -> PeriodicJob {
        PeriodicJob(
            domain: domain, logger: logger, interval: .seconds(3600), doneMessage: "Purged expired trash",
            failedMessage: "Trash purge failed"
        ) { try await $0.tasks.purgeExpiredTrash() }
    }

    /// SYNC-4: drops feed entries older than the retention, once an hour; the feed's floor rises with them, and a
    /// client whose cursor is below it is told to reset.
    public static func feedRetention(domain: Domain, retentionDays: Int, logger: Logger) -> PeriodicJob {
        let seconds = Int64(retentionDays) * 86_400
        return PeriodicJob(
            domain: domain, logger: logger, interval: .seconds(3600),
            doneMessage: "Dropped old feed entries", failedMessage: "Feed retention failed"
        ) {
            try await $0.purgeFeed(olderThanSeconds: seconds)
        }
    }

    /// Issue 26: notifications, finished deliveries (with their attempts) and sync rejections older than the
    /// retention go, once an hour, a small batch per transaction so that no write waits long.
    public static func recordRetention(domain: Domain, retentionDays: Int, logger: Logger) -> PeriodicJob {
        let seconds = Int64(retentionDays) * 86_400
        return PeriodicJob(
            domain: domain, logger: logger, interval: .seconds(3600),
            doneMessage: "Dropped old notifications and delivery records",
            failedMessage: "Record retention failed"
        ) {
            try await $0.purgeOldRecords(olderThanSeconds: seconds)
        }
    }
}
