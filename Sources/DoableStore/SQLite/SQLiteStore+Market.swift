public import DoableCore
import Foundation
import GRDB

/// The marketplace (MKT) and photos (TASK-11), issue 15: rows and reads. Search and near-me are in
/// `SQLiteStore+MarketSearch.swift`, the writes in `SQLiteWriter+Market.swift`.
extension SQLiteStore {
    static let postingColumns = MarketColumns.posting
    static let bidColumns = MarketColumns.bid
    static let questionColumns = MarketColumns.question
    static let reviewColumns = MarketColumns.review
    static let categoryColumns = MarketColumns.category
    static let attachmentColumns = MarketColumns.attachment

    /// A row selected with `postingColumns`, by position: near-me reads thousands of them.
    static func posting(_ columns: SQLiteColumns) -> MarketPosting {
        var location: MarketPosting.Location?
        if let latitude = columns.optionalDouble(8), let longitude = columns.optionalDouble(9) {
            location = MarketPosting.Location(
                point: GeoPoint(latitude: latitude, longitude: longitude),
                placeName: columns.optionalText(10) ?? "")
        }
        return MarketPosting(
            id: columns.id(0)!, posterID: columns.id(1)!, title: columns.text(2), description: columns.text(3),
            categoryID: columns.id(4)!, suggestedCategory: columns.optionalText(5),
            maxBid: Money(cents: columns.int64(6)),
            status: MarketPosting.Status(rawValue: columns.text(7)) ?? .requested, location: location,
            when: columns.optionalText(22).flatMap(CivilDate.init).map {
                PostingWhen(from: $0, until: columns.optionalText(23).flatMap(CivilDate.init))
            },
            assigneeID: columns.optionalID(11), acceptedBidID: columns.optionalID(12),
            assigneeTaskID: columns.optionalID(13), lowestBid: columns.optionalInt64(14).map(Money.init(cents:)),
            openBidCount: Int(columns.int64(15)), bidsSeenAt: columns.timestamp(16),
            doneAt: columns.optionalTimestamp(17), createdAt: columns.timestamp(18), updatedAt: columns.timestamp(19),
            deletedAt: columns.optionalTimestamp(20), version: columns.int64(21))
    }

    static func bid(_ row: Row) -> Bid {
        Bid(
            id: SQLiteRows.id(row, "id"), postingID: SQLiteRows.id(row, "posting_id"),
            posterID: SQLiteRows.id(row, "poster_id"), bidderID: SQLiteRows.id(row, "bidder_id"),
            amount: Money(cents: row["amount_cents"]), message: row["message"],
            status: Bid.Status(rawValue: row["status"]) ?? .open, createdAt: SQLiteRows.timestamp(row, "created_at"),
            updatedAt: SQLiteRows.timestamp(row, "updated_at"), version: row["version"])
    }

    static func question(_ row: Row) -> MarketQuestion {
        MarketQuestion(
            id: SQLiteRows.id(row, "id"), postingID: SQLiteRows.id(row, "posting_id"),
            posterID: SQLiteRows.id(row, "poster_id"), askerID: SQLiteRows.id(row, "asker_id"), body: row["body"],
            answer: row["answer"], answeredAt: SQLiteRows.optionalTimestamp(row, "answered_at"),
            createdAt: SQLiteRows.timestamp(row, "created_at"), version: row["version"])
    }

    static func review(_ row: Row) -> MarketReview {
        MarketReview(
            id: SQLiteRows.id(row, "id"), postingID: SQLiteRows.id(row, "posting_id"),
            reviewerID: SQLiteRows.id(row, "reviewer_id"), revieweeID: SQLiteRows.id(row, "reviewee_id"),
            rating: row["rating"], body: row["body"], createdAt: SQLiteRows.timestamp(row, "created_at"))
    }

    static func category(_ row: Row) -> MarketCategory {
        MarketCategory(
            id: SQLiteRows.id(row, "id"), name: row["name"], isOther: row["is_other"], isArchived: row["is_archived"],
            createdAt: SQLiteRows.timestamp(row, "created_at"), version: row["version"])
    }

    static func attachment(_ row: Row) -> Attachment {
        Attachment(
            id: SQLiteRows.id(row, "id"), accountID: SQLiteRows.id(row, "account_id"),
            taskID: SQLiteRows.optionalID(row, "task_id"), postingID: SQLiteRows.optionalID(row, "posting_id"),
            listID: SQLiteRows.optionalID(row, "list_id"), kind: ImageKind(rawValue: row["kind"]) ?? .jpeg,
            byteCount: row["byte_count"], createdAt: SQLiteRows.timestamp(row, "created_at"))
    }

    public func posting(id: PostingID) async throws -> MarketPosting? {
        try await fetchOne("SELECT \(Self.postingColumns) FROM postings WHERE id = ?", [id.description], Self.posting)
    }

    public func postings(ids: [PostingID]) async throws -> [MarketPosting] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(Self.postingColumns) FROM postings WHERE id IN (SELECT value FROM json_each(?))
            """, [Self.jsonArray(ids.map(\.description))], Self.posting)
    }

    public func postings(posterID: AccountID) async throws -> [MarketPosting] {
        try await fetchAll(
            """
            SELECT \(Self.postingColumns) FROM postings WHERE poster_id = ? AND deleted_at IS NULL
            ORDER BY created_at DESC, id DESC
            """, [posterID.description], Self.posting)
    }

    public func postings(assigneeID: AccountID) async throws -> [MarketPosting] {
        try await fetchAll(
            """
            SELECT \(Self.postingColumns) FROM postings WHERE assignee_id = ? ORDER BY created_at, id
            """, [assigneeID.description], Self.posting)
    }

    public func posting(assigneeTaskID: TaskID) async throws -> MarketPosting? {
        try await fetchOne(
            """
            SELECT \(Self.postingColumns) FROM postings WHERE assignee_task_id = ? ORDER BY created_at, id LIMIT 1
            """, [assigneeTaskID.description], Self.posting)
    }

    public func postingsSuggestingCategories(limit: Int) async throws -> [MarketPosting] {
        try await fetchAll(
            """
            SELECT \(Self.postingColumns) FROM postings WHERE suggested_category IS NOT NULL AND deleted_at IS NULL
            ORDER BY created_at DESC, id DESC LIMIT ?
            """, [limit], Self.posting)
    }

    public func bid(id: BidID) async throws -> Bid? {
        try await fetchOne("SELECT \(Self.bidColumns) FROM bids WHERE id = ?", [id.description], Self.bid)
    }

    public func bids(postingID: PostingID) async throws -> [Bid] {
        try await fetchAll(
            "SELECT \(Self.bidColumns) FROM bids WHERE posting_id = ? ORDER BY created_at, id",
            [postingID.description], Self.bid)
    }

    public func bids(bidderID: AccountID) async throws -> [Bid] {
        try await fetchAll(
            """
            SELECT \(Self.bidColumns) FROM bids WHERE bidder_id = ? ORDER BY created_at DESC, id DESC
            """, [bidderID.description], Self.bid)
    }

    public func unseenBidCount(posterID: AccountID) async throws -> Int {
        try await fetchOne(
            """
            SELECT count(*) AS unseen FROM postings p JOIN bids b ON b.posting_id = p.id
            WHERE p.poster_id = ? AND p.deleted_at IS NULL AND b.status = 'open' AND b.updated_at > p.bids_seen_at
            """, [posterID.description]
        ) { (row: Row) in row["unseen"] as Int } ?? 0
    }

    public func question(id: QuestionID) async throws -> MarketQuestion? {
        try await fetchOne(
            "SELECT \(Self.questionColumns) FROM posting_questions WHERE id = ?", [id.description],
            Self.question)
    }

    public func questions(postingID: PostingID) async throws -> [MarketQuestion] {
        try await fetchAll(
            """
            SELECT \(Self.questionColumns) FROM posting_questions WHERE posting_id = ? ORDER BY created_at, id
            """, [postingID.description], Self.question)
    }

    public func reviews(postingID: PostingID) async throws -> [MarketReview] {
        try await fetchAll(
            """
            SELECT \(Self.reviewColumns) FROM posting_reviews WHERE posting_id = ? ORDER BY created_at, id
            """, [postingID.description], Self.review)
    }

    public func reviews(revieweeID: AccountID, limit: Int) async throws -> [MarketReview] {
        try await fetchAll(
            """
            SELECT \(Self.reviewColumns) FROM posting_reviews WHERE reviewee_id = ?
            ORDER BY created_at DESC, id DESC LIMIT ?
            """, [revieweeID.description, limit], Self.review)
    }

    public func reviews(reviewerID: AccountID) async throws -> [MarketReview] {
        try await fetchAll(
            """
            SELECT \(Self.reviewColumns) FROM posting_reviews WHERE reviewer_id = ? ORDER BY created_at, id
            """, [reviewerID.description], Self.review)
    }

    public func marketCategories() async throws -> [MarketCategory] {
        try await fetchAll(
            "SELECT \(Self.categoryColumns) FROM market_categories ORDER BY name_key, id", [],
            Self.category)
    }

    public func marketCategory(id: CategoryID) async throws -> MarketCategory? {
        try await fetchOne(
            "SELECT \(Self.categoryColumns) FROM market_categories WHERE id = ?", [id.description],
            Self.category)
    }

    public func attachment(id: AttachmentID) async throws -> Attachment? {
        try await fetchOne(
            "SELECT \(Self.attachmentColumns) FROM attachments WHERE id = ?", [id.description],
            Self.attachment)
    }

    public func attachmentBytes(id: AttachmentID) async throws -> [UInt8]? {
        try await fetchOne("SELECT bytes FROM attachment_bytes WHERE attachment_id = ?", [id.description]) {
            (row: Row) in [UInt8](row["bytes"] as Data)
        }
    }

    public func attachments(taskIDs: [TaskID]) async throws -> [Attachment] {
        guard !taskIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(Self.attachmentColumns) FROM attachments WHERE task_id IN (SELECT value FROM json_each(?))
            ORDER BY created_at, id
            """, [Self.jsonArray(taskIDs.map(\.description))], Self.attachment)
    }

    public func attachments(postingIDs: [PostingID]) async throws -> [Attachment] {
        guard !postingIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(Self.attachmentColumns) FROM attachments WHERE posting_id IN (SELECT value FROM json_each(?))
            ORDER BY created_at, id
            """, [Self.jsonArray(postingIDs.map(\.description))], Self.attachment)
    }
}
