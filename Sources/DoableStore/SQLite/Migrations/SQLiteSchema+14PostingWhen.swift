import DoableCore
import Foundation
import GRDB

extension SQLiteSchema {
    /// MKT-12: when a posting's job should happen, as `YYYY-MM-DD` days; both null when the poster did not say.
    static func migration14PostingWhen(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE postings ADD COLUMN when_from TEXT;
                ALTER TABLE postings ADD COLUMN when_until TEXT;
                """)
    }
}
