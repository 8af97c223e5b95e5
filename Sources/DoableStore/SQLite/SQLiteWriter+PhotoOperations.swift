import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes photos of tasks and postings (TASK-11).
    func apply(_ operation: WriteBatch.PhotoOperation, now: Timestamp) throws {
        switch operation {
        case .putAttachment(let photo, let bytes):
            try putAttachment(photo, bytes: bytes)
        case .deleteAttachment(let photo):
            try deleteAttachment(photo)
        }
    }
}
