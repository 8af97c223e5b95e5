import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes lists' members (COLLAB-1).
    func apply(_ operation: WriteBatch.SharingOperation, now: Timestamp) throws {
        switch operation {
        case .putMembership(let member):
            let arguments: StatementArguments = [
                member.role.rawValue, member.rank, member.addedBy?.description, member.createdAt.milliseconds,
                member.updatedAt.milliseconds, member.version, member.listID.description, member.accountID.description,
            ]
            if member.version == 1 {
                try execute(
                    """
                    INSERT INTO list_members (role, rank, added_by, created_at, updated_at, version, list_id, account_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: arguments)
            } else {
                try execute(
                    """
                    UPDATE list_members SET role = ?, rank = ?, added_by = ?, created_at = ?, updated_at = ?, version = ?
                    WHERE list_id = ? AND account_id = ? AND version = ?
                    """, arguments: arguments + [member.version - 1])
                if db.changesCount == 0 {
                    throw StoreError.versionConflict(entity: "list_members", id: member.accountID.description)
                }
            }
        case .deleteMembership(let member):
            try execute(
                "DELETE FROM list_members WHERE list_id = ? AND account_id = ? AND version = ?",
                arguments: [member.listID.description, member.accountID.description, member.version])
            if db.changesCount == 0 {
                throw StoreError.versionConflict(entity: "list_members", id: member.accountID.description)
            }
        }
    }
}
