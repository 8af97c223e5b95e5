import DoableCore
public import DoableStore
public import DoableDomain
import Foundation
public import Logging
import Metrics
public import ServiceLifecycle
import Synchronization

/// OPS-4: scheduled backups for people who will never remember to take one. Once the database is ready, then every
/// `interval`, writes `doable-YYYYMMDD-HHMMSS.doable-backup` into the folder (a temporary name, synced, renamed) and
/// removes the oldest beyond `keep`. A failure is logged and counted (`doable_backup_failures_total`) and the server
/// goes on; `doable_backup_last_success_timestamp` says when the last one was written.
public final class BackupScheduler: Service, Sendable {
    static let fileSuffix = ".doable-backup"

    let store: any StoreArchiving
    let schedule: BackupSchedule
    let readiness: ReadinessGate
    let logger: Logger
    let lastSuccess = Mutex<Double?>(nil)
    private let failures = Counter(label: "doable_backup_failures_total")

    public init(store: any StoreArchiving, schedule: BackupSchedule, readiness: ReadinessGate, logger: Logger) {
        self.store = store
        self.schedule = schedule
        self.readiness = readiness
        self.logger = logger
    }

    /// When the last scheduled backup was written (seconds since 1970), for `/metrics`.
    public var lastSuccessTimestamp: Double? { lastSuccess.withLock { $0 } }

    public func run() async throws {
        await cancelWhenGracefulShutdown { [readiness] in await readiness.wait() }
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            await backUpOnce()
            try? await cancelWhenGracefulShutdown { [schedule] in try await Task.sleep(for: schedule.interval) }
        }
    }

    /// One scheduled backup and the pruning after it; never throws.
    func backUpOnce() async {
        let started = ContinuousClock.now
        do {
            try FileManager.default.createDirectory(atPath: schedule.directory, withIntermediateDirectories: true)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd-HHmmss"
            let path = URL(fileURLWithPath: schedule.directory)
                .appendingPathComponent("doable-\(formatter.string(from: Date()))\(Self.fileSuffix)").path
            let writer = try BackupArchiveWriter()
            let manifest = try await store.backup(into: writer)
            try writer.write(manifest, toFile: path)
            lastSuccess.withLock { $0 = Date().timeIntervalSince1970 }
            let removed = try prune()
            logger.info(
                "Backup written",
                metadata: [
                    "doable.backup.path": "\(path)", "doable.backup.rows": "\(manifest.totalRows)",
                    "doable.backup.bytes": "\(manifest.totalBytes)", "doable.backup.removed": "\(removed)",
                    "doable.backup.seconds": "\(ContinuousClock.now - started)",
                ])
        } catch {
            failures.increment()
            logger.error(
                "Backup failed; the server goes on and tries again at the next scheduled time",
                metadata: [
                    "doable.backup.folder": "\(schedule.directory)", "doable.error": "\(String(reflecting: error))",
                ])
        }
    }

    /// Removes the oldest archives beyond `keep` (by name, which is by time), and temporary files left by a crash.
    func prune() throws -> Int {
        let names = try FileManager.default.contentsOfDirectory(atPath: schedule.directory)
        let archives = names.filter { $0.hasPrefix("doable-") && $0.hasSuffix(Self.fileSuffix) }.sorted()
        let leftovers = names.filter { $0.hasPrefix(".doable-") && $0.contains(".partial-") }
        let doomed = archives.dropLast(schedule.keep) + leftovers
        for name in doomed {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: schedule.directory).appendingPathComponent(name).path)
        }
        return doomed.count
    }
}
