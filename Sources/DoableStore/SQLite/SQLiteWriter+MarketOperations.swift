import DoableCore
import GRDB

extension SQLiteWriter {
    /// Writes the marketplace (MKT).
    func apply(_ operation: WriteBatch.MarketOperation, now: Timestamp) throws {
        switch operation {
        case .putPosting(let posting, _):
            try putPosting(posting)
        case .putBid(let bid):
            try putBid(bid)
        case .putQuestion(let question):
            try putQuestion(question)
        case .putReview(let review):
            try putReview(review)
        case .putCategory(let category):
            try putCategory(category)
        }
    }
}
