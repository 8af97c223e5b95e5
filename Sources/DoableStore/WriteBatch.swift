public import Foundation
public import DoableCore

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
        /// COLLAB-1. A new member is also told of the list itself (`list` put), a removed one of its end (`list`
        /// delete), so that their devices fetch or drop it; every other member hears of the membership.
        case putMembership(ListMembership)
        case deleteMembership(ListMembership)
        /// A list changed hands (COLLAB-1): its tasks' `owner_id` follows. Not in any feed by itself: the batch
        /// puts the list too, and a task's owner is not part of what clients see.
        case setTasksOwner(ListID, AccountID)
        case putComment(TaskComment)
        case deleteComment(TaskComment)
        /// TASK-12: history is written with the change it describes, whose own feed entry announces it.
        case addActivity(TaskActivity)
        case putNotification(AppNotification)
        /// NOTIF-1: a member's own reminder; in that member's feed only.
        case putReminder(Reminder)
        case deleteReminder(Reminder)
        /// TASK-10: an occurrence completed, and its removal when it is un-completed (history, not in any feed).
        case addCompletion(TaskCompletion)
        case deleteCompletion(TaskCompletion)
        /// INTEROP-4. The feed cursor moves with `advanceWebhookCursor`, which has no feed entry (it would wake the
        /// fan-out that moved it).
        case putWebhook(Webhook)
        case deleteWebhook(Webhook)
        /// Moves the webhook's cursor from `from` (conflict if it moved meanwhile) to `to`.
        case advanceWebhookCursor(WebhookID, from: Int64, to: Int64)
        /// NOTIF-5: a message to send, queued with the change that caused it.
        case enqueueDelivery(Delivery)
        /// A limit on how many rows something may have, checked inside the transaction after the batch's own rows
        /// (two concurrent writes cannot both squeeze under it): over it is a version conflict, retried from fresh
        /// reads, where the domain's own count then refuses the request with a clear message.
        case requireAtMost(RowLimit)
        /// SYNC-1: the device's mutation `mutationID` is handled, in the transaction of its effects: the client's last
        /// handled number moves from the one before to it. When another request handled it first this fails as a
        /// duplicate of the key `mutation`, and the batch is rolled back.
        case advanceSyncClient(clientID: UUID, accountID: AccountID, mutationID: Int64)
        /// SYNC-2: why a mutation could not be applied, for a device that asks again.
        case recordSyncRejection(SyncRejection)
        /// SYNC-2: the clock of the last write of each field; a later clock already stored stays.
        case stampFieldClocks(entityID: String, fields: [String], clock: String)
        /// Writes nothing but feed entries about a task in `listID`. For the list's whole audience (`onlyTo` nil): the
        /// task left `listID` for a list some of them cannot see, so they hear of it (a device then finds the task gone
        /// for it and drops it). For `onlyTo` alone: the task looks different to that member though the task did not
        /// change — their reminder on it, or the name of their label on it — which CalDAV shows them (VALARM,
        /// CATEGORIES), so their calendar's ctag and sync-collection must move (INTEROP-1, issue 34).
        case announceTask(TaskID, listID: ListID, listOwner: AccountID, onlyTo: AccountID?)
        /// MKT: a posting, in the feeds of its poster and of `audience` (its bidders and assignee). Never purged
        /// but with its poster's account (a deleted posting keeps its row with `deletedAt`).
        case putPosting(MarketPosting, audience: [AccountID])
        /// MKT-4: a bid, in the feeds of its bidder and of the poster.
        case putBid(Bid)
        /// A question on a posting, in the feeds of its asker and of the poster.
        case putQuestion(MarketQuestion)
        /// A review, in the feeds of reviewer and reviewee. One per reviewer and posting (`duplicate` key `review`).
        case putReview(MarketReview)
        /// MKT-11: a category (no feed entry: categories are read fresh). Names are unique ignoring case
        /// (`duplicate` key `name`).
        case putCategory(MarketCategory)
        /// TASK-11: a photo with its bytes; in the uploader's feed and, for a task, its list's audience.
        case putAttachment(Attachment, bytes: [UInt8])
        case deleteAttachment(Attachment)
        /// GAME: the member's game, in their own feed (entity `game`, id the account's).
        case putGameProfile(GameProfile)
        /// GAME-4: a closed day (version 1 to close it; a later version when it is bought back or recounted).
        case putGameDay(GameDay)
        /// GAME-1: a line of the points ledger (never changed; no feed entry: the profile's put announces it).
        case addLedgerEntry(LedgerEntry)
        /// GAME-3 and GAME-7: the catalogue and the plans (no feed entries: read fresh).
        case putStoreItem(StoreItem)
        case putSubscriptionPlan(SubscriptionPlan)
        /// GAME-1: the admins' constants; `version` is the new row version (1 for the first change).
        case putGameRules(GameRules, version: Int64)
        /// INTEROP-1: a task's CalDAV resource (no feed entry: the task's own put announces it).
        case putCalendarObject(CalendarObject)
        case deleteCalendarObject(TaskID)
        /// INTEROP-1: the collection name a client chose for a list (no feed entry: the list's own put announces it).
        case putCalendarCollection(ListID, name: String)
        /// INTEROP-2: the member's feed secret, replacing the previous one.
        case putFeedKey(FeedKey)
        /// TASK-8: undo steps kept on the server (no feed entry: nothing anyone sees changed); the account's expired
        /// ones go at the same time.
        case shelveUndo(ShelvedUndo)
        /// TASK-8: undo steps used (or no longer wanted).
        case takeUndo(id: String)
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
    static func subject(of operation: Operation)
        -> (owner: AccountID, entity: Change.Entity, id: String, kind: Change.Kind, list: ListID?)?
    {
        switch operation {
        case .putMembership(let member): (member.accountID, .member, member.accountID.description, .put, member.listID)
        case .deleteMembership(let member):
            (member.accountID, .member, member.accountID.description, .delete, member.listID)
        case .putComment(let comment): (comment.authorID, .comment, comment.id.description, .put, comment.listID)
        case .deleteComment(let comment): (comment.authorID, .comment, comment.id.description, .delete, comment.listID)
        case .putNotification(let note): (note.accountID, .notification, note.id.description, .put, nil)
        case .putReminder(let reminder): (reminder.accountID, .reminder, reminder.id.description, .put, nil)
        case .deleteReminder(let reminder): (reminder.accountID, .reminder, reminder.id.description, .delete, nil)
        case .putWebhook(let hook): (hook.accountID, .webhook, hook.id.description, .put, nil)
        case .deleteWebhook(let hook): (hook.accountID, .webhook, hook.id.description, .delete, nil)
        case .setTasksOwner, .addActivity, .addCompletion, .deleteCompletion, .advanceWebhookCursor, .enqueueDelivery,
            .requireAtMost, .advanceSyncClient, .recordSyncRejection, .stampFieldClocks:
            nil
        case .announceTask(let task, let list, let owner, nil): (owner, .task, task.description, .put, list)
        case .announceTask(_, _, _, .some): nil
        case .putPosting(let posting, _): (posting.posterID, .posting, posting.id.description, .put, nil)
        case .putBid(let bid): (bid.bidderID, .bid, bid.id.description, .put, nil)
        case .putQuestion(let question): (question.askerID, .question, question.id.description, .put, nil)
        case .putReview(let review): (review.reviewerID, .review, review.id.description, .put, nil)
        case .putCategory: nil
        case .putGameProfile(let profile): (profile.accountID, .game, profile.accountID.description, .put, nil)
        case .putGameDay, .addLedgerEntry, .putStoreItem, .putSubscriptionPlan, .putGameRules: nil
        case .putCalendarObject, .deleteCalendarObject, .putFeedKey, .putCalendarCollection: nil
        case .shelveUndo, .takeUndo: nil
        case .putAttachment(let photo, _): (photo.accountID, .attachment, photo.id.description, .put, photo.listID)
        case .deleteAttachment(let photo): (photo.accountID, .attachment, photo.id.description, .delete, photo.listID)
        case .deleteAccount, .putCredential, .deleteCredential, .deleteCredentials:
            nil
        case .putAccount(let account): (account.id, .account, account.id.description, .put, nil)
        case .putList(let list): (list.ownerID, .list, list.id.description, .put, list.id)
        case .purgeList(let list): (list.ownerID, .list, list.id.description, .delete, list.id)
        case .putTask(let task): (task.ownerID, .task, task.id.description, .put, task.listID)
        case .purgeTask(let task): (task.ownerID, .task, task.id.description, .delete, task.listID)
        case .putLabel(let label): (label.ownerID, .label, label.id.description, .put, nil)
        case .deleteLabel(let label): (label.ownerID, .label, label.id.description, .delete, nil)
        }
    }

    /// Who else hears of an operation besides its subject's owner and its list's audience: the other party of a
    /// marketplace row.
    static func alsoTold(by operation: Operation) -> [AccountID] {
        switch operation {
        case .putPosting(_, let audience): audience
        case .putBid(let bid): [bid.posterID]
        case .putQuestion(let question): [question.posterID]
        case .putReview(let review): [review.revieweeID]
        default: []
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
        for case .deleteAccount(let account) in operations { deleted.insert(account.id) }
        var entries: [FeedEntry] = []
        entries.reserveCapacity(operations.count)
        for operation in operations {
            if case .announceTask(let task, let list, _, .some(let recipient)) = operation {
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
            case .putMembership(let member) where member.version == 1 && !deleted.contains(member.accountID):
                entries.append(
                    FeedEntry(
                        recipient: member.accountID, entity: .list, entityID: member.listID.description,
                        kind: .put, listID: member.listID))
            case .deleteMembership(let member) where !deleted.contains(member.accountID):
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
