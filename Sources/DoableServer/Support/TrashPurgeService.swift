import DoableStore
import Logging
import ServiceLifecycle

/// TASK-8: every so often, deletes for good what has been in the trash for 30 days.
struct TrashPurgeService: Service {
    let domain: Domain
    let logger: Logger
    var intervalSeconds: Int64 = 3600

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                let purged = try await domain.purgeExpiredTrash()
                if purged > 0 { logger.info("Purged expired trash", metadata: ["doable.purged": "\(purged)"]) }
            } catch {
                logger.error("Trash purge failed", metadata: ["doable.error": "\(String(reflecting: error))"])
            }
            try? await gracefulShutdownSleep(seconds: intervalSeconds)
        }
    }

    func gracefulShutdownSleep(seconds: Int64) async throws {
        try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(seconds)) }
    }
}

/// Closes the store once the server has finished its in-flight requests.
struct StoreCloser: Service {
    let store: any Store

    func run() async throws {
        try? await gracefulShutdown()
        try await store.close()
    }
}
