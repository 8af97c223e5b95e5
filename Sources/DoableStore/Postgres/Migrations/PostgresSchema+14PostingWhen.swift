import DoableCore
import Foundation

extension PostgresSchema {
    /// MKT-12: when a posting's job should happen, as `YYYY-MM-DD` days; both null when the poster did not say.
    static let migration14PostingWhen = Migration(
        id: "14-posting-when",
        statements: [
            "ALTER TABLE postings ADD COLUMN when_from text",
            "ALTER TABLE postings ADD COLUMN when_until text",
        ])
}
