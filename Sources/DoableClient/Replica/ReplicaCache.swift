import DoableCore
import Foundation
import GRDB

/// Decoded state kept between reads, so a read does not decode every stored record and pending mutation again.
///
/// The base is cached under the token each pull writes (`Meta.Key.baseToken`), so a pull made by another process
/// on the same file is noticed; a pending mutation never changes once written, and is cached under its clock
/// reading, which no other mutation shares.
final class ReplicaCache: @unchecked Sendable {
    private let lock = NSLock()
    private var base: (token: String, state: ReplicaState)?
    private var mutations: [String: Mutation] = [:]

    /// The base with the pending mutations replayed on top.
    func state(_ db: Database) throws -> ReplicaState {
        var state = try base(db)
        for mutation in try pending(db) { state.apply(mutation) }
        return state
    }

    private func base(_ db: Database) throws -> ReplicaState {
        guard let token = try Meta.get(db, .baseToken) else { return try BaseTables.load(db) }
        if let cached = lock.withLock({ base }), cached.token == token { return cached.state }
        let state = try BaseTables.load(db)
        lock.withLock { base = (token, state) }
        return state
    }

    private func pending(_ db: Database) throws -> [Mutation] {
        let known = lock.withLock { mutations }
        var current: [String: Mutation] = [:]
        var ordered: [Mutation] = []
        let decoder = JSONDecoder()
        for row in try Row.fetchAll(db, sql: "SELECT id, name, hlc, args FROM outbox ORDER BY id") {
            let hlc: String = row["hlc"]
            let id: Int64 = row["id"]
            let key = "\(id) \(hlc)"
            var mutation = known[key]
            if mutation == nil {
                let args: String = row["args"]
                mutation = Mutation(id: id, name: row["name"], hlc: hlc,
                                    args: try decoder.decode([String: JSONValue].self, from: Data(args.utf8)))
            }
            current[key] = mutation
            ordered.append(mutation!)
        }
        lock.withLock { mutations = current }
        return ordered
    }
}
