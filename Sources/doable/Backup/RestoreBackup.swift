import DoableStore
import Foundation
import Logging

/// OPS-4: `doable restore FILE` puts an archive back into `--data-dir` or `--database-url`, either engine. The archive
/// is checked whole (format, schema version, every part's length and SHA-256) before the target is opened; the
/// target is replaced in one transaction, so an interrupted restore leaves it as it was.
struct RestoreBackup {
    var file: String
    var force: Bool
    var storeOptions: StoreOptions

    func run() async throws {
        let started = ContinuousClock.now
        let reader: BackupArchiveReader
        do {
            reader = try BackupArchiveReader(path: file)
            let checking = BackupProgressLine(verb: "Checking")
            try reader.verify(progress: checking.handler)
            checking.finish()
        } catch let error as BackupError {
            throw CLIError.user(error.description)
        }
        var logger = Logger(label: "doable.restore")
        logger.logLevel = .warning
        let store = try await storeOptions.openStore(logger: logger)
        let report: RestoreReport
        let progress = BackupProgressLine(verb: "Restoring")
        do {
            guard let archiving = store as? any StoreArchiving else { throw CLIError.user("This store cannot be restored into.") }
            if let existing = try await archiving.existingData(), !force {
                throw BackupError.targetHoldsData(existing)
            }
            report = try await archiving.restore(from: reader, progress: progress.handler)
            progress.finish()
            try await store.close()
        } catch {
            progress.finish()
            try? await store.close()
            if let error = error as? BackupError { throw CLIError.user(error.description) }
            throw error
        }
        let width = report.rows.map(\.table.count).max() ?? 0
        print(
            "Restored \(BackupProgressLine.count(report.totalRows)) rows from \(file) (taken \(reader.manifest.createdAt) on \(reader.manifest.engine)) into \(storeOptions.targetDescription):"
        )
        for (table, count) in report.rows where count > 0 {
            print("  " + table.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + BackupProgressLine.count(count))
        }
        print(
            String(
                format: "Done in %.1f s. Devices and calendar apps will resync from scratch on their next sync.",
                BackupFiles.seconds(since: started)))
    }
}
