import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes lists' members (COLLAB-1).
    func apply(_ operation: WriteBatch.SharingOperation, now: Timestamp) async throws {
        switch operation {
        case .putMembership(let member):
            if member.version == 1 {
                try await execute(
                    """
                    INSERT INTO list_members (list_id, account_id, role, rank, added_by, created_at, updated_at, version)
                    VALUES (\(member.listID.uuid), \(member.accountID.uuid), \(member.role.rawValue), \(member.rank),
                            \(member.addedBy?.uuid), \(member.createdAt.milliseconds), \(member.updatedAt.milliseconds),
                            \(member.version))
                    """)
            } else {
                let updated = try await fetch(
                    """
                    UPDATE list_members SET role = \(member.role.rawValue), rank = \(member.rank),
                        updated_at = \(member.updatedAt.milliseconds), version = \(member.version)
                    WHERE list_id = \(member.listID.uuid) AND account_id = \(member.accountID.uuid)
                        AND version = \(member.version - 1)
                    RETURNING account_id
                    """)
                if updated.isEmpty {
                    throw StoreError.versionConflict(entity: "list_members", id: member.accountID.description)
                }
            }
        case .deleteMembership(let member):
            let deleted = try await fetch(
                """
                DELETE FROM list_members
                WHERE list_id = \(member.listID.uuid) AND account_id = \(member.accountID.uuid)
                    AND version = \(member.version)
                RETURNING account_id
                """)
            if deleted.isEmpty { throw StoreError.versionConflict(entity: "list_members", id: member.accountID.description) }
        }
    }
}
