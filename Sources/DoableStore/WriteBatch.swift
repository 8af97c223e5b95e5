import DoableCore

/// The rows one domain operation changes, and who is told. Each `put` carries the full new row; its `version` must
/// be one more than the stored row's (or 1 for a new row), and each purge or delete names the version it removes,
/// which is how a concurrent change is detected. Engines apply the operations and write `feedEntries()`; they hold
/// no rule about who sees what.
@_spi(StoreWriting)
public struct WriteBatch: Sendable {
    public enum Operation: Sendable {
        case putAccount(Account)
        /// Removes the account's own rows (credentials, feed, labels, lists, tasks), which nobody else can see.
        /// What others see (their tasks assigned to it, later shared lists) the domain changes first, in the batch.
        case deleteAccount(Account)
        case putList(TaskList)
        case purgeList(TaskList)
        case putTask(TaskItem)
        case purgeTask(TaskItem)
        case putLabel(Label)
        case deleteLabel(Label)
        case putCredential(Credential)
        case deleteCredential(Credential)
        /// Ends an account's credentials of some kinds, keeping `except`.
        case deleteCredentials(AccountID, kinds: [Credential.Kind], except: CredentialID?)
    }

    /// One entry to append to `recipient`'s feed.
    public struct FeedEntry: Sendable, Equatable {
        public var recipient: AccountID
        public var entity: Change.Entity
        public var entityID: String
        public var kind: Change.Kind
        public var listID: ListID?
    }

    public var operations: [Operation]
    public var now: Timestamp
    /// The account that acts; nil for the server's own work.
    public var actorID: AccountID?
    /// Who else is told of changes to a list and its tasks, besides the owner (sharing fills it from memberships).
    public var audience: [ListID: [AccountID]] = [:]

    public init(_ operations: [Operation] = [], now: Timestamp = .now, actor: AccountID? = nil) {
        self.operations = operations
        self.now = now
        self.actorID = actor
    }

    public mutating func append(_ operation: Operation) { operations.append(operation) }

    public var isEmpty: Bool { operations.isEmpty }

    /// What an operation changed, whose it is and which list it concerns; credentials are not in any feed.
    static func subject(of operation: Operation)
        -> (owner: AccountID, entity: Change.Entity, id: String, kind: Change.Kind, list: ListID?)?
    {
        switch operation {
        case .putAccount(let account): (account.id, .account, account.id.description, .put, nil)
        case .putList(let list): (list.ownerID, .list, list.id.description, .put, list.id)
        case .purgeList(let list): (list.ownerID, .list, list.id.description, .delete, list.id)
        case .putTask(let task): (task.ownerID, .task, task.id.description, .put, task.listID)
        case .purgeTask(let task): (task.ownerID, .task, task.id.description, .delete, task.listID)
        case .putLabel(let label): (label.ownerID, .label, label.id.description, .put, nil)
        case .deleteLabel(let label): (label.ownerID, .label, label.id.description, .delete, nil)
        case .deleteAccount, .putCredential, .deleteCredential, .deleteCredentials: nil
        }
    }

    /// Accounts some of whose credentials the batch ends: their open streams must check theirs at once.
    public var accountsEndingCredentials: Set<AccountID> {
        var accounts = Set<AccountID>()
        for operation in operations {
            switch operation {
            case .deleteCredential(let credential): accounts.insert(credential.accountID)
            case .deleteCredentials(let account, _, _): accounts.insert(account)
            default: break
            }
        }
        return accounts
    }

    /// Feed entries in batch order: one per operation and recipient (the owner, then the list's audience).
    /// Accounts deleted in the batch get none; their feed goes with them.
    public func feedEntries() -> [FeedEntry] {
        var deleted = Set<AccountID>()
        for case .deleteAccount(let account) in operations { deleted.insert(account.id) }
        var entries: [FeedEntry] = []
        entries.reserveCapacity(operations.count)
        for operation in operations {
            guard let subject = Self.subject(of: operation) else { continue }
            var recipients = [subject.owner]
            if let list = subject.list, let others = audience[list] {
                for other in others where !recipients.contains(other) { recipients.append(other) }
            }
            for recipient in recipients where !deleted.contains(recipient) {
                entries.append(FeedEntry(recipient: recipient, entity: subject.entity, entityID: subject.id,
                                         kind: subject.kind, listID: subject.list))
            }
        }
        return entries
    }

    /// Sequence numbers for `entries`: each recipient's next ones, given the last sequence each had before.
    public static func sequenced(_ entries: [FeedEntry], lastSequences: [AccountID: Int64], batch: WriteBatch)
        -> [Change]
    {
        var next = lastSequences
        return entries.map { entry in
            let sequence = next[entry.recipient, default: 0] + 1
            next[entry.recipient] = sequence
            return Change(accountID: entry.recipient, sequence: sequence, entity: entry.entity, entityID: entry.entityID,
                          kind: entry.kind, at: batch.now, actorID: batch.actorID, listID: entry.listID)
        }
    }

    /// How many entries each recipient gets, recipients in first-seen order.
    public static func counts(of entries: [FeedEntry]) -> [(AccountID, Int64)] {
        var counts: [AccountID: Int64] = [:]
        var order: [AccountID] = []
        for entry in entries {
            if counts[entry.recipient] == nil { order.append(entry.recipient) }
            counts[entry.recipient, default: 0] += 1
        }
        return order.map { ($0, counts[$0]!) }
    }
}
