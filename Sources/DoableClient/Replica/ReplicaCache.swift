import DoableAPI
import DoableCore
import Foundation
import GRDB

/// Decoded state kept between reads, so that a read neither decodes the stored records again nor replays the
/// outbox again.
///
/// Two things are kept: the base, under the token each pull writes (`Meta.Key.baseToken`), and the latest
/// replayed view, under its ``ViewKey`` (that token, and the outbox's last mutation id and size). Both keys are
/// read from the file in the reader's own transaction, so a pull or a change made by another process on the same
/// file is noticed. A view that is one appended mutation behind the file is brought up to date by applying just
/// that mutation, which gives the same state as replaying the whole outbox again (replay applies the mutations in
/// order, one at a time).
final class ReplicaCache: @unchecked Sendable {
    private let lock = NSLock()
    private var base: (token: String, state: ReplicaState)?
    private var latest: ReplicaView?

    /// The view as of `db`'s transaction.
    func view(_ db: Database) throws -> ReplicaView {
        guard let key = try ViewKey.current(db) else {
            // Never pulled (or logged out): the base is empty, so a replay costs little; nothing is kept.
            return ReplicaView(key: nil, state: Self.replayed(try BaseTables.load(db), try Outbox.mutations(db)))
        }
        if let cached = lock.withLock({ latest }), cached.key == key { return cached }
        var view: ReplicaView
        if var behind = takeLatest(), let behindKey = behind.key, behindKey.isFollowed(byOneAppended: key),
            let added = try Self.onlyMutation(db, after: behindKey.lastMutationID)
        {
            ReplicaView.apply(added, to: &behind, key: key)
            view = behind
        } else {
            view = ReplicaView(
                key: key,
                state: Self.replayed(
                    try base(db, token: key.baseToken),
                    try Outbox.mutations(db)))
        }
        keep(view)
        return view
    }

    /// The kept view when it is the one `db`'s transaction sees; nil (and nothing loaded) otherwise.
    func keptView(_ db: Database) throws -> ReplicaView? {
        guard let key = try ViewKey.current(db), let kept = lock.withLock({ latest }), kept.key == key else { return nil }
        return kept
    }

    /// The view as of `db`'s transaction, no longer kept: the caller changes it and keeps it again (or keeps it
    /// unchanged when its change fails). Changing a view nothing else holds costs no copy.
    func takeView(_ db: Database) throws -> ReplicaView {
        let view = try view(db)
        lock.withLock { if latest === view { latest = nil } }
        return view
    }

    private func takeLatest() -> ReplicaView? {
        lock.withLock {
            defer { latest = nil }
            return latest
        }
    }

    /// Keeps `view` as the latest (a view without a key is not kept).
    func keep(_ view: ReplicaView) {
        guard view.key != nil else { return }
        lock.withLock { latest = view }
    }

    /// Hands over the kept base when it is the one `token` names, and forgets what is kept, so that a pull can
    /// change the base in place (nothing else holding it, it is not copied).
    func takeBase(token: String?) -> ReplicaState? {
        lock.withLock {
            defer { (base, latest) = (nil, nil) }
            guard let token, let base, base.token == token else { return nil }
            return base.state
        }
    }

    /// Keeps the base a pull left, under the token it wrote.
    func keepBase(_ state: ReplicaState, token: String) {
        lock.withLock { base = (token, state) }
    }

    /// Forgets everything kept (the replica was emptied).
    func clear() {
        lock.withLock { (base, latest) = (nil, nil) }
    }

    private func base(_ db: Database, token: String) throws -> ReplicaState {
        if let cached = lock.withLock({ base }), cached.token == token { return cached.state }
        let state = try BaseTables.load(db)
        lock.withLock { base = (token, state) }
        return state
    }

    /// The one mutation after `afterID`, when there is exactly one.
    private static func onlyMutation(_ db: Database, after afterID: Int64) throws -> Mutation? {
        let added = try Outbox.mutations(db, after: afterID, limit: 2)
        return added.count == 1 ? added[0] : nil
    }

    private static func replayed(_ base: ReplicaState, _ mutations: [Mutation]) -> ReplicaState {
        var state = base
        for mutation in mutations { state.apply(mutation) }
        return state
    }
}
