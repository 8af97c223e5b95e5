public import Foundation
public import DoableCore
public import ServiceLifecycle

/// Everything Doable keeps, behind one protocol with one engine per database (SQLite, PostgreSQL).
///
/// There is exactly one way to change data: `commit(_:)`, which applies a `WriteBatch` in one transaction
/// together with the change-feed entries it produces. Engines hold no business rules; the domain operations
/// in DoableDomain decide what a batch contains. The write side is SPI (`StoreWriting`): only DoableDomain (and
/// tests) import it, so no other module can commit around the domain's validation and its publishing.
///
/// A store is also the `Service` that keeps its engine going while a server runs (PostgreSQL's connection pool,
/// SQLite's checkpoints); listed first in the server's service group, it stops last and closes the database.
/// Tools that open a store without a service group call `close()` themselves.
public protocol Store: Service, Sendable {
    /// Waits for the database and brings its schema up to date; called before the server starts serving.
    func prepare() async throws

    /// Applies every operation of the batch atomically and returns the feed entries it appended.
    /// Throws `StoreError.versionConflict` when a row changed since it was read, and
    /// `StoreError.duplicate` when a unique key (email, username, list or label name) is taken.
    @_spi(StoreWriting) func commit(_ batch: WriteBatch) async throws -> [Change]

    func account(id: AccountID) async throws -> Account?
    /// By email or username, case-insensitively.
    func account(login: String) async throws -> Account?
    func credential(secretHash: String) async throws -> Credential?
    func credentials(of accountID: AccountID) async throws -> [Credential]
    /// The credential with this secret hash and its account, in one read: every authenticated request asks.
    func identity(secretHash: String) async throws -> (Credential, Account)?

    func list(id: ListID) async throws -> TaskList?
    /// The owner's lists in manual order, trashed ones excluded.
    func lists(ownerID: AccountID) async throws -> [TaskList]
    func openTaskCounts(listIDs: [ListID]) async throws -> [ListID: Int]

    func task(id: TaskID) async throws -> TaskItem?
    func tasks(matching query: TaskQuery) async throws -> [TaskItem]
    func tasksWithProgress(matching query: TaskQuery) async throws -> [(TaskItem, SubtaskProgress)]
    /// Every task below `id` (not the task itself), trashed ones included, parents before children.
    func descendants(of id: TaskID) async throws -> [TaskItem]
    /// TASK-4: done/total over each task's live subtree; tasks without subtasks are absent.
    func progress(of ids: [TaskID]) async throws -> [TaskID: SubtaskProgress]
    /// The ranks of live siblings under `parentID` in `listID` next to `rank`: the greatest below it and the
    /// smallest above it. With `rank` nil: the greatest rank of all (for appending).
    func neighbourRanks(listID: ListID, parentID: TaskID?, around rank: String?) async throws
        -> (below: String?, above: String?)
    func tasks(trashedWith key: String) async throws -> [TaskItem]
    func tasks(listID: ListID, includingTrashed: Bool) async throws -> [TaskItem]
    func tasks(labelID: LabelID) async throws -> [TaskItem]
    /// Every task assigned to `accountID`, trashed ones included (account deletion clears them).
    func tasks(assignedTo accountID: AccountID) async throws -> [TaskItem]

    func label(id: LabelID) async throws -> Label?
    func labels(ownerID: AccountID) async throws -> [Label]

    // Sharing (COLLAB-1): the owner is the list's own field; members have a row each.
    /// The list's members (not its owner), in the order they were added.
    func memberships(listID: ListID) async throws -> [ListMembership]
    /// The memberships of `accountID`: the lists others shared with it, in its own order of them.
    func memberships(accountID: AccountID) async throws -> [ListMembership]
    func membership(listID: ListID, accountID: AccountID) async throws -> ListMembership?
    /// The list and `accountID`'s membership role in it (nil for none), in one read: every access check asks.
    func list(id: ListID, roleOf accountID: AccountID) async throws -> (TaskList, ListRole?)?
    /// How many members (besides the owner) each list has; lists without members are absent.
    func memberCounts(listIDs: [ListID]) async throws -> [ListID: Int]
    /// These lists (trashed ones included), in no particular order.
    func lists(ids: [ListID]) async throws -> [TaskList]
    func accounts(ids: [AccountID]) async throws -> [Account]

    // Comments, history and notifications (TASK-12, NOTIF-4).
    func comment(id: CommentID) async throws -> TaskComment?
    /// The task's comments, oldest first.
    func comments(taskID: TaskID) async throws -> [TaskComment]
    /// Every comment the account wrote, for account deletion.
    func comments(authorID: AccountID) async throws -> [TaskComment]
    /// How many comments each task has; tasks without comments are absent.
    func commentCounts(taskIDs: [TaskID]) async throws -> [TaskID: Int]
    /// The task's history, newest first.
    func activity(taskID: TaskID, limit: Int) async throws -> [TaskActivity]
    func notification(id: NotificationID) async throws -> AppNotification?
    /// The account's notifications, newest first.
    /// Newest first; with `before`, only those older than that one (its time and id: a page's cursor).
    func notifications(
        accountID: AccountID, unreadOnly: Bool, before: (createdAt: Timestamp, id: NotificationID)?,
        limit: Int
    ) async throws -> [AppNotification]
    func unreadNotificationCount(accountID: AccountID) async throws -> Int
    /// Trashed tasks (the ones trashed themselves, not those that went with them) in these lists: what members of
    /// shared lists see in their trash.
    func trashedTasks(listIDs: [ListID]) async throws -> [TaskItem]

    // Reminders, recurrence history, webhooks and deliveries (issue 13).
    func tasks(ids: [TaskID]) async throws -> [TaskItem]
    func reminder(id: ReminderID) async throws -> Reminder?
    func reminders(ids: [ReminderID]) async throws -> [Reminder]
    /// A member's reminders on a task, in the order they were made.
    func reminders(taskID: TaskID, accountID: AccountID) async throws -> [Reminder]
    /// Every member's reminders on these tasks (a change of the task's dates moves them all).
    func reminders(taskIDs: [TaskID]) async throws -> [Reminder]
    /// Every reminder of the account, for export and account deletion.
    func reminders(accountID: AccountID) async throws -> [Reminder]
    /// The account's reminders that fire at or after `from`, soonest first (VIEW-1).
    func upcomingReminders(accountID: AccountID, from: Timestamp, limit: Int) async throws -> [Reminder]
    /// The latest completion of the task (TASK-10's un-complete puts it back).
    func latestCompletion(taskID: TaskID) async throws -> TaskCompletion?
    /// Completions of tasks owned by `ownerID` at or after `since`, newest first (history and statistics).
    func completions(ownerID: AccountID, since: Timestamp, limit: Int) async throws -> [TaskCompletion]
    func webhook(id: WebhookID) async throws -> Webhook?
    func webhooks(accountIDs: [AccountID]) async throws -> [Webhook]
    /// Webhooks whose feed cursor is behind their account's feed: the fan-out's work.
    func webhooksBehind(limit: Int) async throws -> [Webhook]
    func delivery(id: DeliveryID) async throws -> Delivery?
    /// The account's deliveries, newest first.
    func deliveries(accountID: AccountID, limit: Int) async throws -> [Delivery]
    /// The attempts of these deliveries, in one read, in order of delivery and number.
    func deliveryAttempts(deliveryIDs: [DeliveryID]) async throws -> [DeliveryAttempt]
    /// NOTIF-5: takes up to `limit` reminders due at `now` that no process holds, holding them until `leaseUntil`
    /// (PostgreSQL skips rows another process is claiming, so two servers never take the same one).
    @_spi(StoreWriting) func claimDueReminders(now: Timestamp, leaseUntil: Timestamp, limit: Int) async throws
        -> [Reminder]
    /// The same for pending deliveries whose next attempt is due.
    @_spi(StoreWriting) func claimDueDeliveries(now: Timestamp, leaseUntil: Timestamp, limit: Int) async throws
        -> [Delivery]
    /// A secret of this installation, made from `candidate` the first time it is asked for and the same for every
    /// process on the database ever after (it signs the links in emails).
    @_spi(StoreWriting) func serverSecret(named name: String, candidate: String) async throws -> String
    /// Records an attempt and the delivery's new state (attempts, next attempt, error, sent time), releasing it.
    @_spi(StoreWriting) func record(_ attempt: DeliveryAttempt, updating delivery: Delivery) async throws

    // The marketplace (MKT) and photos (TASK-11).
    func posting(id: PostingID) async throws -> MarketPosting?
    /// These postings (deleted ones included), in no particular order.
    func postings(ids: [PostingID]) async throws -> [MarketPosting]
    /// MKT-2: postings that are not deleted, in the query's statuses and category, every word of `query.text`
    /// found in title or description by the full-text index (a word matches as a prefix, case-insensitively
    /// and in NFC, as the task search does), newest first (`createdAt`, then id, descending), after the cursor.
    func searchPostings(_ query: PostingQuery) async throws -> [MarketPosting]
    /// MKT-9: postings that are not deleted, in `statuses`, with a location inside the box (looked up by the indexed
    /// latitude cell and longitude), at most `limit`, in no particular order: the domain computes exact distances.
    func postings(in box: GeoSearchBox, statuses: [MarketPosting.Status], categoryID: CategoryID?, limit: Int)
        async throws -> [MarketPosting]
    /// MKT-5: the poster's postings that are not deleted, newest first.
    func postings(posterID: AccountID) async throws -> [MarketPosting]
    /// Postings (any status, deleted ones included) assigned to the account.
    func postings(assigneeID: AccountID) async throws -> [MarketPosting]
    /// The posting whose assignee got this task, if any.
    func posting(assigneeTaskID: TaskID) async throws -> MarketPosting?
    func bid(id: BidID) async throws -> Bid?
    /// Every bid on the posting, oldest first.
    func bids(postingID: PostingID) async throws -> [Bid]
    /// MKT-5: every bid the account made, newest first (`createdAt`, then id, descending).
    func bids(bidderID: AccountID) async throws -> [Bid]
    /// MKT-8: open bids on the poster's postings (not deleted) written after each posting's `bidsSeenAt`.
    func unseenBidCount(posterID: AccountID) async throws -> Int
    func question(id: QuestionID) async throws -> MarketQuestion?
    /// The posting's questions, oldest first.
    func questions(postingID: PostingID) async throws -> [MarketQuestion]
    /// The posting's reviews, oldest first.
    func reviews(postingID: PostingID) async throws -> [MarketReview]
    /// Reviews of the account, newest first, at most `limit`.
    func reviews(revieweeID: AccountID, limit: Int) async throws -> [MarketReview]
    /// Every review the account wrote (account deletion).
    func reviews(reviewerID: AccountID) async throws -> [MarketReview]
    /// Every category, archived ones included, by name (case-insensitively).
    func marketCategories() async throws -> [MarketCategory]
    func marketCategory(id: CategoryID) async throws -> MarketCategory?
    /// MKT-11: postings (not deleted) whose poster picked "Other" and suggested a category, newest first.
    func postingsSuggestingCategories(limit: Int) async throws -> [MarketPosting]
    func attachment(id: AttachmentID) async throws -> Attachment?
    func attachmentBytes(id: AttachmentID) async throws -> [UInt8]?
    /// TASK-11: the photos of these tasks, oldest first.
    func attachments(taskIDs: [TaskID]) async throws -> [Attachment]
    /// The photos of these postings, oldest first.
    func attachments(postingIDs: [PostingID]) async throws -> [Attachment]

    // CalDAV and ICS feeds (INTEROP-1, INTEROP-2).
    func calendarObject(taskID: TaskID) async throws -> CalendarObject?
    func calendarObjects(taskIDs: [TaskID]) async throws -> [CalendarObject]
    /// The task stored under a client-chosen resource name in the list (trashed tasks included), if any.
    func calendarObjectTask(listID: ListID, name: String) async throws -> TaskID?
    /// The tasks stored under these client-chosen names in the list (trashed tasks included), by name.
    func calendarObjectTasks(listID: ListID, names: [String]) async throws -> [String: TaskID]
    /// The objects of the list's live tasks, without their bodies.
    func calendarObjectHeaders(listID: ListID) async throws -> [CalendarObjectHeader]
    /// The tasks in the list whose object has this UID (trashed tasks included).
    func calendarObjectTasks(listID: ListID, uid: String) async throws -> [TaskID]
    /// Objects in the list still waiting for a parent with this UID.
    func calendarObjectsAwaitingParent(listID: ListID, uid: String) async throws -> [CalendarObject]
    /// The collection names CalDAV clients chose for lists (MKCALENDAR or MKCOL at `/dav/calendars/<user>/<name>/`).
    func calendarCollectionNames(listIDs: [ListID]) async throws -> [ListID: String]
    /// The lists (trashed ones included) whose collection name is this, exactly.
    func calendarCollectionLists(name: String) async throws -> [ListID]
    func feedKey(accountID: AccountID) async throws -> FeedKey?
    func feedKey(key: String) async throws -> FeedKey?
    /// TASK-8: undo steps kept under `id` for `accountID`, unless they expired before `now`.
    func shelvedUndo(id: String, accountID: AccountID, now: Timestamp) async throws -> ShelvedUndo?
    /// The account's feed entries about the list after `sequence`, oldest first.
    func changes(accountID: AccountID, listID: ListID, after sequence: Int64, limit: Int) async throws -> [Change]
    /// The account's latest feed sequence about the list (0 for none): a calendar's ctag and sync token.
    func latestSequence(accountID: AccountID, listID: ListID) async throws -> Int64

    // The companion game and statistics (GAME).
    func gameProfile(accountID: AccountID) async throws -> GameProfile?
    func gameProfiles(accountIDs: [AccountID]) async throws -> [GameProfile]
    /// Every profile in account-id order after `after` (the nightly job pages through them).
    func gameProfiles(after: AccountID?, limit: Int) async throws -> [GameProfile]
    /// The admins' constants and their row's version (0 and the defaults while no admin changed them).
    func gameRules() async throws -> (rules: GameRules, version: Int64)
    /// The account's closed days in `from...through`, oldest first.
    func gameDays(accountID: AccountID, from: CivilDate, through: CivilDate) async throws -> [GameDay]
    /// The account's latest closed days, newest first.
    func latestGameDays(accountID: AccountID, limit: Int) async throws -> [GameDay]
    /// The account's ledger, newest first (`before`: entries strictly older than that moment).
    func ledger(accountID: AccountID, before: Timestamp?, limit: Int) async throws -> [LedgerEntry]
    /// The account's ledger entries about `reference` (a completion's reward and its reversal), oldest first.
    func ledgerEntries(accountID: AccountID, reference: String) async throws -> [LedgerEntry]
    /// GAME-6: points of rewards, reversals and streak bonuses per local day in `from...through`.
    func ledgerPointsByDay(accountID: AccountID, from: CivilDate, through: CivilDate) async throws -> [CivilDate: Int]
    /// The store's catalogue by price then name; retired items only when asked.
    func storeItems(includeRetired: Bool) async throws -> [StoreItem]
    func storeItem(id: StoreItemID) async throws -> StoreItem?
    func subscriptionPlans(includeRetired: Bool) async throws -> [SubscriptionPlan]
    func subscriptionPlan(id: SubscriptionPlanID) async throws -> SubscriptionPlan?
    /// Completions by `actorID` whose `localDay` is in `from...through`, oldest first, at most `limit`.
    func completions(actorID: AccountID, from: CivilDate, through: CivilDate, limit: Int) async throws
        -> [TaskCompletion]
    /// How many completions the task has (GAME-5: a repeating task done 10 times).
    func completionCount(taskID: TaskID) async throws -> Int
    /// When the server first stored the task, by the clock of the batch that inserted it; nil for a task stored
    /// before this was kept (schema 11) or restored from an older backup, and for an unknown task. No client sets
    /// it (issue 27: the game's anti-farming window runs from it).
    func taskInsertedAt(id: TaskID) async throws -> Timestamp?
    /// GAME-6: per local day in `from...through` (all of history when `from` is nil), the actor's completions.
    func completionTotalsByDay(actorID: AccountID, from: CivilDate?, through: CivilDate) async throws
        -> [CompletionDayTotals]
    /// GAME-4 and GAME-6: open tasks (pending or in progress, not in the trash) the member answers for — assigned to
    /// them, or unassigned in a list they own — due in the local day `day`: a `YYYY-MM-DD` due equal to it, or a
    /// due moment in `[start, end)`.
    func openTasksDue(accountID: AccountID, day: CivilDate, start: Timestamp, end: Timestamp) async throws -> Int
    /// GAME-6: the same tasks: how many are open, and how many of those are past due at `now`.
    func openTaskCounts(accountID: AccountID, now: Timestamp) async throws -> (open: Int, overdue: Int)
    /// GAME-6: the same open tasks with a due date in `from...through`, by the due's date (a moment by its UTC date).
    func openTasksByDueDay(accountID: AccountID, from: CivilDate, through: CivilDate) async throws -> [CivilDate: Int]

    /// Lists and tasks the owner put in the trash themselves (not the tasks that went with them).
    func trash(ownerID: AccountID) async throws -> (lists: [TaskList], tasks: [TaskItem])
    /// Trashed lists and tasks deleted before `cutoff`, for the purge (TASK-8).
    func expiredTrash(before cutoff: Timestamp, limit: Int) async throws -> (lists: [TaskList], tasks: [TaskItem])

    /// The account's feed entries after `sequence`, oldest first.
    /// SYNC-1: the account a device's client id belongs to and the last of its mutations handled.
    func syncClient(id: UUID) async throws -> (accountID: AccountID, lastMutationID: Int64)?
    /// SYNC-2: the rejections of a device's mutations `from`...`through`.
    func syncRejections(clientID: UUID, from: Int64, through: Int64) async throws -> [SyncRejection]
    /// SYNC-2: the clock of each field's last write, for each entity that has one: `[entity id: [field: clock]]`.
    func fieldClocks(entityIDs: [String]) async throws -> [String: [String: String]]
    /// SYNC-4: a full sync's page of the tasks of `listIDs` (trashed ones included), in id order after `after`.
    func tasks(listIDs: [ListID], after: TaskID?, limit: Int) async throws -> [TaskItem]
    func changes(accountID: AccountID, after sequence: Int64, limit: Int) async throws -> [Change]
    func latestSequence(accountID: AccountID) async throws -> Int64
    /// The feed's low-water mark and its latest sequence, in one read: entries up to `floor` were dropped by
    /// retention, so a cursor below it cannot be served a delta (SYNC-4: the client resets). Zeros for no account.
    func feedBounds(accountID: AccountID) async throws -> (floor: Int64, latest: Int64)
    /// Drops feed entries older than `cutoff`, raising each account's floor; returns how many went.
    @_spi(StoreWriting) func purgeFeed(before cutoff: Timestamp, limit: Int) async throws -> Int
    /// Deletes up to `limit` rows of each kind older than `cutoff` (issue 26's retention): notifications, finished
    /// deliveries (their attempts with them) and sync rejections. Returns how many rows went.
    @_spi(StoreWriting) func purgeRecords(before cutoff: Timestamp, limit: Int) async throws -> Int

    /// Feed advances committed by any process on this database (this one included), until the task is
    /// cancelled: SQLite polls the file for commits of other processes, PostgreSQL listens for NOTIFY.
    func feedSignals() -> AsyncStream<FeedSignal>

    /// A cheap round trip to the database, for `/readyz`.
    func ping() async throws
    func close() async throws
}

extension Store {
    public func notifications(accountID: AccountID, unreadOnly: Bool, limit: Int) async throws -> [AppNotification] {
        try await notifications(accountID: accountID, unreadOnly: unreadOnly, before: nil, limit: limit)
    }

    public func feedFloor(accountID: AccountID) async throws -> Int64 {
        try await feedBounds(accountID: accountID).floor
    }

    /// A page of tasks with the progress of each one's subtree.
    public func tasksWithProgress(matching query: TaskQuery) async throws -> [(TaskItem, SubtaskProgress)] {
        let tasks = try await tasks(matching: query)
        let progress = try await progress(of: tasks.map(\.id))
        return tasks.map { ($0, progress[$0.id] ?? SubtaskProgress(done: 0, total: 0)) }
    }
}

/// What a store reports of its change feed advancing.
public enum FeedSignal: Sendable, Equatable {
    /// These accounts' feeds reached at least these sequences.
    case advanced([AccountID: Int64])
    /// Changes may have been missed (a lost connection): every consumer should look again.
    case unknown
    /// Credentials of these accounts ended in another process (issue 27): their open streams check theirs now.
    case credentialsEnded(Set<AccountID>)

    /// Yields the signal; when the buffer is full and an older one had to go, says `.unknown` after it, so that
    /// the consumer looks at every feed instead of missing the dropped one.
    func send(to continuation: AsyncStream<FeedSignal>.Continuation) {
        if case .dropped = continuation.yield(self) { continuation.yield(.unknown) }
    }
}

/// Limits every engine applies.
public enum StoreLimits {
    /// How long one query may run: far above any query Doable makes (a search at 1M tasks takes under 50 ms), so
    /// that only a runaway query meets it. `doable serve --query-timeout` changes it.
    public static let defaultQueryTimeout: Duration = .seconds(5)
}
