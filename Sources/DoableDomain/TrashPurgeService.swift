import Logging
import ServiceLifecycle

/// TASK-8: every so often, deletes for good what has been in the trash for 30 days.
public struct TrashPurgeService: Service {
    let domain: Domain
    let logger: Logger
    var intervalSeconds: Int64 = 3600

    public init(domain: Domain, logger: Logger) {
        self.domain = domain
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                let purged = try await domain.purgeExpiredTrash()
                if purged > 0 { logger.info("Purged expired trash", metadata: ["doable.purged": "\(purged)"]) }
            } catch {
                logger.error("Trash purge failed", metadata: ["doable.error": "\(String(reflecting: error))"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(intervalSeconds)) }
        }
    }
}
