import DoableCore
import Crypto
import Foundation

/// Reads an archive written by `BackupArchiveWriter`. `open` reads the header and the manifest; `verify()` reads
/// every part once and checks its length and SHA-256, and that nothing follows the last one. Restores call it before
/// they write anything, then read the rows part by part.
public final class BackupArchiveReader: @unchecked Sendable {
    public let manifest: BackupManifest
    public let path: String
    private let dataStart: UInt64

    public init(path: String) throws {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BackupError.notAnArchive("the file \(path) cannot be read")
        }
        defer { try? handle.close() }
        let magic = Array(BackupArchiveWriter.magic.utf8)
        let head = Array(try handle.read(upToCount: magic.count) ?? Data())
        guard head == magic else {
            if head.starts(with: Array("DOABLE-BACKUP ".utf8)) {
                let version = Int(String(decoding: head.dropFirst(14).prefix { $0 != 0x0A }, as: UTF8.self)) ?? -1
                throw BackupError.unsupportedFormat(version)
            }
            throw BackupError.notAnArchive(head.isEmpty ? "the file is empty" : "it does not start with “DOABLE-BACKUP 1”")
        }
        var line: [UInt8] = []
        while true {
            guard let chunk = try handle.read(upToCount: 64 << 10), !chunk.isEmpty else {
                throw BackupError.truncated(part: "manifest")
            }
            if let newline = chunk.firstIndex(of: 0x0A) {
                line.append(contentsOf: chunk[chunk.startIndex..<newline])
                break
            }
            line.append(contentsOf: chunk)
            guard line.count < 64 << 20 else { throw BackupError.notAnArchive("its manifest line never ends") }
        }
        let manifest: BackupManifest
        do {
            manifest = try JSONDecoder().decode(BackupManifest.self, from: Data(line))
        } catch {
            throw BackupError.notAnArchive("its manifest cannot be read")
        }
        guard manifest.format == BackupManifest.formatName else { throw BackupError.notAnArchive("its manifest is of “\(manifest.format)”") }
        guard manifest.formatVersion == BackupManifest.currentFormatVersion else {
            throw BackupError.unsupportedFormat(manifest.formatVersion)
        }
        guard manifest.schemaVersion <= StoreSchema.version else {
            throw BackupError.newerSchema(found: manifest.schemaVersion, supported: StoreSchema.version)
        }
        self.manifest = manifest
        dataStart = UInt64(magic.count + line.count + 1)
    }

    /// Checks every part's length and checksum, and that the file ends after the last; throws the first problem.
    public func verify(progress: (@Sendable (BackupProgress) -> Void)? = nil) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BackupError.notAnArchive("the file cannot be read") }
        defer { try? handle.close() }
        try handle.seek(toOffset: dataStart)
        var bytes: Int64 = 0
        for part in manifest.parts {
            var hasher = SHA256()
            var left = part.bytes
            while left > 0 {
                guard let chunk = try handle.read(upToCount: Int(min(left, 1 << 20))), !chunk.isEmpty else {
                    throw BackupError.truncated(part: part.name)
                }
                hasher.update(data: chunk)
                left -= Int64(chunk.count)
                bytes += Int64(chunk.count)
            }
            let digest = hasher.finalize().lowercaseHex
            guard digest == part.sha256 else { throw BackupError.checksumMismatch(part: part.name) }
            progress?(BackupProgress(part: part.name, rows: 0, bytes: bytes, totalRows: nil))
        }
        if let extra = try handle.read(upToCount: 1), !extra.isEmpty { throw BackupError.trailingData }
    }

    /// Calls `body` with the part's lines in batches of about `batchBytes`, each line a row without its newline.
    public func forEachBatch(
        of part: BackupPart, batchBytes: Int = 4 << 20,
        _ body: ([ArraySlice<UInt8>]) throws -> Void
    ) throws {
        guard let index = manifest.parts.firstIndex(of: part) else { return }
        let offset = dataStart + UInt64(manifest.parts[..<index].reduce(Int64(0)) { $0 + $1.bytes })
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BackupError.notAnArchive("the file cannot be read") }
        defer { try? handle.close() }
        try handle.seek(toOffset: offset)
        var left = part.bytes
        var carry: [UInt8] = []
        var rows = 0
        while left > 0 {
            guard let chunk = try handle.read(upToCount: Int(min(left, Int64(batchBytes)))), !chunk.isEmpty else {
                throw BackupError.truncated(part: part.name)
            }
            left -= Int64(chunk.count)
            carry.append(contentsOf: chunk)
            guard let lastNewline = carry.lastIndex(of: 0x0A) else { continue }
            let complete = carry[...lastNewline]
            let lines = complete.split(separator: 0x0A, omittingEmptySubsequences: true)
            rows += lines.count
            try body(Array(lines))
            carry = Array(carry[(lastNewline + 1)...])
        }
        guard carry.isEmpty else { throw BackupError.badRow(part: part.name, row: rows + 1) }
        guard rows == part.rows else { throw BackupError.rowCountMismatch(part: part.name, expected: part.rows, found: rows) }
    }

    /// The part's rows as cells, in batches.
    public func forEachRows(of part: BackupPart, _ body: ([[BackupValue]]) throws -> Void) throws {
        let types = part.columns.map(\.type)
        var number = 0
        try forEachBatch(of: part) { lines in
            var rows: [[BackupValue]] = []
            rows.reserveCapacity(lines.count)
            for line in lines {
                number += 1
                guard let row = BackupRowCoding.decode(line, types: types) else {
                    throw BackupError.badRow(part: part.name, row: number)
                }
                rows.append(row)
            }
            try body(rows)
        }
    }
}
