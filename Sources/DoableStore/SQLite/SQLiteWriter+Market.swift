import DoableCore
import Foundation
import GRDB

/// The marketplace's writes (issue 15), with the same version checks as every other `put`.
extension SQLiteWriter {
    func putPosting(_ posting: MarketPosting) throws {
        let point = posting.location?.point
        try put(
            SQLiteTable.postings, version: posting.version, id: posting.id.description,
            arguments: [
                posting.id.description, posting.posterID.description, posting.title, posting.description,
                posting.categoryID.description, posting.suggestedCategory, posting.maxBid.cents, posting.status.rawValue,
                point?.latitude, point?.longitude, posting.location?.placeName,
                point.map { GeoPoint.latitudeCell($0.latitude) }, posting.assigneeID?.description,
                posting.acceptedBidID?.description, posting.assigneeTaskID?.description, posting.lowestBid?.cents,
                posting.openBidCount, posting.bidsSeenAt.milliseconds, posting.doneAt?.milliseconds,
                posting.createdAt.milliseconds, posting.updatedAt.milliseconds, posting.deletedAt?.milliseconds,
                posting.version, posting.when?.from.description, posting.when?.until?.description,
            ])
    }

    func putBid(_ bid: Bid) throws {
        try put(
            SQLiteTable.bids, version: bid.version, id: bid.id.description,
            arguments: [
                bid.id.description, bid.postingID.description, bid.posterID.description, bid.bidderID.description,
                bid.amount.cents, bid.message, bid.status.rawValue, bid.createdAt.milliseconds,
                bid.updatedAt.milliseconds, bid.version,
            ])
    }

    func putQuestion(_ question: MarketQuestion) throws {
        try put(
            SQLiteTable.postingQuestions, version: question.version, id: question.id.description,
            arguments: [
                question.id.description, question.postingID.description, question.posterID.description,
                question.askerID.description, question.body, question.answer, question.answeredAt?.milliseconds,
                question.createdAt.milliseconds, question.version,
            ])
    }

    /// Reviews are written once (they have no version): the same id again is a conflict, a second review of the
    /// posting by the same reviewer a duplicate of `review`.
    func putReview(_ review: MarketReview) throws {
        try execute(
            """
            INSERT INTO posting_reviews (id, posting_id, reviewer_id, reviewee_id, rating, body, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            arguments: [
                review.id.description, review.postingID.description, review.reviewerID.description,
                review.revieweeID.description, review.rating, review.body,
                review.createdAt.milliseconds,
            ])
    }

    func putCategory(_ category: MarketCategory) throws {
        try put(
            SQLiteTable.marketCategories, version: category.version, id: category.id.description,
            arguments: [
                category.id.description, category.name, Rules.matchKey(category.name), category.isOther,
                category.isArchived, category.createdAt.milliseconds, category.version,
            ])
    }

    /// A photo is never changed: an id in use is a duplicate of `id`.
    func putAttachment(_ photo: Attachment, bytes: [UInt8]) throws {
        try execute(
            """
            INSERT INTO attachments (id, account_id, task_id, posting_id, list_id, kind, byte_count, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """,
            arguments: [
                photo.id.description, photo.accountID.description, photo.taskID?.description,
                photo.postingID?.description, photo.listID?.description, photo.kind.rawValue,
                photo.byteCount, photo.createdAt.milliseconds,
            ])
        if db.changesCount == 0 { throw StoreError.duplicate(key: "id") }
        try execute(
            "INSERT INTO attachment_bytes (attachment_id, bytes) VALUES (?, ?)",
            arguments: [photo.id.description, Data(bytes)])
    }

    /// A photo already gone is a conflict: the operation starts again from fresh reads, where it is not found.
    func deleteAttachment(_ photo: Attachment) throws {
        try execute("DELETE FROM attachment_bytes WHERE attachment_id = ?", arguments: [photo.id.description])
        try execute("DELETE FROM attachments WHERE id = ?", arguments: [photo.id.description])
        if db.changesCount == 0 { throw StoreError.versionConflict(entity: "attachments", id: photo.id.description) }
    }

    /// The photos of a task being purged.
    func deleteAttachments(taskID: TaskID) throws {
        try execute(
            """
            DELETE FROM attachment_bytes WHERE attachment_id IN (SELECT id FROM attachments WHERE task_id = ?)
            """, arguments: [taskID.description])
        try execute("DELETE FROM attachments WHERE task_id = ?", arguments: [taskID.description])
    }

    /// ACC-6: the account's postings with everything on them, its bids, questions and reviews on others' postings,
    /// the reviews of it, and every photo it uploaded or that is on its tasks; before its tasks go.
    func deleteMarketRows(of account: AccountID) throws {
        let id = account.description
        try execute(
            """
            DELETE FROM attachment_bytes WHERE attachment_id IN (SELECT id FROM attachments WHERE account_id = ?1
                OR task_id IN (SELECT id FROM tasks WHERE owner_id = ?1)
                OR posting_id IN (SELECT id FROM postings WHERE poster_id = ?1))
            """, arguments: [id])
        try execute(
            """
            DELETE FROM attachments WHERE account_id = ?1 OR task_id IN (SELECT id FROM tasks WHERE owner_id = ?1)
                OR posting_id IN (SELECT id FROM postings WHERE poster_id = ?1)
            """, arguments: [id])
        try execute(
            """
            DELETE FROM bids WHERE bidder_id = ?1 OR posting_id IN (SELECT id FROM postings WHERE poster_id = ?1)
            """, arguments: [id])
        try execute(
            """
            DELETE FROM posting_questions
            WHERE asker_id = ?1 OR posting_id IN (SELECT id FROM postings WHERE poster_id = ?1)
            """, arguments: [id])
        try execute(
            """
            DELETE FROM posting_reviews WHERE reviewer_id = ?1 OR reviewee_id = ?1
                OR posting_id IN (SELECT id FROM postings WHERE poster_id = ?1)
            """, arguments: [id])
        try execute("DELETE FROM postings WHERE poster_id = ?", arguments: [id])
    }
}

extension SQLiteTable {
    static let postings = SQLiteTable(
        "postings",
        columns: [
            "id", "poster_id", "title", "description", "category_id", "suggested_category", "max_bid_cents", "status",
            "latitude", "longitude", "place_name", "lat_cell", "assignee_id", "accepted_bid_id", "assignee_task_id",
            "lowest_bid_cents", "open_bid_count", "bids_seen_at", "done_at", "created_at", "updated_at", "deleted_at",
            "version", "when_from", "when_until",
        ])

    static let bids = SQLiteTable(
        "bids",
        columns: [
            "id", "posting_id", "poster_id", "bidder_id", "amount_cents", "message", "status", "created_at", "updated_at",
            "version",
        ])

    static let postingQuestions = SQLiteTable(
        "posting_questions",
        columns: [
            "id", "posting_id", "poster_id", "asker_id", "body", "answer", "answered_at", "created_at", "version",
        ])

    static let marketCategories = SQLiteTable(
        "market_categories",
        columns: [
            "id", "name", "name_key", "is_other", "is_archived", "created_at", "version",
        ])
}
