import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// MKT-4, MKT-6, MKT-8: bids; and the public questions on a posting and the reviews after it is done.
extension MarketController {
    func addBidRoutes(to group: RouterGroup<AppRequestContext>) {
        let posting = group.group("market/postings/{id}")
        posting.get("bids", use: bids)
        posting.post("bids", use: placeBid)
        posting.get("questions", use: questions)
        posting.post("questions", use: askQuestion)
        posting.post("reviews", use: review)
        let bid = group.group("market/bids/{id}")
        bid.patch(use: updateBid)
        bid.delete(use: withdrawBid)
        bid.post("accept", use: acceptBid)
        bid.post("decline", use: declineBid)
        group.post("market/questions/{id}/answer", use: answerQuestion)
    }

    func respond(_ view: BidView, status: HTTPResponse.Status = .ok) -> Response {
        JSONResponse.make(BidDTO(view), status: status).tagged(version: view.bid.version)
    }

    /// All bids for the poster (which marks them seen, MKT-8); the caller's own for anyone else.
    @Sendable func bids(_ request: Request, context: AppRequestContext) async throws -> Response {
        let bids = try await market.bids(try context.requireIdentity(), postingID: try context.pathID())
        return JSONResponse.make(["bids": bids.map { BidDTO($0) }])
    }

    /// MKT-4: a bid on another member's open posting. A bidder with an open bid there changes that one instead
    /// (answered 200 rather than 201).
    @Sendable func placeBid(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let postingID: PostingID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.bid)
        let amount = try body.required("amount", body.money)
        let bid = try await market.placeBid(
            identity, postingID: postingID, amount: amount,
            message: try body.string("message"))
        return respond(bid, status: bid.bid.version == 1 ? .created : .ok)
    }

    @Sendable func updateBid(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: BidID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.bid)
        let amount = try body.money("amount")
        let message = try body.string("message")
        guard amount != nil || message != nil else {
            throw DoableError.invalid("amount", "Give a new 'amount', a new 'message', or both.")
        }
        return respond(
            try await market.updateBid(
                identity, id: id, amount: amount, message: message,
                ifVersion: try request.ifMatchVersion()))
    }

    @Sendable func withdrawBid(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await market.withdrawBid(
            try context.requireWriter(), id: try context.pathID(),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.noContent()
    }

    /// MKT-6: answers with the posting, now assigned; of two accepts at the same moment one gets 409.
    @Sendable func acceptBid(_ request: Request, context: AppRequestContext) async throws -> Response {
        respond(try await market.acceptBid(try context.requireWriter(), id: try context.pathID()))
    }

    @Sendable func declineBid(_ request: Request, context: AppRequestContext) async throws -> Response {
        respond(try await market.declineBid(try context.requireWriter(), id: try context.pathID()))
    }

    @Sendable func questions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let questions = try await market.questions(try context.requireIdentity(), postingID: try context.pathID())
        return JSONResponse.make(["questions": questions.map(QuestionDTO.init)])
    }

    @Sendable func askQuestion(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let postingID: PostingID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.question)
        let question = try await market.askQuestion(
            identity, postingID: postingID,
            body: try body.required("body", body.string))
        return JSONResponse.make(QuestionDTO(question), status: .created)
    }

    @Sendable func answerQuestion(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: QuestionID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.answer)
        let question = try await market.answerQuestion(
            identity, id: id,
            answer: try body.required("answer", body.string))
        return JSONResponse.make(QuestionDTO(question))
    }

    /// After the posting is done, poster and assignee rate each other once (1–5, with an optional text).
    @Sendable func review(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let postingID: PostingID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.review)
        let review = try await market.reviewPosting(
            identity, postingID: postingID,
            rating: try body.required("rating", body.integer),
            body: try body.string("body"))
        return JSONResponse.make(ReviewDTO(review), status: .created)
    }
}
