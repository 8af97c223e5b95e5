import DoableCore
import Foundation
import PostgresNIO

extension PostgresWriter {
    /// Writes the marketplace (MKT).
    func apply(_ operation: WriteBatch.MarketOperation, now: Timestamp) async throws {
        switch operation {
        case .putPosting(let posting, _):
            try await putPosting(posting)
        case .putBid(let bid):
            try await putBid(bid)
        case .putQuestion(let question):
            try await putQuestion(question)
        case .putReview(let review):
            try await putReview(review)
        case .putCategory(let category):
            try await putCategory(category)
        }
    }
}
