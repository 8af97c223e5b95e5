public import DoableCore

/// The rows one domain operation changes, and who is told. Each `put` carries the full new row; its `version` must
/// be one more than the stored row's (or 1 for a new row), and each purge or delete names the version it removes,
/// which is how a concurrent change is detected. Engines apply the operations and write `feedEntries()`; they hold
/// no rule about who sees what.
@_spi(StoreWriting)
public struct WriteBatch: Sendable {
    public enum Operation: Sendable {
        /// Accounts and their credentials (ACC): `AccountOperation`.
        case account(AccountOperation)
        /// Lists, tasks, labels, comments, history, completions and undo (LIST, TASK): `TaskOperation`.
        case task(TaskOperation)
        /// Lists' members (COLLAB-1): `SharingOperation`.
        case sharing(SharingOperation)
        /// Reminders, notifications, webhooks and the delivery queue (NOTIF, INTEROP-4): `ReminderOperation`.
        case reminder(ReminderOperation)
        /// Devices' sync and announcements in the change feed (SYNC): `SyncOperation`.
        case sync(SyncOperation)
        /// The marketplace (MKT): `MarketOperation`.
        case market(MarketOperation)
        /// Photos of tasks and postings (TASK-11): `PhotoOperation`.
        case photo(PhotoOperation)
        /// The companion game (GAME): `GameOperation`.
        case game(GameOperation)
        /// CalDAV resources and collections, ICS feed keys (INTEROP-1, INTEROP-2): `CalendarOperation`.
        case calendar(CalendarOperation)
        /// A limit on how many rows something may have, checked inside the transaction after the batch's own rows
        /// (two concurrent writes cannot both squeeze under it): over it is a version conflict, retried from fresh
        /// reads, where the domain's own count then refuses the request with a clear message.
        case requireAtMost(RowLimit)
    }

    public enum RowLimit: Sendable {
        case remindersOnTask(TaskID, Int)
        case webhooksOfAccount(AccountID, Int)
        /// TASK-11: photos of a task or of a posting.
        case attachmentsOnTask(TaskID, Int)
        case attachmentsOnPosting(PostingID, Int)
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

    public init(_ operations: [Operation] = [], now: Timestamp = .now, actor: AccountID? = nil) {
        self.operations = operations
        self.now = now
        self.actorID = actor
    }

    public mutating func append(_ operation: Operation) { operations.append(operation) }

    public var isEmpty: Bool { operations.isEmpty }

    /// What an operation changed, whose it is and which list it concerns; credentials are not in any feed.
    public typealias Subject = (owner: AccountID, entity: Change.Entity, id: String, kind: Change.Kind, list: ListID?)

    static func subject(of operation: Operation) -> Subject? {
        switch operation {
        case .account(let operation): operation.subject
        case .task(let operation): operation.subject
        case .sharing(let operation): operation.subject
        case .reminder(let operation): operation.subject
        case .sync(let operation): operation.subject
        case .market(let operation): operation.subject
        case .photo(let operation): operation.subject
        case .game(let operation): operation.subject
        case .calendar(let operation): operation.subject
        case .requireAtMost: nil
        }
    }

    /// Who else hears of an operation besides its subject's owner and its list's audience: the other party of a
    /// marketplace row.
    static func alsoTold(by operation: Operation) -> [AccountID] {
        guard case .market(let operation) = operation else { return [] }
        return operation.alsoTold
    }

    /// Accounts some of whose credentials the batch ends: their open streams must check theirs at once.
    public var accountsEndingCredentials: Set<AccountID> {
        var accounts = Set<AccountID>()
        for operation in operations {
            switch operation {
            case .account(.deleteCredential(let credential)): accounts.insert(credential.accountID)
            case .account(.deleteCredentials(let account, _, _)): accounts.insert(account)
            default: break
            }
        }
        return accounts
    }

    /// Whether the batch changes who may see a list: members, an owner, a list purged, an account deleted. Such a
    /// batch cannot share a transaction with others (`Store.commitTogether`, PostgreSQL's group commit): the feed
    /// reads each list's audience once for all of them, after all of their rows.
    public var changesWhoSeesLists: Bool {
        operations.contains { operation in
            switch operation {
            case .sharing, .account(.deleteAccount), .task(.purgeList), .task(.setTasksOwner): true
            case .task(.putList(let list)) where list.version > 1: true
            default: false
            }
        }
    }

    /// `Store.commitTogether`'s precondition, the same on every engine.
    static func requireSharingATransaction(_ batches: [WriteBatch]) throws {
        guard !batches.contains(where: \.changesWhoSeesLists) else {
            throw StoreError.integrity("A batch that changes who sees a list cannot share a transaction.")
        }
    }

    /// The lists whose audience the feed entries need: every list an operation concerns.
    public var listsConcerned: [ListID] {
        var lists: [ListID] = []
        var seen = Set<ListID>()
        for operation in operations {
            if let list = Self.subject(of: operation)?.list, seen.insert(list).inserted { lists.append(list) }
        }
        return lists
    }

    /// Feed entries in batch order: one per operation and recipient: whose the row is, then everyone who may see
    /// its list (`audience`: each list's owner and members, read by the engine inside the transaction, after the
    /// batch's own rows were written, so that a membership changed concurrently is either before or after it
    /// whole). A new member also gets the list, a removed one its delete. Accounts deleted in the batch get none.
    public func feedEntries(audience: [ListID: [AccountID]] = [:]) -> [FeedEntry] {
        var deleted = Set<AccountID>()
        for case .account(.deleteAccount(let account)) in operations { deleted.insert(account.id) }
        var entries: [FeedEntry] = []
        entries.reserveCapacity(operations.count)
        for operation in operations {
            if case .sync(.announceTask(let task, let list, _, .some(let recipient))) = operation {
                if !deleted.contains(recipient) {
                    entries.append(
                        FeedEntry(
                            recipient: recipient, entity: .task, entityID: task.description,
                            kind: .put, listID: list))
                }
                continue
            }
            guard let subject = Self.subject(of: operation) else { continue }
            var recipients = [subject.owner]
            for other in Self.alsoTold(by: operation) where !recipients.contains(other) { recipients.append(other) }
            if let list = subject.list, let others = audience[list] {
                for other in others where !recipients.contains(other) { recipients.append(other) }
            }
            for recipient in recipients where !deleted.contains(recipient) {
                entries.append(
                    FeedEntry(
                        recipient: recipient, entity: subject.entity, entityID: subject.id,
                        kind: subject.kind, listID: subject.list))
            }
            switch operation {
            case .sharing(.putMembership(let member)) where member.version == 1 && !deleted.contains(member.accountID):
                entries.append(
                    FeedEntry(
                        recipient: member.accountID, entity: .list, entityID: member.listID.description,
                        kind: .put, listID: member.listID))
            case .sharing(.deleteMembership(let member)) where !deleted.contains(member.accountID):
                entries.append(
                    FeedEntry(
                        recipient: member.accountID, entity: .list, entityID: member.listID.description,
                        kind: .delete, listID: member.listID))
            default: break
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
            return Change(
                accountID: entry.recipient, sequence: sequence, entity: entry.entity, entityID: entry.entityID,
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
