import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes the companion game (GAME).
    func apply(_ operation: WriteBatch.GameOperation, now: Timestamp) async throws {
        switch operation {
        case .putGameProfile(let profile):
            try await putGameProfile(profile)
        case .putGameDay(let day):
            try await putGameDay(day)
        case .addLedgerEntry(let entry):
            try await addLedgerEntry(entry)
        case .putStoreItem(let item):
            try await putStoreItem(item)
        case .putSubscriptionPlan(let plan):
            try await putSubscriptionPlan(plan)
        case .putGameRules(let rules, let version):
            try await putGameRules(rules, version: version)
        }
    }
}
