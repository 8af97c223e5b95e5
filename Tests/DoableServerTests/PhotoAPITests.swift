@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Testing

/// TASK-11 through the REST API, on every engine: photos of tasks, their bytes, who may see and change them.
@Suite("Photo API", .serialized)
struct PhotoAPITests {
    @Test(arguments: APIEngine.available)
    func TASK11_aTaskTakesUpToTenPhotosServedAsTheImagesTheyAre(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let list = try await api.createList(ann, "Garden")
            let task = try #require(
                try await api.createTask(ann, ["title": "Fix the gate", "listId": list])["id"]
                    as? String)
            #expect(try await api.call(.get, "/api/v1/tasks/\(task)", token: ann)["attachmentIds"] as? [String] == [])

            // Any declared type: the bytes decide.
            let uploaded = try await api.upload(
                "/api/v1/tasks/\(task)/attachments", token: ann,
                bytes: TestPhoto.jpeg(1_000), contentType: "text/plain")
            #expect(uploaded.status == .created, "\(String(describing: uploaded.json))")
            #expect(uploaded.string("kind") == "jpeg" && uploaded.string("contentType") == "image/jpeg")
            #expect(uploaded["byteCount"] as? Int == 1_000 && uploaded.string("taskId") == task)
            let id = uploaded.string("id")

            let photo = try await api.fetch("/api/v1/attachments/\(id)", token: ann)
            #expect(photo.status == .ok && photo.bytes == TestPhoto.jpeg(1_000))
            #expect(photo.headers[.contentType] == "image/jpeg")
            #expect(photo.headers[.xContentTypeOptions] == "nosniff")
            #expect(photo.headers[.cacheControl] == "private, max-age=31536000, immutable")
            #expect(photo.headers[.contentDisposition] == "inline")
            #expect(try await api.call(.get, "/api/v1/tasks/\(task)", token: ann)["attachmentIds"] as? [String] == [id])
            let page = try await api.tasks(ann, "list=\(list)")
            #expect(page.first?["attachmentIds"] as? [String] == [id])
            let listed = try await api.call(.get, "/api/v1/tasks/\(task)/attachments", token: ann).array("attachments")
            #expect(listed.map { $0["id"] as? String } == [id])

            // Someone who cannot see the task sees no photo of it, and adds or removes none.
            #expect(try await api.fetch("/api/v1/attachments/\(id)", token: ben).status == .notFound)
            #expect(try await api.call(.get, "/api/v1/tasks/\(task)/attachments", token: ben).status == .notFound)
            #expect(
                try await api.upload("/api/v1/tasks/\(task)/attachments", token: ben, bytes: TestPhoto.png()).status
                    == .notFound)
            #expect(try await api.call(.delete, "/api/v1/attachments/\(id)", token: ben).status == .notFound)
            #expect(try await api.fetch("/api/v1/attachments/\(id)", token: nil).status == .unauthorized)
            // A viewer of the list sees it but may not add or remove one.
            let shared = try await api.call(
                .post, "/api/v1/lists/\(list)/members", token: ann,
                json: ["login": "ben", "role": "viewer"])
            #expect(shared.status == .created)
            #expect(try await api.fetch("/api/v1/attachments/\(id)", token: ben).status == .ok)
            #expect(
                try await api.upload("/api/v1/tasks/\(task)/attachments", token: ben, bytes: TestPhoto.png()).status
                    == .forbidden)
            #expect(try await api.call(.delete, "/api/v1/attachments/\(id)", token: ben).status == .forbidden)

            // Not an image, too large, or an eleventh: refused with the reason, nothing added.
            let html = try await api.upload(
                "/api/v1/tasks/\(task)/attachments", token: ann, bytes: TestPhoto.html,
                contentType: "image/jpeg")
            #expect(html.status == .badRequest && html.errorField == "body", "\(String(describing: html.json))")
            let large = try await api.upload(
                "/api/v1/tasks/\(task)/attachments", token: ann,
                bytes: TestPhoto.png(65_537))
            #expect(large.status == .contentTooLarge && large.errorField == "body")
            #expect(((large.object["error"] as? [String: Any])?["message"] as? String)?.contains("65,536") == true)
            for _ in 2...10 {
                let more = try await api.upload("/api/v1/tasks/\(task)/attachments", token: ann, bytes: TestPhoto.png())
                #expect(more.status == .created)
            }
            let eleventh = try await api.upload("/api/v1/tasks/\(task)/attachments", token: ann, bytes: TestPhoto.png())
            #expect(
                eleventh.status == .conflict && eleventh.errorCode == "too_many_photos",
                "\(String(describing: eleventh.json))")
            let ten = try await api.call(.get, "/api/v1/tasks/\(task)", token: ann)["attachmentIds"] as? [String]
            #expect(ten?.count == 10 && ten?.first == id)

            // Deleting one makes room; its bytes are gone.
            #expect(try await api.call(.delete, "/api/v1/attachments/\(id)", token: ann).status == .noContent)
            #expect(try await api.fetch("/api/v1/attachments/\(id)", token: ann).status == .notFound)
            let nine = try await api.call(.get, "/api/v1/tasks/\(task)", token: ann)["attachmentIds"] as? [String]
            #expect(nine?.count == 9 && nine?.contains(id) == false)
            #expect(
                try await api.upload("/api/v1/tasks/\(task)/attachments", token: ann, bytes: TestPhoto.png()).status
                    == .created)
        }
    }

    @Test(arguments: APIEngine.available)
    func TASK11_aPostingsPhotosAreEveryMembersToSeeAndThePostersToChange(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let posting = try await api.call(
                .post, "/api/v1/market/postings", token: ann,
                json: [
                    "title": "Move a sofa", "description": "Third floor, no lift.", "category": "Moving", "maxBid": 60,
                ])
            let id = posting.string("id")
            let path = "/api/v1/market/postings/\(id)/photos"
            #expect(try await api.upload(path, token: ben, bytes: TestPhoto.png()).status == .forbidden)
            let photo = try await api.upload(path, token: ann, bytes: TestPhoto.png())
            #expect(photo.status == .created && photo.string("postingId") == id && photo["taskId"] is NSNull)
            let photoID = photo.string("id")
            #expect(try await api.fetch("/api/v1/attachments/\(photoID)", token: ben).status == .ok)
            #expect(try await api.call(.delete, "/api/v1/attachments/\(photoID)", token: ben).status == .forbidden)
            #expect(try await api.call(.delete, "/api/v1/attachments/\(photoID)", token: ann).status == .noContent)
            let after = try await api.call(.get, "/api/v1/market/postings/\(id)", token: ben)
            #expect(after["photoIds"] as? [String] == [])
            let missing = Self.unknownID
            #expect(
                try await api.upload(
                    "/api/v1/market/postings/\(missing)/photos", token: ann,
                    bytes: TestPhoto.png()
                ).status == .notFound)
            #expect(
                try await api.upload("/api/v1/tasks/\(missing)/attachments", token: ann, bytes: TestPhoto.png())
                    .status == .notFound)
            #expect(try await api.fetch("/api/v1/attachments/not-an-id", token: ann).status == .notFound)
        }
    }

    static let unknownID = UUID().uuidString.lowercased()

    static func viaEncodable<T: Encodable>(_ value: T) throws -> [UInt8] { try StreamingJSONEncoder.encode(value) }

    /// The task page's direct writer and the `Encodable` conformance agree with photos too.
    @Test func TASK11_theTaskWriterWritesAttachmentIdsLikeItsEncodableConformance() throws {
        let now = Timestamp(milliseconds: 1_795_000_000_123)
        let task = TaskItem(
            id: .make(at: now), ownerID: .make(), listID: .make(), title: "Gate", notes: "",
            rank: "a0", createdAt: now, updatedAt: now)
        for count in [0, 1, 3] {
            let ids: [AttachmentID] = (0..<count).map { _ in .make(at: now) }
            let dto = TaskDTO(
                TaskView(task: task, progress: SubtaskProgress(done: 0, total: 0)), now: now,
                attachmentIDs: ids)
            #expect(StreamingJSONEncoder.encode(dto) == (try Self.viaEncodable(dto)))
            let json = try JSONSerialization.jsonObject(with: Data(StreamingJSONEncoder.encode(dto))) as? [String: Any]
            #expect(json?["attachmentIds"] as? [String] == ids.map(\.description))
        }
    }
}
