import DoableCore
import Crypto
public import Foundation

/// Writes an archive (docs/backup.md): each part is spooled to a file of its own in a private temporary folder while
/// its SHA-256 is computed, then the archive is put together as the header line, the manifest line and the parts.
/// Into a file it goes under a temporary name, is synced, and only then renamed, so that no interrupted backup
/// leaves a file that looks complete.
public final class BackupArchiveWriter: @unchecked Sendable {
    static let magic = "DOABLE-BACKUP 1\n"

    private let spool: URL
    private let progress: (@Sendable (BackupProgress) -> Void)?
    private var parts: [BackupPart] = []
    private var current: (part: BackupPart, handle: FileHandle, hasher: SHA256, buffer: [UInt8])?
    private var lastReport = ContinuousClock.now
    /// The rows the snapshot holds in all, when the engine counted them first: the progress bar's total.
    public var expectedRows: Int?
    private var bytesSoFar: Int64 = 0

    public init(progress: (@Sendable (BackupProgress) -> Void)? = nil) throws {
        spool = FileManager.default.temporaryDirectory.appendingPathComponent("doable-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: false)
        self.progress = progress
    }

    deinit { try? FileManager.default.removeItem(at: spool) }

    public func beginPart(_ name: String, columns: [BackupColumn]) throws {
        try endPart()
        let url = spool.appendingPathComponent("\(parts.count).part")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let part = BackupPart(name: name, columns: columns, rows: 0, bytes: 0, sha256: "")
        current = (part, try FileHandle(forWritingTo: url), SHA256(), [])
    }

    public func append(_ row: [BackupValue]) throws {
        guard var current else { preconditionFailure("append before beginPart") }
        self.current = nil
        BackupRowCoding.encode(row, into: &current.buffer)
        current.part.rows += 1
        self.current = current
        try flushIfFull()
    }

    /// A row an engine already wrote as a JSON array (PostgreSQL's `json_build_array`), without its newline.
    public func appendEncoded(_ line: String) throws {
        guard var current else { preconditionFailure("append before beginPart") }
        self.current = nil
        current.buffer.append(contentsOf: line.utf8)
        current.buffer.append(UInt8(ascii: "\n"))
        current.part.rows += 1
        self.current = current
        try flushIfFull()
    }

    private func flushIfFull() throws {
        guard let buffered = current?.buffer.count, buffered >= 1 << 20 else { return }
        try flush()
    }

    private func flush() throws {
        guard var current, !current.buffer.isEmpty else { return }
        self.current = nil
        current.hasher.update(data: current.buffer)
        try current.handle.write(contentsOf: current.buffer)
        current.part.bytes += Int64(current.buffer.count)
        bytesSoFar += Int64(current.buffer.count)
        current.buffer.removeAll(keepingCapacity: true)
        self.current = current
        report(force: false)
    }

    private func report(force: Bool) {
        guard let progress, let current else { return }
        let now = ContinuousClock.now
        guard force || now - lastReport > .milliseconds(100) else { return }
        lastReport = now
        let done = parts.reduce(0) { $0 + $1.rows } + current.part.rows
        progress(BackupProgress(part: current.part.name, rows: done, bytes: bytesSoFar, totalRows: expectedRows))
    }

    public func endPart() throws {
        try flush()
        guard var current else { return }
        self.current = nil
        try current.handle.close()
        current.part.sha256 = current.hasher.finalize().lowercaseHex
        parts.append(current.part)
    }

    /// The manifest of what was written so far (every part ended).
    public func manifest(engine: String, createdAt: Date = Date()) throws -> BackupManifest {
        try endPart()
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return BackupManifest(
            schemaVersion: StoreSchema.version, engine: engine,
            createdAt: formatter.string(from: createdAt), parts: parts)
    }

    /// Puts the archive together into `handle` (standard output, say).
    public func write(_ manifest: BackupManifest, to handle: FileHandle) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var head = Data(Self.magic.utf8)
        head.append(try encoder.encode(manifest))
        head.append(UInt8(ascii: "\n"))
        try handle.write(contentsOf: head)
        for index in manifest.parts.indices {
            let input = try FileHandle(forReadingFrom: spool.appendingPathComponent("\(index).part"))
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                try handle.write(contentsOf: chunk)
            }
        }
    }

    /// Puts the archive together at `path`: written as `.path.partial-…` beside it, synced, renamed into place, and
    /// the folder synced. On any failure the temporary file is removed and `path` is untouched.
    public func write(_ manifest: BackupManifest, toFile path: String) throws {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).partial-\(UUID().uuidString.prefix(8))")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: nil,
                attributes: [.posixPermissions: 0o600])
        else {
            throw BackupWriteError(path: folder.path, reason: Self.reason(errno))
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try write(manifest, to: handle)
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            if rename(temporary.path, target.path) != 0 { throw BackupWriteError(path: path, reason: Self.reason(errno)) }
            Self.syncFolder(folder.path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if let error = error as? BackupWriteError { throw error }
            throw BackupWriteError(path: path, reason: Self.describe(error))
        }
    }

    static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func describe(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return reason(Int32(underlying.code)) }
        if (error as NSError).domain == NSPOSIXErrorDomain { return reason(Int32((error as NSError).code)) }
        return String(describing: error)
    }
}

/// A backup that could not be written where it was asked to go (a full disk, a read-only folder).
public struct BackupWriteError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "Could not write the backup to \(path): \(reason). No backup file was left behind." }
}
