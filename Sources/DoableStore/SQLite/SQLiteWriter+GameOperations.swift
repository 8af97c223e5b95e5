import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes the companion game (GAME).
    func apply(_ operation: WriteBatch.GameOperation, now: Timestamp) throws {
        switch operation {
        case .putGameProfile(let profile):
            try putGameProfile(profile)
        case .putGameDay(let day):
            try putGameDay(day)
        case .addLedgerEntry(let entry):
            try addLedgerEntry(entry)
        case .putStoreItem(let item):
            try putStoreItem(item)
        case .putSubscriptionPlan(let plan):
            try putSubscriptionPlan(plan)
        case .putGameRules(let rules, let version):
            try putGameRules(rules, version: version)
        }
    }
}
