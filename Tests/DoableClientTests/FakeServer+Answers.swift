import DoableAPI
import DoableCore

/// The fake server keeps records and answers with them as the real one does: the record, and what the real server
/// would work out per answer (which the client does not keep).
extension AccountDTO {
    init(fake record: AccountRecord) {
        self.init(
            record: record, gender: nil, genderDescription: nil, dateOfBirth: nil, educationLevel: nil, phone: nil,
            showEmail: false, showPhone: false, isAdmin: false)
    }
}

extension ListDTO {
    init(fake record: ListRecord) { self.init(record: record, openTaskCount: 0) }
}

extension TaskDTO {
    init(fake record: TaskRecord) {
        self.init(record: record, attachmentIds: [], isOverdue: false, progress: SubtaskProgress(done: 0, total: 0))
    }
}
