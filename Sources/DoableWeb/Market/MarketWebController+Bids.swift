import DoableCore
import DoableDomain
import DoableHTTP
import HTTPTypes
import Hummingbird

/// MKT-4 and MKT-6 on a posting's page: bidding, changing and withdrawing one's bid; accepting and declining bids.
/// Anything that cannot be taken back asks first (the script's dialog, or a page without it).
extension MarketWebController {
    func addBidRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("market/postings/{id}/bids") { _, context in try await placeBid(context) }
        web.post("market/postings/{id}/bids/{bidId}") { _, context in try await changeBid(context) }
        web.post("market/postings/{id}/bids/{bidId}/withdraw") { _, context in try await withdrawBid(context) }
        web.post("market/postings/{id}/bids/{bidId}/accept") { _, context in try await acceptBid(context) }
        web.post("market/postings/{id}/bids/{bidId}/decline") { _, context in try await declineBid(context) }
    }

    private func placeBid(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id = try postingID(context)
        let form = context.web.form
        do {
            let amount = try Money.parse(text: form["amount"] ?? "", field: "amount")
            let placed = try await market.placeBid(identity, postingID: id, amount: amount, message: form["message"])
            let now = placed.bid.amount.shown
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
            let changed = try await market.updateBid(
                identity, id: item.bid.id, amount: amount,
                message: form["message"] ?? "", ifVersion: form.version)
            return WebResponse.done(
                context, redirect: "/market/postings/\(id)#bids",
                toast: Flash(message: "Bid changed to \(changed.bid.amount.shown)"),
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
                context, title: "Withdraw your bid of \(item.bid.amount.shown)?",
                message: "The poster of “\(posting.title)” no longer sees it. You can bid "
                    + "again while the posting is open.",
                action: "\(path)/bids/\(item.bid.id)/withdraw", button: "Withdraw bid",
                fields: back(path, context))
        }
        try await market.withdrawBid(identity, id: item.bid.id, ifVersion: context.web.form.version)
        return WebResponse.done(
            context, redirect: "\(path)#bids",
            toast: Flash(message: "Withdrew your bid of \(item.bid.amount.shown)"), focus: "bids-heading")
    }

    private func acceptBid(_ context: WebRequestContext) async throws -> Response {
        let (identity, detail, item) = try await bidActedOn(context)
        let posting = detail.view.posting
        let path = "/market/postings/\(posting.id)"
        let name = item.bidder.map { "@\($0)" } ?? "a former member"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            let others = detail.bids.filter { $0.bid.status == .open && $0.bid.id != item.bid.id }.count
            return try await confirmPage(
                context, title: "Accept \(name)'s bid of \(item.bid.amount.shown)?",
                message: "“\(posting.title)” is assigned to \(name)"
                    + (others == 0
                        ? "."
                        : others == 1
                            ? " and the other bid is declined."
                            : " and the other \(others) bids are declined."),
                action: "\(path)/bids/\(item.bid.id)/accept", button: "Accept bid",
                fields: back(path, context))
        }
        _ = try await market.acceptBid(identity, id: item.bid.id)
        return WebResponse.done(
            context, redirect: path,
            toast: Flash(
                message: "Accepted \(name)'s bid of \(item.bid.amount.shown): “\(posting.title)” is assigned to them"),
            focus: "progress-heading")
    }

    private func declineBid(_ context: WebRequestContext) async throws -> Response {
        let (identity, detail, item) = try await bidActedOn(context)
        let posting = detail.view.posting
        let path = "/market/postings/\(posting.id)"
        let name = item.bidder.map { "@\($0)" } ?? "a former member"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Decline \(name)'s bid of \(item.bid.amount.shown)?",
                message: "\(name) is told. A declined bid cannot be accepted later.",
                action: "\(path)/bids/\(item.bid.id)/decline", button: "Decline bid",
                fields: back(path, context))
        }
        _ = try await market.declineBid(identity, id: item.bid.id)
        return WebResponse.done(
            context, redirect: "\(path)#bids",
            toast: Flash(message: "Declined \(name)'s bid of \(item.bid.amount.shown)"),
            focus: "bids-heading")
    }

    /// The member, the posting's page as they see it, and the bid named in the path: one of theirs, or one on
    /// their posting; 404 for any other.
    private func bidActedOn(_ context: WebRequestContext) async throws -> (Identity, PostingDetail, BidView) {
        let identity = try member(context)
        let detail = try await market.posting(identity, id: try postingID(context))
        let bidID: BidID = try context.pathID("bidId")
        guard let item = detail.bids.first(where: { $0.bid.id == bidID }) else {
            throw DoableError.notFound("Bid not found.")
        }
        return (identity, detail, item)
    }
}
