import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

/// OPS-4 and issue 26: backups, restores across engines, retention; Q-6 on SQLite's writer.
extension StoreConformanceTests {
    @Test(arguments: Engine.available)
    func OPS4_aBackupRestoresIntoEveryEngineWithTheSameRows(engine: Engine) async throws {
        let archive = FileManager.default.temporaryDirectory.appendingPathComponent("doable-\(UUID()).doable-backup")
        defer { try? FileManager.default.removeItem(at: archive) }
        var expectedTasks: [TaskItem] = []
        var expectedAccount: Account?
        var sequence: Int64 = 0
        try await withStore(engine) { store in
            let (ada, inbox) = try await store.register("ada")
            let label = makeLabel(ada, "Errand")
            let parent = makeTask(in: inbox, "Pack \"boxes\"\n and tape ✓") { $0.labelIDs = [label.id] }
            let child = makeTask(in: inbox, "Kitchen", parent: parent) { $0.due = .day(CivilDate(year: 2030, month: 1, day: 2)!) }
            try await store.write(.putLabel(label), .putTask(parent), .putTask(child))
            try await store.write(
                .putAttachment(
                    Attachment(
                        id: .make(at: epoch), accountID: ada.id, taskID: parent.id, listID: inbox.id, kind: .png, byteCount: 4,
                        createdAt: epoch), bytes: [0xFF, 0x00, 0x0A, 0x80]))
            expectedTasks = try await store.tasks(matching: TaskQuery(ownerID: ada.id))
            expectedAccount = try await store.account(id: ada.id)
            sequence = try await store.latestSequence(accountID: ada.id)
            let writer = try BackupArchiveWriter()
            let manifest = try await (store as! any StoreArchiving).backup(into: writer)
            #expect(manifest.schemaVersion == StoreSchema.version)
            #expect(manifest.part("tasks")?.rows == 2)
            #expect(manifest.part("attachment_bytes")?.rows == 1)
            try writer.write(manifest, toFile: archive.path)
        }
        let reader = try BackupArchiveReader(path: archive.path)
        try reader.verify()
        for target in Engine.available {
            try await withStore(target) { store in
                let archiving = store as! any StoreArchiving
                #expect(try await archiving.existingData() == nil)
                let report = try await archiving.restore(from: reader, progress: nil)
                #expect(report.rows.first { $0.table == "tasks" }?.count == 2)
                let account = try #require(expectedAccount)
                #expect(try await store.account(id: account.id) == account)
                #expect(try await store.tasks(matching: TaskQuery(ownerID: account.id)) == expectedTasks)
                #expect(try await store.latestSequence(accountID: account.id) == sequence + StoreSchema.restoreFeedJump)
                #expect(try await archiving.existingData() == "1 account")
            }
        }
    }

    @Test(arguments: Engine.available)
    func OPS4_aDamagedArchiveIsRefusedBeforeAnythingIsWritten(engine: Engine) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doable-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good").path
        try await withStore(engine) { store in
            _ = try await store.register("bea")
            let writer = try BackupArchiveWriter()
            try writer.write(try await (store as! any StoreArchiving).backup(into: writer), toFile: good)
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let flipped = folder.appendingPathComponent("flipped").path
        bytes[bytes.count - 20] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: flipped))
        #expect(throws: BackupError.self) { try BackupArchiveReader(path: flipped).verify() }
        let truncated = folder.appendingPathComponent("truncated").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        #expect(throws: BackupError.self) { try BackupArchiveReader(path: truncated).verify() }
        let foreign = folder.appendingPathComponent("foreign").path
        try Data("{\"tasks\": []}".utf8).write(to: URL(fileURLWithPath: foreign))
        #expect(throws: BackupError.notAnArchive("it does not start with “DOABLE-BACKUP 1”")) {
            try BackupArchiveReader(path: foreign)
        }
    }

    @Test(arguments: Engine.available)
    func OPS4_retentionDropsOldNotificationsInBatches(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (cid, _) = try await store.register("cid")
            let notes = (0..<5).map { index in
                AppNotification(
                    id: .make(at: epoch), accountID: cid.id, kind: .comment, title: "Note \(index)", body: "",
                    createdAt: at(Int64(index) * 100))
            }
            _ = try await store.commit(WriteBatch(notes.map { .putNotification($0) }, now: at(1_000)))
            #expect(try await store.purgeRecords(before: at(250), limit: 2) == 2)
            #expect(try await store.purgeRecords(before: at(250), limit: 2) == 1)
            #expect(try await store.purgeRecords(before: at(250), limit: 2) == 0)
            let left = try await store.notifications(accountID: cid.id, unreadOnly: false, limit: 10)
            #expect(Set(left.map(\.title)) == ["Note 3", "Note 4"])
        }
    }

    @Test
    func Q6_theSQLiteWriterSyncsEveryCommit() async throws {
        try await withStore(.sqlite) { store in
            let mode = try await (store as! SQLiteStore).writerSynchronousMode()
            #expect(mode == 2)
        }
    }
}
