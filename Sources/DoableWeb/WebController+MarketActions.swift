import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import DoableHTTP

/// What is done on a posting's page: bidding, changing and withdrawing one's bid (MKT-4); accepting and declining
/// bids, marking done or not done (MKT-6, MKT-7); asking and answering questions; rating each other. Anything that
/// cannot be taken back asks first (the script's dialog, or a page without it).
extension WebController {
    func addMarketActionRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("market/postings/{id}/done") { _, context in try await markPostingDone(context) }
        web.post("market/postings/{id}/reopen") { _, context in try await reopenPosting(context) }
        web.post("market/postings/{id}/bids") { _, context in try await placeBid(context) }
        web.post("market/postings/{id}/bids/{bidId}") { _, context in try await changeBid(context) }
        web.post("market/postings/{id}/bids/{bidId}/withdraw") { _, context in try await withdrawBid(context) }
        web.post("market/postings/{id}/bids/{bidId}/accept") { _, context in try await acceptBid(context) }
        web.post("market/postings/{id}/bids/{bidId}/decline") { _, context in try await declineBid(context) }
        web.post("market/postings/{id}/questions") { _, context in try await askQuestion(context) }
        web.post("market/postings/{id}/questions/{questionId}/answer") { _, context in
            try await answerQuestion(context)
        }
        web.post("market/postings/{id}/reviews") { _, context in try await reviewPosting(context) }
    }

    // MARK: Done and not done (MKT-7)

    private func markPostingDone(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await domain.market.postingView(identity, id: try postingID(context))
        let path = "/market/postings/\(view.posting.id)"
        let assignee = view.assignee.map { "@\($0)" } ?? "the assignee"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Mark “\(view.posting.title)” done?",
                message: "You and \(assignee) can then rate each other.",
                action: "\(path)/done", button: "Mark done", fields: back(path, context))
        }
        _ = try await domain.market.markPostingDone(identity, id: view.posting.id)
        return WebResponse.done(
            context, redirect: path,
            toast: Flash(
                message: "Marked “\(view.posting.title)” done. Rate \(assignee) below."), focus: "reviews-heading")
    }

    private func reopenPosting(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await domain.market.postingView(identity, id: try postingID(context))
        let path = "/market/postings/\(view.posting.id)"
        let assignee = view.assignee.map { "@\($0)" } ?? "The assignee"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Not done: return “\(view.posting.title)” to requested?",
                message: "\(assignee)'s bid is no longer accepted, and the posting takes "
                    + "bids again.",
                action: "\(path)/reopen", button: "Return to requested",
                fields: back(path, context))
        }
        _ = try await domain.market.reopenPosting(identity, id: view.posting.id)
        return WebResponse.done(
            context, redirect: path,
            toast: Flash(
                message: "“\(view.posting.title)” is requested again and takes bids"))
    }

    // MARK: Bids (MKT-4, MKT-6)

    private func placeBid(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id = try postingID(context)
        let form = context.web.form
        do {
            let amount = try Money.parse(text: form["amount"] ?? "", field: "amount")
            let placed = try await domain.market.placeBid(identity, postingID: id, amount: amount, message: form["message"])
            let now = placed.bid.amount
            let words = placed.bid.version > 1 ? "Bid changed to \(now)" : "Bid placed: \(now)"
            return WebResponse.done(
                context, redirect: "/market/postings/\(id)#bids", toast: Flash(message: words),
                focus: "bids-heading")
        } catch let error as DoableError where Self.isMarketFormError(error) {
            return try await refusedPostingForm(
                context, identity: identity, id: id, form: "bid",
                fields: ["amount", "message"], error: error)
        }
    }

    private func changeBid(_ context: WebRequestContext) async throws -> Response {
        let (identity, detail, item) = try await bidActedOn(context)
        let id = detail.view.posting.id
        let form = context.web.form
        do {
            let amount = try Money.parse(text: form["amount"] ?? "", field: "amount")
            let changed = try await domain.market.updateBid(
                identity, id: item.bid.id, amount: amount,
                message: form["message"] ?? "", ifVersion: form.version)
            return WebResponse.done(
                context, redirect: "/market/postings/\(id)#bids",
                toast: Flash(message: "Bid changed to \(changed.bid.amount)"),
                focus: "bids-heading")
        } catch let error as DoableError where Self.isMarketFormError(error) {
            return try await refusedPostingForm(
                context, identity: identity, id: id, form: "bid",
                fields: ["amount", "message"], error: error)
        }
    }

    private func withdrawBid(_ context: WebRequestContext) async throws -> Response {
        let (identity, detail, item) = try await bidActedOn(context)
        let posting = detail.view.posting
        let path = "/market/postings/\(posting.id)"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Withdraw your bid of \(item.bid.amount)?",
                message: "The poster of “\(posting.title)” no longer sees it. You can bid "
                    + "again while the posting is open.",
                action: "\(path)/bids/\(item.bid.id)/withdraw", button: "Withdraw bid",
                fields: back(path, context))
        }
        try await domain.market.withdrawBid(identity, id: item.bid.id, ifVersion: context.web.form.version)
        return WebResponse.done(
            context, redirect: "\(path)#bids",
            toast: Flash(message: "Withdrew your bid of \(item.bid.amount)"), focus: "bids-heading")
    }

    private func acceptBid(_ context: WebRequestContext) async throws -> Response {
        let (identity, detail, item) = try await bidActedOn(context)
        let posting = detail.view.posting
        let path = "/market/postings/\(posting.id)"
        let name = item.bidder.map { "@\($0)" } ?? "a former member"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            let others = detail.bids.filter { $0.bid.status == .open && $0.bid.id != item.bid.id }.count
            return try await confirmPage(
                context, title: "Accept \(name)'s bid of \(item.bid.amount)?",
                message: "“\(posting.title)” is assigned to \(name)"
                    + (others == 0
                        ? "."
                        : others == 1
                            ? " and the other bid is declined."
                            : " and the other \(others) bids are declined."),
                action: "\(path)/bids/\(item.bid.id)/accept", button: "Accept bid",
                fields: back(path, context))
        }
        _ = try await domain.market.acceptBid(identity, id: item.bid.id)
        return WebResponse.done(
            context, redirect: path,
            toast: Flash(
                message: "Accepted \(name)'s bid of \(item.bid.amount): “\(posting.title)” is assigned to them"),
            focus: "progress-heading")
    }

    private func declineBid(_ context: WebRequestContext) async throws -> Response {
        let (identity, detail, item) = try await bidActedOn(context)
        let posting = detail.view.posting
        let path = "/market/postings/\(posting.id)"
        let name = item.bidder.map { "@\($0)" } ?? "a former member"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Decline \(name)'s bid of \(item.bid.amount)?",
                message: "\(name) is told. A declined bid cannot be accepted later.",
                action: "\(path)/bids/\(item.bid.id)/decline", button: "Decline bid",
                fields: back(path, context))
        }
        _ = try await domain.market.declineBid(identity, id: item.bid.id)
        return WebResponse.done(
            context, redirect: "\(path)#bids",
            toast: Flash(message: "Declined \(name)'s bid of \(item.bid.amount)"),
            focus: "bids-heading")
    }

    /// The member, the posting's page as they see it, and the bid named in the path: one of theirs, or one on
    /// their posting; 404 for any other.
    private func bidActedOn(_ context: WebRequestContext) async throws -> (Identity, PostingDetail, BidView) {
        let identity = try member(context)
        let detail = try await domain.market.posting(identity, id: try postingID(context))
        let bidID: BidID = try context.pathID("bidId")
        guard let item = detail.bids.first(where: { $0.bid.id == bidID }) else {
            throw DoableError.notFound("Bid not found.")
        }
        return (identity, detail, item)
    }

    // MARK: Questions and ratings

    private func askQuestion(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id = try postingID(context)
        do {
            let asked = try await domain.market.askQuestion(identity, postingID: id, body: context.web.form["body"])
            return WebResponse.done(
                context, redirect: "/market/postings/\(id)#question-\(asked.question.id)",
                toast: Flash(message: "Question posted; the poster is told"),
                focus: "question-\(asked.question.id)")
        } catch let error as DoableError where Self.isMarketFormError(error) {
            return try await refusedPostingForm(
                context, identity: identity, id: id, form: "question",
                fields: ["body"], error: error)
        }
    }

    private func answerQuestion(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id = try postingID(context)
        let questionID: QuestionID = try context.pathID("questionId")
        do {
            let answered = try await domain.market.answerQuestion(identity, id: questionID, answer: context.web.form["answer"])
            let posting = answered.question.postingID
            return WebResponse.done(
                context, redirect: "/market/postings/\(posting)#question-\(questionID)",
                toast: Flash(
                    message: "Answer posted; "
                        + "\(answered.asker.map { "@\($0)" } ?? "the asker") is told"),
                focus: "question-\(questionID)")
        } catch let error as DoableError where Self.isMarketFormError(error) {
            return try await refusedPostingForm(
                context, identity: identity, id: id, form: "answer-\(questionID)",
                fields: ["answer"], error: error)
        }
    }

    private func reviewPosting(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id = try postingID(context)
        let form = context.web.form
        do {
            guard let rating = form.text("rating").flatMap({ Int($0) }) else {
                throw DoableError.invalid("rating", "Choose a rating from 1 to 5 stars.")
            }
            let review = try await domain.market.reviewPosting(identity, postingID: id, rating: rating, body: form["body"])
            let other = review.reviewee.map { "@\($0)" } ?? "the other side"
            let message =
                review.isVisible
                ? "Rating saved: you both rated, so both ratings are shown"
                : "Rating saved. It is shown once \(other) rates you too, or after 14 days."
            return WebResponse.done(
                context, redirect: "/market/postings/\(id)#reviews", toast: Flash(message: message),
                focus: "reviews-heading")
        } catch let error as DoableError where Self.isMarketFormError(error) {
            return try await refusedPostingForm(
                context, identity: identity, id: id, form: "review",
                fields: ["rating", "body"], error: error)
        }
    }

    // MARK: Helpers

    /// A refused form of the posting's page: for the script the API's error shape (by the field it names), else
    /// the page again with what was typed and the message by the field.
    private func refusedPostingForm(
        _ context: WebRequestContext, identity: Identity, id: PostingID, form: String,
        fields: Set<String>, error: DoableError
    ) async throws -> Response {
        if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
        let draft = MarketDraft(
            form: form, values: context.web.form, errors: FormErrors(error, fields: fields),
            status: error.httpStatus)
        return try await postingPage(context, identity: identity, id: id, draft: draft)
    }

    /// The confirmation page's Cancel goes back to the posting unless the form said where.
    private func back(_ path: String, _ context: WebRequestContext) -> [(String, String)] {
        context.web.form["back"] == nil ? [("back", path)] : []
    }
}
