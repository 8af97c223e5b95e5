import DoableCore

/// The rows one domain operation changes. Each `put` carries the full new row; its `version` must be one more
/// than the stored row's (or 1 for a new row), which is how a concurrent change is detected.
public struct WriteBatch: Sendable {
    public enum Operation: Sendable {
        case putAccount(Account)
        case deleteAccount(AccountID)
        case putList(TaskList)
        case purgeList(TaskList)
        case putTask(TaskItem)
        case purgeTask(TaskItem)
        case putLabel(Label)
        case deleteLabel(Label)
        case putCredential(Credential)
        case deleteCredential(CredentialID)
        /// Ends an account's credentials of some kinds, keeping `except`.
        case deleteCredentials(AccountID, kinds: [Credential.Kind], except: CredentialID?)
    }

    public var operations: [Operation]
    public var now: Timestamp

    public init(_ operations: [Operation] = [], now: Timestamp = .now) {
        self.operations = operations
        self.now = now
    }

    public mutating func append(_ operation: Operation) { operations.append(operation) }

    public var isEmpty: Bool { operations.isEmpty }

    /// The feed entry each operation produces (credentials produce none).
    func changeStub(for operation: Operation) -> (AccountID, Change.Entity, String, Change.Kind)? {
        switch operation {
        case .putAccount(let account): (account.id, .account, account.id.description, .put)
        case .putList(let list): (list.ownerID, .list, list.id.description, .put)
        case .purgeList(let list): (list.ownerID, .list, list.id.description, .delete)
        case .putTask(let task): (task.ownerID, .task, task.id.description, .put)
        case .purgeTask(let task): (task.ownerID, .task, task.id.description, .delete)
        case .putLabel(let label): (label.ownerID, .label, label.id.description, .put)
        case .deleteLabel(let label): (label.ownerID, .label, label.id.description, .delete)
        case .deleteAccount, .putCredential, .deleteCredential, .deleteCredentials: nil
        }
    }

    /// Feed entries in batch order, without sequence numbers; accounts deleted in the batch get none.
    public func pendingChanges() -> [(AccountID, Change.Entity, String, Change.Kind)] {
        var deleted = Set<AccountID>()
        for case .deleteAccount(let id) in operations { deleted.insert(id) }
        return operations.compactMap(changeStub(for:)).filter { !deleted.contains($0.0) }
    }
}
