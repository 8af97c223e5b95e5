import DoableCore
import Foundation
import PostgresNIO

/// The marketplace's writes (issue 15), as `SQLiteWriter+Market`. A `put` at version v > 1 is an `UPDATE … WHERE
/// version = v - 1`: a concurrent transaction changing the same row holds its lock, this one waits for it and then
/// finds the version moved (READ COMMITTED re-reads the row), so of two accepts of one posting exactly one commits.
extension PostgresWriter {
    func putPosting(_ posting: MarketPosting) async throws {
        var values = PostgresRowValues()
        let point = posting.location?.point
        try values.set("id", posting.id.uuid)
        try values.set("poster_id", posting.posterID.uuid)
        try values.set("title", posting.title)
        try values.set("description", posting.description)
        try values.set("category_id", posting.categoryID.uuid)
        try values.set("suggested_category", posting.suggestedCategory)
        try values.set("max_bid_cents", posting.maxBid.cents)
        try values.set("status", posting.status.rawValue)
        try values.set("latitude", point?.latitude)
        try values.set("longitude", point?.longitude)
        try values.set("place_name", posting.location?.placeName)
        try values.set("lat_cell", point.map { Int32(GeoPoint.latitudeCell($0.latitude)) })
        try values.set("assignee_id", posting.assigneeID?.uuid)
        try values.set("accepted_bid_id", posting.acceptedBidID?.uuid)
        try values.set("assignee_task_id", posting.assigneeTaskID?.uuid)
        try values.set("lowest_bid_cents", posting.lowestBid?.cents)
        try values.set("open_bid_count", Int64(posting.openBidCount))
        try values.set("bids_seen_at", posting.bidsSeenAt.milliseconds)
        try values.set("done_at", posting.doneAt?.milliseconds)
        try values.set("created_at", posting.createdAt.milliseconds)
        try values.set("updated_at", posting.updatedAt.milliseconds)
        try values.set("deleted_at", posting.deletedAt?.milliseconds)
        try values.set("version", posting.version)
        try values.set("when_from", posting.when?.from.description)
        try values.set("when_until", posting.when?.until?.description)
        try await put("postings", id: posting.id.description, version: posting.version, values: values)
    }

    /// New postings in one statement (an import writes thousands in a batch): the same rows as `putPosting`.
    func insert(_ postings: [MarketPosting]) async throws {
        guard postings.count > 1 else {
            if let posting = postings.first { try await putPosting(posting) }
            return
        }
        // Nullable columns travel as text, '' for null (as appendChanges does for list ids).
        func text(_ value: (some CustomStringConvertible)?) -> String { value.map(\.description) ?? "" }
        let points = postings.map { $0.location?.point }
        try await execute(
            """
            INSERT INTO postings (id, poster_id, title, description, category_id, suggested_category, max_bid_cents,
                status, latitude, longitude, place_name, lat_cell, assignee_id, accepted_bid_id, assignee_task_id,
                lowest_bid_cents, open_bid_count, bids_seen_at, done_at, created_at, updated_at, deleted_at, version,
                when_from, when_until)
            SELECT id, poster_id, title, description, category_id, NULLIF(suggested_category, ''), max_bid_cents,
                status, NULLIF(latitude, '')::double precision, NULLIF(longitude, '')::double precision,
                CASE WHEN latitude = '' THEN NULL ELSE place_name END, NULLIF(lat_cell, '')::integer,
                NULLIF(assignee_id, '')::uuid, NULLIF(accepted_bid_id, '')::uuid, NULLIF(assignee_task_id, '')::uuid,
                NULLIF(lowest_bid_cents, '')::bigint, open_bid_count, bids_seen_at, NULLIF(done_at, '')::bigint,
                created_at, updated_at, NULLIF(deleted_at, '')::bigint, 1, NULLIF(when_from, ''), NULLIF(when_until, '')
            FROM unnest(\(postings.map(\.id.uuid)), \(postings.map(\.posterID.uuid)), \(postings.map(\.title)),
                        \(postings.map(\.description)), \(postings.map(\.categoryID.uuid)),
                        \(postings.map { $0.suggestedCategory ?? "" }), \(postings.map(\.maxBid.cents)),
                        \(postings.map(\.status.rawValue)), \(points.map { text($0?.latitude) }),
                        \(points.map { text($0?.longitude) }), \(postings.map { $0.location?.placeName ?? "" }),
                        \(points.map { text($0.map { GeoPoint.latitudeCell($0.latitude) }) }),
                        \(postings.map { text($0.assigneeID) }), \(postings.map { text($0.acceptedBidID) }),
                        \(postings.map { text($0.assigneeTaskID) }), \(postings.map { text($0.lowestBid?.cents) }),
                        \(postings.map { Int64($0.openBidCount) }), \(postings.map(\.bidsSeenAt.milliseconds)),
                        \(postings.map { text($0.doneAt?.milliseconds) }), \(postings.map(\.createdAt.milliseconds)),
                        \(postings.map(\.updatedAt.milliseconds)), \(postings.map { text($0.deletedAt?.milliseconds) }),
                        \(postings.map { text($0.when?.from) }), \(postings.map { text($0.when?.until) }))
                AS p(id, poster_id, title, description, category_id, suggested_category, max_bid_cents, status,
                     latitude, longitude, place_name, lat_cell, assignee_id, accepted_bid_id, assignee_task_id,
                     lowest_bid_cents, open_bid_count, bids_seen_at, done_at, created_at, updated_at, deleted_at,
                     when_from, when_until)
            """)
    }

    func putBid(_ bid: Bid) async throws {
        var values = PostgresRowValues()
        try values.set("id", bid.id.uuid)
        try values.set("posting_id", bid.postingID.uuid)
        try values.set("poster_id", bid.posterID.uuid)
        try values.set("bidder_id", bid.bidderID.uuid)
        try values.set("amount_cents", bid.amount.cents)
        try values.set("message", bid.message)
        try values.set("status", bid.status.rawValue)
        try values.set("created_at", bid.createdAt.milliseconds)
        try values.set("updated_at", bid.updatedAt.milliseconds)
        try values.set("version", bid.version)
        try await put("bids", id: bid.id.description, version: bid.version, values: values)
    }

    func putQuestion(_ question: MarketQuestion) async throws {
        var values = PostgresRowValues()
        try values.set("id", question.id.uuid)
        try values.set("posting_id", question.postingID.uuid)
        try values.set("poster_id", question.posterID.uuid)
        try values.set("asker_id", question.askerID.uuid)
        try values.set("body", question.body)
        try values.set("answer", question.answer)
        try values.set("answered_at", question.answeredAt?.milliseconds)
        try values.set("created_at", question.createdAt.milliseconds)
        try values.set("version", question.version)
        try await put("posting_questions", id: question.id.description, version: question.version, values: values)
    }

    func putReview(_ review: MarketReview) async throws {
        try await execute(
            """
            INSERT INTO posting_reviews (id, posting_id, reviewer_id, reviewee_id, rating, body, created_at)
            VALUES (\(review.id.uuid), \(review.postingID.uuid), \(review.reviewerID.uuid), \(review.revieweeID.uuid),
                    \(Int64(review.rating)), \(review.body), \(review.createdAt.milliseconds))
            """)
    }

    func putCategory(_ category: MarketCategory) async throws {
        var values = PostgresRowValues()
        try values.set("id", category.id.uuid)
        try values.set("name", category.name)
        try values.set("name_key", Rules.matchKey(category.name))
        try values.set("is_other", category.isOther)
        try values.set("is_archived", category.isArchived)
        try values.set("created_at", category.createdAt.milliseconds)
        try values.set("version", category.version)
        try await put("market_categories", id: category.id.description, version: category.version, values: values)
    }

    func putAttachment(_ photo: Attachment, bytes: [UInt8]) async throws {
        let inserted = try await fetch(
            """
            INSERT INTO attachments (id, account_id, task_id, posting_id, list_id, kind, byte_count, created_at)
            VALUES (\(photo.id.uuid), \(photo.accountID.uuid), \(photo.taskID?.uuid), \(photo.postingID?.uuid),
                    \(photo.listID?.uuid), \(photo.kind.rawValue), \(Int64(photo.byteCount)),
                    \(photo.createdAt.milliseconds))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """)
        if inserted.isEmpty { throw StoreError.duplicate(key: "id") }
        try await execute(
            """
            INSERT INTO attachment_bytes (attachment_id, bytes) VALUES (\(photo.id.uuid), \(Data(bytes)))
            """)
    }

    func deleteAttachment(_ photo: Attachment) async throws {
        try await execute("DELETE FROM attachment_bytes WHERE attachment_id = \(photo.id.uuid)")
        let deleted = try await fetch("DELETE FROM attachments WHERE id = \(photo.id.uuid) RETURNING id")
        if deleted.isEmpty { throw StoreError.versionConflict(entity: "attachments", id: photo.id.description) }
    }

    func deleteAttachments(taskID: TaskID) async throws {
        try await execute(
            """
            DELETE FROM attachment_bytes
            WHERE attachment_id IN (SELECT id FROM attachments WHERE task_id = \(taskID.uuid))
            """)
        try await execute("DELETE FROM attachments WHERE task_id = \(taskID.uuid)")
    }

    /// As `SQLiteWriter.deleteMarketRows(of:)`.
    func deleteMarketRows(of account: AccountID) async throws {
        let id = account.uuid
        try await execute(
            """
            DELETE FROM attachment_bytes WHERE attachment_id IN (SELECT id FROM attachments WHERE account_id = \(id)
                OR task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))
                OR posting_id IN (SELECT id FROM postings WHERE poster_id = \(id)))
            """)
        try await execute(
            """
            DELETE FROM attachments WHERE account_id = \(id) OR task_id IN (SELECT id FROM tasks WHERE owner_id = \(id))
                OR posting_id IN (SELECT id FROM postings WHERE poster_id = \(id))
            """)
        try await execute(
            """
            DELETE FROM bids WHERE bidder_id = \(id) OR posting_id IN (SELECT id FROM postings WHERE poster_id = \(id))
            """)
        try await execute(
            """
            DELETE FROM posting_questions
            WHERE asker_id = \(id) OR posting_id IN (SELECT id FROM postings WHERE poster_id = \(id))
            """)
        try await execute(
            """
            DELETE FROM posting_reviews WHERE reviewer_id = \(id) OR reviewee_id = \(id)
                OR posting_id IN (SELECT id FROM postings WHERE poster_id = \(id))
            """)
        try await execute("DELETE FROM postings WHERE poster_id = \(id)")
    }
}
