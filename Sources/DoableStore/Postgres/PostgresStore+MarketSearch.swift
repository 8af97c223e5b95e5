public import DoableCore
import PostgresNIO

/// MKT-2 and MKT-9, as `SQLiteStore+MarketSearch`.
extension PostgresStore {
    /// How many of the newest postings (of the query's filter) a search reads in time order before it asks the
    /// full-text index instead: about 8 ms when none matches, at 1,000,000 postings.
    static let searchWindow = 10_000

    /// Without words: the newest-first index, after the cursor. With words, in one snapshot: first the newest
    /// `searchWindow` postings in order, each checked against the words, which fills a page at once when the words
    /// are common (a word in a quarter of 1,000,000 postings: under 1 ms); only when fewer than a page match there
    /// does the GIN index find the rest, older than the window, which is quick because the matches are then few.
    /// The planner cannot make this choice itself: its estimate for a prefix term is a fixed 2%, so it read 150 ms
    /// of GIN matches for two common words, or 600,000 postings (450 ms) for a missing one. Words that are each
    /// common but rarely together (four of the seed's 40 words) still cost the GIN index's 130 ms.
    public func searchPostings(_ query: PostingQuery) async throws -> [MarketPosting] {
        let words = query.searchWords
        let limit = max(0, query.limit)
        guard !words.isEmpty else {
            var builder = PostgresQueryBuilder()
            let conditions = try Self.postingConditions(
                statuses: query.statuses, categoryID: query.categoryID,
                before: query.before, into: &builder)
            builder.sql = """
                SELECT \(Self.postingColumns) FROM postings WHERE \(conditions.joined(separator: " AND "))
                ORDER BY created_at DESC, id DESC LIMIT \(try builder.bind(limit))
                """
            return try await fetchAll(builder.query, Self.posting)
        }
        guard limit > 0 else { return [] }
        // As the task search: each word is letters and digits only, so `word:*` is a well-formed prefix term.
        let terms = words.map { "\($0):*" }.joined(separator: " & ")
        func statement(_ make: (String, String, inout PostgresQueryBuilder) throws -> String) throws -> PostgresQuery {
            var builder = PostgresQueryBuilder()
            let conditions = try Self.postingConditions(
                statuses: query.statuses, categoryID: query.categoryID,
                before: query.before, into: &builder)
            let match = "search @@ to_tsquery('simple', \(try builder.bind(terms)))"
            builder.sql = try make(conditions.joined(separator: " AND "), match, &builder)
            return builder.query
        }
        let recent = try statement { filter, match, builder in
            """
            SELECT \(Self.postingColumns) FROM (
                SELECT * FROM postings WHERE \(filter) ORDER BY created_at DESC, id DESC
                LIMIT \(try builder.bind(Self.searchWindow))) recent
            WHERE \(match) ORDER BY created_at DESC, id DESC LIMIT \(try builder.bind(limit))
            """
        }
        let older = try statement { filter, match, builder in
            // The window's last posting, then the matches older than it. MATERIALIZED keeps the planner from
            // reading the newest-first index instead of the GIN index.
            """
            WITH boundary AS (
                SELECT created_at, id FROM postings WHERE \(filter) ORDER BY created_at DESC, id DESC
                OFFSET \(try builder.bind(Self.searchWindow - 1)) LIMIT 1
            ), matches AS MATERIALIZED (
                SELECT \(Self.postingColumns) FROM postings
                WHERE \(filter) AND \(match)
                    AND (created_at, id) < ((SELECT created_at FROM boundary), (SELECT id FROM boundary))
            )
            SELECT * FROM matches ORDER BY created_at DESC, id DESC LIMIT \(try builder.bind(limit))
            """
        }
        do {
            return try await client.withTransaction(logger: logger) { connection in
                let reader = PostgresWriter(connection: connection, logger: logger, channel: channel)
                try await reader.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                let found = try await reader.fetch(recent).map(Self.posting)
                guard found.count < limit else { return found }
                let rest = try await reader.fetch(older).map(Self.posting)
                return found + rest.prefix(limit - found.count)
            }
        } catch {
            throw Self.storeError(for: Self.unwrap(error))
        }
    }

    /// As `SQLiteStore.postingFilter`: open statuses are spelled out so that the partial indexes of open postings
    /// apply; no statuses is any status.
    static func postingConditions(
        statuses: [MarketPosting.Status], categoryID: CategoryID?,
        before: (createdAt: Timestamp, id: PostingID)?,
        into builder: inout PostgresQueryBuilder
    ) throws -> [String] {
        var conditions = ["deleted_at IS NULL"]
        let statuses = statuses.distinct
        let areOpen = !statuses.isEmpty && statuses.allSatisfy(\.isOpen)
        if areOpen { conditions.append("status IN ('requested', 'bidded')") }
        if !statuses.isEmpty && !(areOpen && statuses.count == 2) {
            conditions.append("status = ANY(\(try builder.bind(statuses.map(\.rawValue))))")
        }
        if let categoryID { conditions.append("category_id = \(try builder.bind(categoryID.uuid))") }
        if let before {
            let createdAt = try builder.bind(before.createdAt.milliseconds)
            conditions.append("(created_at, id) < (\(createdAt), \(try builder.bind(before.id.uuid)))")
        }
        return conditions
    }

    /// The box's latitude cells, each a range scan of `postings_near` over the box's longitudes (`lat_cell = ANY`
    /// is one descent per cell); across the antimeridian a second statement of the compound reads the other side. A
    /// box taller than `GeoSearchBox.maximumLookedUpCells` cells reads its band of cells.
    public func postings(in box: GeoSearchBox, statuses: [MarketPosting.Status], categoryID: CategoryID?, limit: Int)
        async throws -> [MarketPosting]
    {
        guard !box.longitudeRanges.isEmpty else { return [] }
        var builder = PostgresQueryBuilder()
        var conditions = try Self.postingConditions(
            statuses: statuses, categoryID: categoryID, before: nil,
            into: &builder)
        let lowest = try builder.bind(box.minLatitude), highest = try builder.bind(box.maxLatitude)
        conditions.append("latitude BETWEEN \(lowest) AND \(highest)")
        if box.latitudeCells.count <= GeoSearchBox.maximumLookedUpCells {
            conditions.append("lat_cell = ANY(\(try builder.bind(box.latitudeCells.map(Int32.init))))")
        } else {
            let first = try builder.bind(Int32(box.latitudeCells.lowerBound))
            conditions.append("lat_cell BETWEEN \(first) AND \(try builder.bind(Int32(box.latitudeCells.upperBound)))")
        }
        let filter = conditions.joined(separator: " AND ")
        var selects: [String] = []
        for range in box.longitudeRanges {
            let west = try builder.bind(range.lowerBound), east = try builder.bind(range.upperBound)
            selects.append(
                """
                SELECT \(Self.postingColumns) FROM postings WHERE \(filter) AND longitude BETWEEN \(west) AND \(east)
                """)
        }
        builder.sql = selects.joined(separator: " UNION ALL ") + " LIMIT \(try builder.bind(max(0, limit)))"
        return try await fetchAll(builder.query, Self.posting)
    }
}
