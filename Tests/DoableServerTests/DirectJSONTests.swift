@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import DoableAPI
import DoableContractMapping
import DoableDomain
import DoableCore
import Foundation
import Testing

@Suite("Direct JSON writers")
struct DirectJSONTests {
    /// Encodes through `Encodable`, even for types that also write themselves.
    func viaEncodable<T: Encodable>(_ value: T) throws -> [UInt8] { try StreamingJSONEncoder.encode(value) }

    func variants() -> [TaskDTO] {
        let now = Timestamp(milliseconds: 1_795_000_000_123)
        var dtos: [TaskDTO] = []
        for index in 0..<64 {
            var task = TaskItem(
                id: .make(at: now), ownerID: .make(), listID: .make(),
                title: ["Milk", "Quote \" back\\slash\n\t\u{1} é 🛒", "</script>"][index % 3],
                notes: index % 2 == 0 ? "" : "line one\r\nline two \u{7f}", rank: "a\(index)",
                createdAt: now, updatedAt: now.adding(seconds: Int64(index)))
            if index & 1 != 0 { task.parentID = .make() }
            if index & 2 != 0 { task.due = .day(CivilDate("2020-02-29")!) }
            if index & 4 != 0 { task.due = .moment(now.adding(seconds: 3_600)) }
            if index & 8 != 0 { task.start = .day(CivilDate("2031-12-31")!); task.estimatedMinutes = index * 137 }
            if index & 16 != 0 {
                task.status = .completed
                task.completedAt = now
                task.category = .exercise
                task.assigneeID = task.ownerID
            }
            if index & 32 != 0 { task.labelIDs = (0..<(index % 4)).map { _ in .make() }; task.deletedAt = now }
            task.priority = TaskPriority.allCases[index % 4]
            dtos.append(
                TaskDTO(
                    TaskView(task: task, progress: SubtaskProgress(done: index % 3, total: index)),
                    now: now.adding(seconds: 7_200)))
        }
        return dtos
    }

    @Test func INTEROP3_taskWriterMatchesItsEncodableConformanceByteForByte() throws {
        for dto in variants() {
            let direct = StreamingJSONEncoder.encode(dto)
            #expect(direct == (try viaEncodable(dto)), "\(String(decoding: direct, as: UTF8.self))")
            _ = try JSONSerialization.jsonObject(with: Data(direct))
        }
    }

    @Test func SYNC4_pullWriterMatchesItsEncodableConformanceByteForByte() throws {
        let now = Timestamp(milliseconds: 1_795_000_000_123)
        let list = TaskList(
            id: .make(at: now), ownerID: .make(), name: "Shared \"list\"", rank: "a0", createdAt: now,
            updatedAt: now)
        let label = Label(
            id: .make(at: now), ownerID: .make(), name: "home", color: "red", createdAt: now,
            updatedAt: now)
        for tasks in [[], variants()] {
            let page = PullResponse(
                cursor: "r12:\(TaskID.make())", more: !tasks.isEmpty, reset: tasks.isEmpty, lastMutationId: 41,
                serverTime: now, account: nil, lists: [ListDTO(list, openTaskCount: 3)], tasks: tasks,
                labels: [LabelDTO(label)], reminders: [],
                deleted: [.init(entity: "task", id: TaskID.make().description)])
            #expect(StreamingJSONEncoder.encode(page) == (try viaEncodable(page)))
        }
    }

    @Test func INTEROP3_pageWriterMatchesItsEncodableConformanceByteForByte() throws {
        let dtos = variants()
        for page in [
            TaskPageDTO(tasks: [], nextOffset: nil), TaskPageDTO(tasks: dtos, nextOffset: 12_345),
            TaskPageDTO(tasks: Array(dtos.prefix(1)), nextOffset: 7),
        ] {
            #expect(StreamingJSONEncoder.encode(page) == (try viaEncodable(page)))
        }
    }
}
