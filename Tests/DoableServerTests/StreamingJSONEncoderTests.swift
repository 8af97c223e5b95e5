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

@Suite("Streaming JSON encoder")
struct StreamingJSONEncoderTests {
    func parsed(_ bytes: [UInt8]) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as! NSObject
    }

    func sameAsFoundation<T: Encodable>(_ value: T) throws {
        let ours = try parsed(StreamingJSONEncoder.encode(value))
        let foundation = try parsed(Array(JSONEncoder().encode(value)))
        #expect(ours == foundation, "\(ours) != \(foundation)")
    }

    @Test func INTEROP3_responsesEncodeLikeFoundationButWithExplicitNulls() throws {
        let now = Timestamp.now
        var task = TaskItem(
            id: .make(), ownerID: .make(), listID: .make(), title: "Quote \" back\\slash\n\t\u{1} é 🛒",
            notes: "", due: .day(CivilDate("2030-01-02")!), labelIDs: [.make(), .make()], rank: "a0",
            createdAt: now, updatedAt: now)
        task.estimatedMinutes = 25
        let dto = TaskDTO(TaskView(task: task, progress: SubtaskProgress(done: 1, total: 3)), now: now)
        let ours = try parsed(StreamingJSONEncoder.encode(dto)) as! NSDictionary
        #expect(ours["title"] as? String == task.title)
        #expect(ours["parentId"] is NSNull, "absent values are written as null")
        #expect((ours["progress"] as? NSDictionary)?["total"] as? Int == 3)
        #expect(ours["labelIds"] as? [String] == task.labelIDs.map(\.description))
        try sameAsFoundation(TaskPageDTO(tasks: [dto, dto], nextOffset: 200))
        var preferences = Preferences()
        preferences.quietHours = .init(start: "22:00", end: "07:00", mode: .defer)
        try sameAsFoundation(preferences)
        try sameAsFoundation(["lists": [1.5, 2, -3e20]])
        try sameAsFoundation([String: [Int]]())
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder.encode([Double.nan]) }
    }
}
