import ArgumentParser
import DoableStore
import Foundation
import Logging

/// OPS-4: `doable backup -o FILE` takes an online, consistent snapshot of everything in the store (both engines,
/// while the server runs and writes) into one engine-neutral archive (docs/backup.md).
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a backup of everything on the server's database (while it runs) into one archive.",
        discussion: """
            Takes the same --data-dir or --database-url as `doable serve`. The archive holds every account with \
            everything in it; `doable restore FILE` brings it back, into either engine. See docs/backup.md.
            """)

    @Option(name: [.short, .customLong("output")], help: "The archive to write; - writes it to standard output.")
    var output: String

    @Flag(name: .long, help: "Print the archive's manifest (parts, rows, checksums) as JSON when done.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        var logger = Logger(label: "doable.backup")
        logger.logLevel = .warning
        let started = ContinuousClock.now
        if output != "-" { try BackupFiles.checkWritable(folderOf: output) }
        let store = try await storeOptions.openStore(logger: logger)
        let manifest: BackupManifest
        let progress = BackupProgressLine(verb: "Backing up")
        do {
            guard let archiving = store as? any StoreArchiving else { throw CLIError.user("This store cannot be backed up.") }
            let writer = try BackupArchiveWriter(progress: progress.handler)
            manifest = try await archiving.backup(into: writer)
            try await store.close()
            progress.finish()
            if output == "-" {
                try writer.write(manifest, to: FileHandle.standardOutput)
            } else {
                try writer.write(manifest, toFile: output)
            }
        } catch {
            progress.finish()
            try? await store.close()
            if let error = error as? BackupWriteError { throw CLIError.user(error.description) }
            throw error
        }
        let seconds = BackupFiles.seconds(since: started)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let text = String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n"
            if output == "-" { Terminal.writeError(text) } else { print(text, terminator: "") }
        } else {
            Terminal.warn(
                String(
                    format: "Backed up %@ rows in %d tables (%@) to %@ in %.1f s.",
                    BackupProgressLine.count(manifest.totalRows), manifest.parts.count,
                    BackupProgressLine.size(manifest.totalBytes),
                    output == "-" ? "standard output" : output, seconds))
        }
    }
}

enum BackupFiles {
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Fails early, with the reason, when the archive's folder cannot take a file (missing, read-only, full).
    static func checkWritable(folderOf path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIError.user("Could not write the backup to \(path): the folder \(folder) does not exist.")
        }
        let probe = URL(fileURLWithPath: folder).appendingPathComponent(".doable-backup-probe-\(UUID().uuidString.prefix(8))")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data("probe".utf8)) else {
            let reason = String(cString: strerror(errno))
            throw CLIError.user("Could not write the backup to \(path): \(reason).")
        }
        try? FileManager.default.removeItem(at: probe)
    }
}
