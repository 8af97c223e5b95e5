import Foundation
import PublicInit

/// What an archive holds (docs/backup.md): written as the archive's second line, before the data, so that a
/// restore can check every part before it writes anything.
public struct BackupManifest: Codable, Sendable, Equatable {
    public static let formatName = "doable-backup"
    public static let currentFormatVersion = 1

    public var format: String = Self.formatName
    public var formatVersion: Int = Self.currentFormatVersion
    /// The store's schema (the number of migrations it has run, `StoreSchema.version`).
    public var schemaVersion: Int
    /// The engine the archive was taken from (`sqlite` or `postgresql`); restores go to either.
    public var engine: String
    public var createdAt: String
    public var parts: [BackupPart]

    public var totalRows: Int { parts.reduce(0) { $0 + $1.rows } }
    public var totalBytes: Int64 { parts.reduce(0) { $0 + $1.bytes } }

    public func part(_ name: String) -> BackupPart? { parts.first { $0.name == name } }
}

/// One table: its columns, then `rows` lines of `bytes` bytes in all, whose SHA-256 is `sha256`.
public struct BackupPart: Codable, Sendable, Equatable {
    public var name: String
    public var columns: [BackupColumn]
    public var rows: Int
    public var bytes: Int64
    public var sha256: String
}

@PublicInit
public struct BackupColumn: Codable, Sendable, Equatable {
    public var name: String
    public var type: BackupColumnType
}

/// The schema both engines are at: the number of their migrations (they run the same ones, named alike).
public enum StoreSchema {
    public static let version = 14
}

/// How far a backup or restore has come, for a progress bar.
public struct BackupProgress: Sendable {
    public var part: String
    public var rows: Int
    public var bytes: Int64
    public var totalRows: Int?
}

/// Why an archive cannot be restored, or a backup not taken; each says what is wrong in a sentence.
public enum BackupError: Error, CustomStringConvertible, Equatable {
    case notAnArchive(String)
    case unsupportedFormat(Int)
    case newerSchema(found: Int, supported: Int)
    case truncated(part: String)
    case checksumMismatch(part: String)
    case trailingData
    case badRow(part: String, row: Int)
    case foreignTable(String)
    case foreignColumn(table: String, column: String)
    case targetHoldsData(String)
    case rowCountMismatch(part: String, expected: Int, found: Int)

    public var description: String {
        switch self {
        case .notAnArchive(let why): "This is not a Doable backup: \(why)."
        case .unsupportedFormat(let version):
            "This backup is in archive format \(version), which this Doable does not read (it reads format \(BackupManifest.currentFormatVersion)); restore it with a newer Doable."
        case .newerSchema(let found, let supported):
            "This backup comes from a newer Doable (schema \(found); this one knows up to \(supported)). Upgrade Doable, then restore."
        case .truncated(let part):
            "This backup is truncated: it ends inside or before its “\(part)” part. Nothing was restored."
        case .checksumMismatch(let part):
            "This backup is damaged: its “\(part)” part does not match its SHA-256 checksum. Nothing was restored."
        case .trailingData: "This backup has bytes after its last part, so it is damaged or not one archive. Nothing was restored."
        case .badRow(let part, let row): "This backup is damaged: row \(row) of its “\(part)” part cannot be read. Nothing was restored."
        case .foreignTable(let name): "This backup has a table “\(name)” that this Doable does not know. Nothing was restored."
        case .foreignColumn(let table, let column):
            "This backup has a column “\(column)” in “\(table)” that this Doable does not know. Nothing was restored."
        case .targetHoldsData(let what):
            "The target already holds data (\(what)). Restore into an empty database, or pass --force to replace everything in it."
        case .rowCountMismatch(let part, let expected, let found):
            "The “\(part)” part should hold \(expected) rows but \(found) were read. Nothing was restored."
        }
    }
}
