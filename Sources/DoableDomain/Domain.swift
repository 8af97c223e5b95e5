public import DoableCore
@_spi(StoreWriting) public import DoableStore
import Foundation
import Logging

/// The domain operations: the one write path. Every change — from the API, the web app, sync and CalDAV — is an
/// operation here that validates, commits one `WriteBatch` (rows and change-feed entries in one transaction) and,
/// after the commit, signals the feed's consumers through the `FeedNotifier`. No other module can commit: the
/// store's write side is SPI that only this module imports.
public struct Domain: Sendable {
    let store: any Store
    public let notifier: FeedNotifier
    /// Open once the store is prepared; the background services wait for it. Open from the start unless asked.
    public let readiness: ReadinessGate
    let passwords: PasswordHasher
    let clock: @Sendable () -> Timestamp
    /// INTEROP-4: what counts as this server itself, which a webhook may not point at.
    let webhookPolicy: WebhookPolicy
    /// Queues the transitions of one marketplace posting in this process (see `KeyedMutex`).
    let postingLocks = KeyedMutex()
    /// INTEROP-1: client bodies already parsed, so reading a calendar again does not parse them again.
    let davBodies = DAVBodyCache()
    /// Issue 34: whether writes meet a full disk (for `/readyz`, `/metrics` and a log line a minute).
    public let storage = StorageStatus()
    /// MKT-12: the currency of the marketplace's amounts (`--currency`).
    public let currency: CurrencyCode
    /// Issue 31: registration, email verification and invitations.
    public let accountPolicy: AccountPolicy

    public init(
        store: any Store, notifier: FeedNotifier = FeedNotifier(), passwords: PasswordHasher = PasswordHasher(),
        clock: @escaping @Sendable () -> Timestamp = { .now }, readiness: ReadinessGate = ReadinessGate(isOpen: true),
        webhookPolicy: WebhookPolicy = WebhookPolicy(ownHosts: [], ownPort: 8080), currency: CurrencyCode = .euro,
        accountPolicy: AccountPolicy = AccountPolicy()
    ) {
        self.currency = currency
        self.accountPolicy = accountPolicy
        self.webhookPolicy = webhookPolicy
        self.store = store
        self.readiness = readiness
        self.notifier = notifier
        self.passwords = passwords
        self.clock = clock
    }

    /// The domain's clock: what its writes are stamped with, and the `serverTime` devices set their clocks by.
    public func now() -> Timestamp { clock() }

    /// A cheap round trip to the database, for `/readyz`.
    public func ping() async throws { try await store.ping() }

    static let maximumAttempts = 16

    /// Runs `prepare` (read, validate, build a batch) and commits its batch as `actor`'s change; when a row changed
    /// or went between the read and the commit, it starts again from fresh reads, up to `maximumAttempts` times.
    func perform<Result: Sendable>(
        by actor: AccountID?, _ prepare: () async throws -> (WriteBatch, Result)
    ) async throws -> Result {
        var attempt = 0
        while true {
            attempt += 1
            var (batch, result) = try await prepare()
            batch.actorID = actor
            do {
                try await commit(batch, retryingConflicts: attempt < Self.maximumAttempts)
                return result
            } catch StoreError.versionConflict, StoreError.referenceMissing {
                // Someone else won this round; wait a moment, varied so the losers do not collide again.
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...(2 * attempt + 2))))
                continue
            }
        }
    }

    /// Commits `batch` as `actor`'s change, then signals it.
    /// `body` with the posting's transitions of this process queued behind each other.
    func serialized<Result: Sendable>(posting id: PostingID, _ body: () async throws -> Result) async throws -> Result {
        let key = id.description
        await postingLocks.lock(key)
        do {
            let result = try await body()
            await postingLocks.unlock(key)
            return result
        } catch {
            await postingLocks.unlock(key)
            throw error
        }
    }

    func commit(_ batch: WriteBatch, by actor: AccountID?) async throws {
        var batch = batch
        batch.actorID = actor
        try await commit(batch)
    }

    /// Commits the batch, then signals its feed entries, and has the streams of accounts whose credentials it ended
    /// check theirs at once (credentials have no feed entries). With `retryingConflicts`, a version conflict or a missing
    /// reference (a row changed or went since it was read) is rethrown as a `StoreError` for `perform` to start
    /// over; otherwise it becomes a 409 for the caller. An integrity error is a bug and goes up as it is.
    func commit(_ batch: WriteBatch, retryingConflicts: Bool = false) async throws {
        guard !batch.isEmpty else { return }
        var batch = batch
        batch.operations += try await reminders.remindersFollowingTasks(in: batch)
        batch.operations += try await fieldClockStamps(in: batch)
        batch.operations += try await reminders.calendarAnnouncements(in: batch)
        let scope = SyncScope.current
        if let scope, !scope.recorded { batch.operations += scope.record }
        if let run = PushRun.current {
            run.stage(batch)
            scope?.markRecorded()
            return
        }
        let changes: [Change]
        do {
            changes = try await store.commit(batch)
            scope?.markRecorded()
        } catch {
            throw mapped(error, retryingConflicts: retryingConflicts)
        }
        published(changes, of: batch)
    }

    /// Commits a push run's staged batches in one transaction (`PushRun`), then signals their feed entries.
    /// A conflict is rethrown as the `StoreError` it is: the push then applies the run's mutations one at a time.
    func commitTogether(_ batches: [WriteBatch]) async throws {
        guard !batches.isEmpty else { return }
        let changes: [[Change]]
        do {
            changes = try await store.commitTogether(batches)
        } catch {
            throw mapped(error, retryingConflicts: true)
        }
        for (batch, changes) in zip(batches, changes) { published(changes, of: batch) }
    }

    private func published(_ changes: [Change], of batch: WriteBatch) {
        storage.noteWritten()
        notifier.signal(changes)
        for account in batch.accountsEndingCredentials { notifier.recheckCredentials(of: account) }
    }

    /// A store's failure as the caller should see it (see `commit`).
    private func mapped(_ error: any Error, retryingConflicts: Bool) -> any Error {
        guard let error = error as? StoreError else { return error }
        switch error {
        case .versionConflict, .referenceMissing:
            if retryingConflicts { return error }
            return DoableError.conflict(
                code: "edit_conflict", field: nil,
                message: "This item was changed at the same time; try again.")
        case .duplicate(let key):
            return DoableError.conflict(code: "already_exists", field: key, message: Self.duplicateMessage(key))
        case .integrity, .timedOut:
            // A timed-out write changed nothing; the HTTP layer answers 503 with Retry-After.
            return error
        case .unavailable:
            // The database cannot be reached: nothing was acknowledged; the HTTP layer answers 503.
            return error
        case .storageFull:
            // Nothing was written; the HTTP layer answers 507 and the operator hears of it once a minute.
            storage.noteFull()
            return error
        }
    }

    /// A precondition (CalDAV `If-Match`, a stale web form, an offline edit of something changed meanwhile): the
    /// row must still be at the version the caller saw, or the operation fails at once instead of being retried.
    func require(version: Int64, expected: Int64?, of noun: String) throws {
        guard let expected, expected != version else { return }
        throw DoableError.conflict(
            code: "version_mismatch", field: nil,
            message: "This \(noun) was changed since you loaded it (version \(expected), now \(version)); "
                + "load it again and redo your change.")
    }

    static func duplicateMessage(_ key: String) -> String {
        switch key {
        case "email": "An account with this email already exists."
        case "username": "This username is taken."
        default: "You already have one with this name."
        }
    }

    func calendar(of account: Account) -> ZonedCalendar { ZonedCalendar(preferences: account.preferences) }

    /// For an account that went meanwhile: UTC, weeks from Monday.
    static let defaultCalendar = ZonedCalendar(preferences: Preferences())

    func zone(of account: Account) -> TimeZone { calendar(of: account).zone }
}

extension Domain {
    /// SYNC-1: an id a device made for something new must not be in use (by anyone, or by something deleted for good).
    func newID<Entity>(_ id: EntityID<Entity>?, exists: (EntityID<Entity>) async throws -> Bool) async throws
        -> EntityID<Entity>?
    {
        guard let id else { return nil }
        if try await exists(id) {
            throw DoableError.conflict(code: "already_exists", field: "id", message: "The id \(id) is already in use.")
        }
        return id
    }
}
