import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import NIOCore
import DoableHTTP
import DoableDelivery

/// MKT-1..3, MKT-5, MKT-7..11: the marketplace's postings, their photos, and the caller's own postings and bids.
/// Every signed-in member sees every posting; only its poster changes it (403 for anyone else, since the posting is
/// no secret). Bids, questions and reviews are in `MarketController+Bids.swift`.
struct MarketController: Sendable {
    let market: MarketService
    /// MKT-12: the map tiles and address search the server was given.
    let map: MarketMapSettings

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let market = group.group("market")
        let posting = market.collection(
            "postings", list: search, create: create, show: show, update: update, delete: delete)
        posting.post("photos", use: addPhoto)
        posting.post("done", use: markDone)
        posting.post("reopen", use: reopen)
        let mine = market.group("my")
        mine.get("postings", use: myPostings)
        mine.get("bids", use: myBids)
        market.get("categories", use: categories)
        addPlaceRoutes(to: market)
        addBidRoutes(to: group)
    }

    /// The fields of a new posting or of a change to one; absent fields are nil.
    static func input(_ body: JSONObjectReader) throws -> PostingInput {
        var input = PostingInput()
        input.title = try body.string("title")
        input.description = try body.string("description")
        input.category = try body.string("category")
        input.suggestedCategory = try body.nullableString("suggestedCategory")
        input.maxBid = try body.money("maxBid")
        input.location = try body.location("location")
        input.when = try body.postingWhen("when")
        return input
    }

    func respond(_ view: PostingView, status: HTTPResponse.Status = .ok) -> Response {
        JSONResponse.make(PostingDTO(view), status: status).tagged(version: view.posting.version)
    }

    /// MKT-2 and MKT-9: open postings by words, category and status, newest first in pages; with `near`, those
    /// within `radiusKm` of the point, nearest first, in one page.
    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let query = try MarketQuery(request.uri.queryParameters)
        let statuses = query.statuses.isEmpty ? nil : query.statuses
        if let near = query.near {
            let views = try await market.postingsNear(
                identity, point: near, radiusKm: query.radiusKm ?? MarketRules.defaultRadiusKm, text: query.text,
                category: query.category, statuses: statuses, limit: query.limit)
            return JSONResponse.make(PostingPageDTO(postings: views.map(PostingDTO.init), nextCursor: nil))
        }
        let page = try await market.searchPostings(
            identity, text: query.text, category: query.category,
            statuses: statuses, cursor: query.cursor, limit: query.limit)
        return JSONResponse.make(
            PostingPageDTO(
                postings: page.postings.map(PostingDTO.init),
                nextCursor: page.nextCursor))
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.posting)
        for field in ["title", "description", "category", "maxBid"] where !body.has(field) {
            throw DoableError.invalid(field, "'\(field)' is required.")
        }
        return respond(try await market.createPosting(identity, try Self.input(body)), status: .created)
    }

    /// The posting's page. For its poster it shows every bid, and so marks them seen (MKT-8): `unseenBidCount` says
    /// how many were new before this read. Marking them seen raises the version, so the posting is read again for
    /// an entity tag that a later `If-Match` can use.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let id: PostingID = try context.pathID()
        var detail = try await market.posting(identity, id: id)
        let unseen = detail.view.unseenBidCount
        if detail.view.isPoster && unseen > 0 {
            try await market.markBidsSeen(identity, postingID: id)
            detail = try await market.posting(identity, id: id)
            detail.view.unseenBidCount = unseen
        }
        return JSONResponse.make(PostingDTO(detail)).tagged(version: detail.view.posting.version)
    }

    /// MKT-10: only while nobody is assigned; a posting assigned meanwhile answers 409 `posting_assigned`.
    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: PostingID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.posting)
        return respond(
            try await market.updatePosting(
                identity, id: id, try Self.input(body),
                ifVersion: try request.ifMatchVersion()))
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await market.deletePosting(
            try context.requireWriter(), id: try context.pathID(),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.noContent()
    }

    /// TASK-11 rules for a posting's photos: the body is the image itself, whatever its `Content-Type`.
    @Sendable func addPhoto(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: PostingID = try context.pathID()
        let bytes = try await AttachmentsController.photoBytes(request)
        if let refusal = AttachmentsController.refusingLargePhoto(bytes) { return refusal }
        let photo = try await market.addPostingPhoto(identity, postingID: id, bytes: bytes)
        return JSONResponse.make(PhotoDTO(photo), status: .created)
    }

    @Sendable func markDone(_ request: Request, context: AppRequestContext) async throws -> Response {
        respond(
            try await market.markPostingDone(
                try context.requireWriter(), id: try context.pathID(),
                ifVersion: try request.ifMatchVersion()))
    }

    @Sendable func reopen(_ request: Request, context: AppRequestContext) async throws -> Response {
        respond(
            try await market.reopenPosting(
                try context.requireWriter(), id: try context.pathID(),
                ifVersion: try request.ifMatchVersion()))
    }

    /// MKT-5 and MKT-8: the caller's postings, newest first, with the badge.
    @Sendable func myPostings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let filter = try MarketQuery.choice(
            request.uri.queryParameters, "status", MyPostingsFilter.self,
            default: .all)
        async let postings = market.myPostings(identity, filter: filter)
        async let unseen = market.unseenBidCount(identity)
        return JSONResponse.make(
            MyPostingsDTO(
                postings: try await postings.map(PostingDTO.init),
                unseenBidCount: try await unseen))
    }

    /// MKT-5: the caller's bids, newest first, each with its posting.
    @Sendable func myBids(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let filter = try MarketQuery.choice(request.uri.queryParameters, "status", MyBidsFilter.self, default: .all)
        let bids = try await market.myBids(identity, filter: filter)
        return JSONResponse.make(["bids": bids.map { BidDTO($0.0, posting: $0.1) }])
    }

    /// MKT-11: the categories a member may pick, "Other" last.
    @Sendable func categories(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireIdentity()
        return JSONResponse.make(["categories": try await market.marketCategories().map(CategoryDTO.init)])
    }
}
