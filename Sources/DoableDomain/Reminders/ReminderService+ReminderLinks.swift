public import DoableCore
@_spi(StoreWriting) import DoableStore

extension ReminderService {
    /// NOTIF-3: the caller's own reminder and its task (an email link's page names the task it reminds of).
    public func reminder(_ identity: Identity, id: ReminderID) async throws -> (Reminder, TaskItem) {
        try await ownReminder(id, for: identity)
    }
}
