/// The columns of the marketplace's tables (migration "7-market"), in the order both engines decode them.
enum MarketColumns {
    static let posting = """
        id, poster_id, title, description, category_id, suggested_category, max_bid_cents, status, latitude,
        longitude, place_name, assignee_id, accepted_bid_id, assignee_task_id, lowest_bid_cents, open_bid_count,
        bids_seen_at, done_at, created_at, updated_at, deleted_at, version, when_from, when_until
        """
    static let bid = "id, posting_id, poster_id, bidder_id, amount_cents, message, status, created_at, updated_at, version"
    static let question = "id, posting_id, poster_id, asker_id, body, answer, answered_at, created_at, version"
    static let review = "id, posting_id, reviewer_id, reviewee_id, rating, body, created_at"
    static let category = "id, name, is_other, is_archived, created_at, version"
    static let attachment = "id, account_id, task_id, posting_id, list_id, kind, byte_count, created_at"
}
