import DoableCore
import DoableStore
import Foundation
import Logging

/// The domain operations: the one write path. Every change — from the API, later the web app, sync and
/// CalDAV — is an operation here that validates, commits one `WriteBatch` (rows and change-feed entries in
/// one transaction) and, after the commit, publishes the new feed entries on the `ChangeBus`.
public struct Domain: Sendable {
    public let store: any Store
    public let bus: ChangeBus
    let passwords: PasswordHasher
    let clock: @Sendable () -> Timestamp

    public init(
        store: any Store, bus: ChangeBus = ChangeBus(), passwords: PasswordHasher = PasswordHasher(),
        clock: @escaping @Sendable () -> Timestamp = { .now }
    ) {
        self.store = store
        self.bus = bus
        self.passwords = passwords
        self.clock = clock
    }

    static let maximumAttempts = 16

    /// Runs `prepare` (read, validate, build a batch) and commits its batch; when a row changed between the read
    /// and the commit, it starts again from fresh reads, up to `maximumAttempts` times.
    func perform<Result: Sendable>(
        _ prepare: () async throws -> (WriteBatch, Result)
    ) async throws -> Result {
        var attempt = 0
        while true {
            attempt += 1
            let (batch, result) = try await prepare()
            do {
                try await commit(batch, retryingConflicts: attempt < Self.maximumAttempts)
                return result
            } catch StoreError.versionConflict {
                // Someone else won this round; wait a moment, varied so the losers do not collide again.
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...(2 * attempt + 2))))
                continue
            }
        }
    }

    /// Commits the batch, then publishes its changes. With `retryingConflicts` a version conflict is rethrown
    /// as is, for `perform` to start over; otherwise it becomes a 409 for the caller.
    func commit(_ batch: WriteBatch, retryingConflicts: Bool = false) async throws {
        guard !batch.isEmpty else { return }
        let changes: [Change]
        do {
            changes = try await store.commit(batch)
        } catch StoreError.versionConflict where retryingConflicts {
            throw StoreError.versionConflict(entity: "", id: "")
        } catch StoreError.duplicate(let key) {
            throw DoableError.conflict(code: "already_exists", field: key, message: Self.duplicateMessage(key))
        } catch StoreError.versionConflict, StoreError.referenceMissing {
            throw DoableError.conflict(code: "edit_conflict", field: nil,
                                       message: "This item was changed at the same time; try again.")
        }
        bus.publish(changes)
    }

    static func duplicateMessage(_ key: String) -> String {
        switch key {
        case "email": "An account with this email already exists."
        case "username": "This username is taken."
        default: "You already have one with this name."
        }
    }

    func zone(of account: Account) -> TimeZone {
        TimeZone(identifier: account.preferences.timeZone) ?? .gmt
    }
}
