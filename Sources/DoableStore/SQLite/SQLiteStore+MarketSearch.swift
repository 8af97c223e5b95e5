public import DoableCore
import GRDB

/// MKT-2 and MKT-9: finding postings by words and by place, each from an index, never by reading every posting.
extension SQLiteStore {
    /// Without words: the newest-first index, after the cursor. With words: see `searchedRowIDs`.
    public func searchPostings(_ query: PostingQuery) async throws -> [MarketPosting] {
        let (filter, arguments) = Self.postingFilter(
            statuses: query.statuses, categoryID: query.categoryID,
            before: query.before)
        let words = query.searchWords
        let limit = max(0, query.limit)
        guard !words.isEmpty else {
            return try await fetchAll(
                """
                SELECT \(Self.postingColumns) FROM postings WHERE \(filter) ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments + [limit], Self.posting)
        }
        let match = "{title description}:(" + words.map { "\"\($0)\"*" }.joined(separator: " AND ") + ")"
        return try await read { db in
            let rowIDs = try Self.searchedRowIDs(db, match: match, filter: filter, arguments: arguments, limit: limit)
            guard !rowIDs.isEmpty else { return [] }
            return try SQLiteRows.fetchAll(
                db,
                sql: """
                    SELECT \(Self.postingColumns) FROM postings WHERE rowid IN (SELECT value FROM json_each(?))
                    ORDER BY created_at DESC, id DESC
                    """, arguments: [Self.jsonNumbers(rowIDs)], Self.posting)
        }
    }

    /// The conditions every posting list shares: not deleted, in `statuses` (spelled out for open ones, so that the
    /// partial indexes of open postings apply), in the category, older than the cursor.
    static func postingFilter(
        statuses: [MarketPosting.Status], categoryID: CategoryID?,
        before: (createdAt: Timestamp, id: PostingID)?
    )
        -> (String, StatementArguments)
    {
        var conditions = ["deleted_at IS NULL"]
        var arguments = StatementArguments()
        // No statuses: any status, as `TaskQuery` reads an empty filter.
        let statuses = statuses.distinct
        let areOpen = !statuses.isEmpty && statuses.allSatisfy(\.isOpen)
        if areOpen { conditions.append("status IN ('requested', 'bidded')") }
        if !statuses.isEmpty && !(areOpen && statuses.count == 2) {
            conditions.append("status IN (SELECT value FROM json_each(?))")
            arguments += [jsonArray(statuses.map(\.rawValue))]
        }
        if let categoryID {
            conditions.append("category_id = ?")
            arguments += [categoryID.description]
        }
        if let before {
            conditions.append("(created_at, id) < (?, ?)")
            arguments += [before.createdAt.milliseconds, before.id.description]
        }
        return (conditions.joined(separator: " AND "), arguments)
    }

    /// The rowids of the first `limit` postings, newest first, that pass `filter` and match, read from two streams
    /// side by side: the postings newest first (an index of `filter`) and the full-text matches from the highest rowid
    /// down. Rowids grow as postings are written, so the two orders nearly agree and each stream is read only about
    /// as far as the page reaches, whether a word is in a quarter of all postings or in a few (a match list built
    /// whole first took 200 ms for a common word at 1,000,000 postings). A posting is a match when the match stream
    /// has passed its rowid and returned it. Once the match stream ends, every match is known: the rest of the page
    /// is read from those directly. Correct for any order of rowids; only slower if they were far from time order.
    static func searchedRowIDs(
        _ db: Database, match: String, filter: String,
        arguments: StatementArguments, limit: Int
    ) throws -> [Int64] {
        guard limit > 0 else { return [] }
        let matches = try Int64.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT rowid FROM postings_fts WHERE postings_fts MATCH ? ORDER BY rowid DESC
                    """), arguments: [match])
        var known = Set<Int64>()
        // Every match at or above `floor` is in `known`.
        var floor = Int64.max
        var isExhausted = false
        func advance() throws {
            if let rowID = try matches.next() {
                known.insert(rowID)
                floor = rowID
            } else {
                isExhausted = true
                floor = .min
            }
        }
        // Few matches in all: read them directly.
        while !isExhausted && known.count < 512 { try advance() }
        if isExhausted {
            return try knownMatches(db, known, filter: filter, arguments: arguments, after: nil, limit: limit)
        }
        let candidates = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT rowid, created_at, id FROM postings WHERE \(filter) ORDER BY created_at DESC, id DESC
                    """), arguments: arguments)
        var found: [Int64] = []
        while let row = try candidates.next() {
            let rowID: Int64 = row[0]
            while rowID < floor && !isExhausted { try advance() }
            if known.remove(rowID) != nil {
                found.append(rowID)
                if found.count == limit { break }
            }
            if isExhausted {
                let after = (createdAt: row[1] as Int64, id: row[2] as String)
                return found
                    + (try knownMatches(
                        db, known, filter: filter, arguments: arguments, after: after,
                        limit: limit - found.count))
            }
        }
        return found
    }

    /// The first `limit` of these matches, newest first, that pass `filter` and come after `after` in that order.
    static func knownMatches(
        _ db: Database, _ rowIDs: Set<Int64>, filter: String,
        arguments: StatementArguments, after: (createdAt: Int64, id: String)?,
        limit: Int
    ) throws -> [Int64] {
        guard !rowIDs.isEmpty, limit > 0 else { return [] }
        var arguments = arguments
        var position = ""
        if let after {
            position = " AND (created_at, id) < (?, ?)"
            arguments += [after.createdAt, after.id]
        }
        arguments += [jsonNumbers(Array(rowIDs)), limit]
        return try Int64.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT rowid FROM postings WHERE \(filter)\(position) AND rowid IN (SELECT value FROM json_each(?))
                    ORDER BY created_at DESC, id DESC LIMIT ?
                    """), arguments: arguments)
    }

    /// The box's latitude cells, each a range scan of `postings_near` over the box's longitudes; across the
    /// antimeridian a second statement of the compound reads the other side (an OR of the two made SQLite scan the
    /// whole index). A box taller than `GeoSearchBox.maximumLookedUpCells` cells reads its band of cells. The
    /// category is a filter here (`+`): without statistics SQLite would rather read the category's index whole.
    public func postings(in box: GeoSearchBox, statuses: [MarketPosting.Status], categoryID: CategoryID?, limit: Int)
        async throws -> [MarketPosting]
    {
        guard !box.longitudeRanges.isEmpty else { return [] }
        var (filter, filterArguments) = Self.postingFilter(statuses: statuses, categoryID: nil, before: nil)
        if let categoryID {
            filter += " AND +category_id = ?"
            filterArguments += [categoryID.description]
        }
        let cells: String
        let cellArguments: StatementArguments
        if box.latitudeCells.count <= GeoSearchBox.maximumLookedUpCells {
            cells = "lat_cell IN (SELECT value FROM json_each(?))"
            cellArguments = [Self.jsonNumbers(box.latitudeCells.map(Int64.init))]
        } else {
            cells = "lat_cell BETWEEN ? AND ?"
            cellArguments = [box.latitudeCells.lowerBound, box.latitudeCells.upperBound]
        }
        var selects: [String] = []
        var arguments = StatementArguments()
        for range in box.longitudeRanges {
            selects.append(
                """
                SELECT \(Self.postingColumns) FROM postings
                WHERE \(filter) AND latitude BETWEEN ? AND ? AND \(cells) AND longitude BETWEEN ? AND ?
                """)
            arguments +=
                filterArguments + [box.minLatitude, box.maxLatitude] + cellArguments
                + [range.lowerBound, range.upperBound]
        }
        return try await fetchAll(
            selects.joined(separator: " UNION ALL ") + " LIMIT ?", arguments + [max(0, limit)],
            Self.posting)
    }

    /// A JSON array of integers, for `json_each(?)` against an integer column.
    static func jsonNumbers(_ values: [Int64]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }
}
