import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes photos of tasks and postings (TASK-11).
    func apply(_ operation: WriteBatch.PhotoOperation, now: Timestamp) async throws {
        switch operation {
        case .putAttachment(let photo, let bytes):
            try await putAttachment(photo, bytes: bytes)
        case .deleteAttachment(let photo):
            try await deleteAttachment(photo)
        }
    }
}
