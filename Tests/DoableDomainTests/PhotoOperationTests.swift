import DoableCore
import DoableDomain
import Testing

/// TASK-11 through the photos service alone: only images are kept, and only by whoever may edit the task.
@Suite struct PhotoOperationTests {
    /// The smallest GIF: one transparent pixel.
    static let pixel: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF,
        0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02,
        0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    @Test func TASK11_anImageIsKeptAndAnythingElseIsRefusedNamingTheField() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let task = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Fix the fence"))
            let photos = fixture.domain.photos
            await #expect {
                _ = try await photos.addTaskPhoto(ann, taskID: task.task.id, bytes: Array("not an image".utf8))
            } throws: { error in
                guard case DoableError.invalid(let field, _) = error else { return false }
                return field != nil
            }
            #expect(try await photos.taskPhotos(ann, taskID: task.task.id).isEmpty)
            let photo = try await photos.addTaskPhoto(ann, taskID: task.task.id, bytes: Self.pixel)
            #expect(try await photos.taskPhotos(ann, taskID: task.task.id).map(\.id) == [photo.id])
            let (stored, bytes) = try await photos.photo(ann, id: photo.id)
            #expect(stored.id == photo.id && bytes == Self.pixel)
        }
    }
}
