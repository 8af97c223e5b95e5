public import DoableCore
import Foundation
import PostgresNIO

/// The marketplace (MKT) and photos (TASK-11), issue 15, as `SQLiteStore+Market`: rows and reads. Search and
/// near-me are in `PostgresStore+MarketSearch.swift`, the writes in `PostgresWriter+Market.swift`.
extension PostgresStore {
    static let postingColumns = MarketColumns.posting
    static let bidColumns = MarketColumns.bid
    static let questionColumns = MarketColumns.question
    static let reviewColumns = MarketColumns.review
    static let categoryColumns = MarketColumns.category
    static let attachmentColumns = MarketColumns.attachment

    static func posting(_ row: PostgresRecord) throws -> MarketPosting {
        var location: MarketPosting.Location?
        if let latitude = try row["latitude"] as Double?, let longitude = try row["longitude"] as Double? {
            location = MarketPosting.Location(
                point: GeoPoint(latitude: latitude, longitude: longitude),
                placeName: try row["place_name"] as String? ?? "")
        }
        let until = try (row["when_until"] as String?).flatMap(CivilDate.init)
        let when = try (row["when_from"] as String?).flatMap(CivilDate.init).map { PostingWhen(from: $0, until: until) }
        return MarketPosting(
            id: try row.id("id"), posterID: try row.id("poster_id"), title: try row["title"],
            description: try row["description"], categoryID: try row.id("category_id"),
            suggestedCategory: try row["suggested_category"], maxBid: Money(cents: try row["max_bid_cents"]),
            status: MarketPosting.Status(rawValue: try row["status"]) ?? .requested, location: location, when: when,
            assigneeID: try row.optionalID("assignee_id"), acceptedBidID: try row.optionalID("accepted_bid_id"),
            assigneeTaskID: try row.optionalID("assignee_task_id"),
            lowestBid: (try row["lowest_bid_cents"] as Int64?).map(Money.init(cents:)),
            openBidCount: Int(try row["open_bid_count"] as Int64), bidsSeenAt: try row.timestamp("bids_seen_at"),
            doneAt: try row.optionalTimestamp("done_at"), createdAt: try row.timestamp("created_at"),
            updatedAt: try row.timestamp("updated_at"), deletedAt: try row.optionalTimestamp("deleted_at"),
            version: try row["version"])
    }

    static func bid(_ row: PostgresRecord) throws -> Bid {
        Bid(
            id: try row.id("id"), postingID: try row.id("posting_id"), posterID: try row.id("poster_id"),
            bidderID: try row.id("bidder_id"), amount: Money(cents: try row["amount_cents"]),
            message: try row["message"], status: Bid.Status(rawValue: try row["status"]) ?? .open,
            createdAt: try row.timestamp("created_at"), updatedAt: try row.timestamp("updated_at"),
            version: try row["version"])
    }

    static func question(_ row: PostgresRecord) throws -> MarketQuestion {
        MarketQuestion(
            id: try row.id("id"), postingID: try row.id("posting_id"), posterID: try row.id("poster_id"),
            askerID: try row.id("asker_id"), body: try row["body"], answer: try row["answer"],
            answeredAt: try row.optionalTimestamp("answered_at"), createdAt: try row.timestamp("created_at"),
            version: try row["version"])
    }

    static func review(_ row: PostgresRecord) throws -> MarketReview {
        MarketReview(
            id: try row.id("id"), postingID: try row.id("posting_id"), reviewerID: try row.id("reviewer_id"),
            revieweeID: try row.id("reviewee_id"), rating: Int(try row["rating"] as Int64), body: try row["body"],
            createdAt: try row.timestamp("created_at"))
    }

    static func category(_ row: PostgresRecord) throws -> MarketCategory {
        MarketCategory(
            id: try row.id("id"), name: try row["name"], isOther: try row["is_other"],
            isArchived: try row["is_archived"], createdAt: try row.timestamp("created_at"),
            version: try row["version"])
    }

    static func attachment(_ row: PostgresRecord) throws -> Attachment {
        Attachment(
            id: try row.id("id"), accountID: try row.id("account_id"), taskID: try row.optionalID("task_id"),
            postingID: try row.optionalID("posting_id"), listID: try row.optionalID("list_id"),
            kind: ImageKind(rawValue: try row["kind"]) ?? .jpeg, byteCount: Int(try row["byte_count"] as Int64),
            createdAt: try row.timestamp("created_at"))
    }

    public func posting(id: PostingID) async throws -> MarketPosting? {
        try await fetchOne(
            "SELECT \(unescaped: Self.postingColumns) FROM postings WHERE id = \(id.uuid)",
            Self.posting)
    }

    public func postings(ids: [PostingID]) async throws -> [MarketPosting] {
        guard !ids.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.postingColumns) FROM postings WHERE id = ANY(\(ids.map(\.uuid)))
            """, Self.posting)
    }

    public func postings(posterID: AccountID) async throws -> [MarketPosting] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.postingColumns) FROM postings
            WHERE poster_id = \(posterID.uuid) AND deleted_at IS NULL ORDER BY created_at DESC, id DESC
            """, Self.posting)
    }

    public func postings(assigneeID: AccountID) async throws -> [MarketPosting] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.postingColumns) FROM postings WHERE assignee_id = \(assigneeID.uuid)
            ORDER BY created_at, id
            """, Self.posting)
    }

    public func posting(assigneeTaskID: TaskID) async throws -> MarketPosting? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.postingColumns) FROM postings WHERE assignee_task_id = \(assigneeTaskID.uuid)
            ORDER BY created_at, id LIMIT 1
            """, Self.posting)
    }

    public func postingsSuggestingCategories(limit: Int) async throws -> [MarketPosting] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.postingColumns) FROM postings
            WHERE suggested_category IS NOT NULL AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """, Self.posting)
    }

    public func bid(id: BidID) async throws -> Bid? {
        try await fetchOne("SELECT \(unescaped: Self.bidColumns) FROM bids WHERE id = \(id.uuid)", Self.bid)
    }

    public func bids(postingID: PostingID) async throws -> [Bid] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.bidColumns) FROM bids WHERE posting_id = \(postingID.uuid) ORDER BY created_at, id
            """, Self.bid)
    }

    public func bids(bidderID: AccountID) async throws -> [Bid] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.bidColumns) FROM bids WHERE bidder_id = \(bidderID.uuid)
            ORDER BY created_at DESC, id DESC
            """, Self.bid)
    }

    public func unseenBidCount(posterID: AccountID) async throws -> Int {
        try await fetchOne(
            """
            SELECT count(*) AS unseen FROM postings p JOIN bids b ON b.posting_id = p.id
            WHERE p.poster_id = \(posterID.uuid) AND p.deleted_at IS NULL AND b.status = 'open'
                AND b.updated_at > p.bids_seen_at
            """
        ) { Int(try $0["unseen"] as Int64) } ?? 0
    }

    public func question(id: QuestionID) async throws -> MarketQuestion? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.questionColumns) FROM posting_questions WHERE id = \(id.uuid)
            """, Self.question)
    }

    public func questions(postingID: PostingID) async throws -> [MarketQuestion] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.questionColumns) FROM posting_questions WHERE posting_id = \(postingID.uuid)
            ORDER BY created_at, id
            """, Self.question)
    }

    public func reviews(postingID: PostingID) async throws -> [MarketReview] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.reviewColumns) FROM posting_reviews WHERE posting_id = \(postingID.uuid)
            ORDER BY created_at, id
            """, Self.review)
    }

    public func reviews(revieweeID: AccountID, limit: Int) async throws -> [MarketReview] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.reviewColumns) FROM posting_reviews WHERE reviewee_id = \(revieweeID.uuid)
            ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """, Self.review)
    }

    public func reviews(reviewerID: AccountID) async throws -> [MarketReview] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.reviewColumns) FROM posting_reviews WHERE reviewer_id = \(reviewerID.uuid)
            ORDER BY created_at, id
            """, Self.review)
    }

    public func marketCategories() async throws -> [MarketCategory] {
        try await fetchAll(
            """
            SELECT \(unescaped: Self.categoryColumns) FROM market_categories ORDER BY name_key, id
            """, Self.category)
    }

    public func marketCategory(id: CategoryID) async throws -> MarketCategory? {
        try await fetchOne(
            """
            SELECT \(unescaped: Self.categoryColumns) FROM market_categories WHERE id = \(id.uuid)
            """, Self.category)
    }

    public func attachment(id: AttachmentID) async throws -> Attachment? {
        try await fetchOne(
            "SELECT \(unescaped: Self.attachmentColumns) FROM attachments WHERE id = \(id.uuid)",
            Self.attachment)
    }

    public func attachmentBytes(id: AttachmentID) async throws -> [UInt8]? {
        try await fetchOne("SELECT bytes FROM attachment_bytes WHERE attachment_id = \(id.uuid)") { row in
            Array((try row["bytes"] as ByteBuffer).readableBytesView)
        }
    }

    public func attachments(taskIDs: [TaskID]) async throws -> [Attachment] {
        guard !taskIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.attachmentColumns) FROM attachments WHERE task_id = ANY(\(taskIDs.map(\.uuid)))
            ORDER BY created_at, id
            """, Self.attachment)
    }

    public func attachments(postingIDs: [PostingID]) async throws -> [Attachment] {
        guard !postingIDs.isEmpty else { return [] }
        return try await fetchAll(
            """
            SELECT \(unescaped: Self.attachmentColumns) FROM attachments
            WHERE posting_id = ANY(\(postingIDs.map(\.uuid))) ORDER BY created_at, id
            """, Self.attachment)
    }
}
