import DoableCore
import DoableDomain
import DoableArt

/// The posting page's bids (MKT-4, MKT-6), questions, and ratings.
extension MarketPostingPage {
    // MARK: Bids

    var bidsSection: HTML {
        view.isPoster ? posterBids : bidderSection
    }

    /// MKT-6: every bid, open ones first, each with the bidder's profile and standing; Accept and Decline while the
    /// posting is open. MKT-8: bids written since the poster last looked are marked new.
    private var posterBids: HTML {
        // The accepted bid first, then the open ones, lowest first; declined and withdrawn ones folded away.
        let open =
            detail.bids.filter { $0.bid.status == .accepted }
            + detail.bids.filter { $0.bid.status == .open }.sorted { $0.bid.amount < $1.bid.amount }
        let closed = detail.bids.filter { $0.bid.status == .declined || $0.bid.status == .withdrawn }
        let canChoose = posting.status.isOpen
        let openCount = open.filter { $0.bid.status == .open }.count
        let rows = open.html { posterRow($0, canChoose: canChoose) }
        let earlier: HTML =
            closed.isEmpty
            ? ""
            : """
            <details class="earlier-bids"><summary>\(closed.count == 1 ? "1 earlier bid" : "\(closed.count) earlier bids")</summary>
            <ul class="bid-list">\(closed.html { posterRow($0, canChoose: false) })</ul></details>
            """
        let empty: HTML =
            open.isEmpty
            ? (posting.status.isOpen
                ? "<p class=\"hint\">No bids yet. Members who bid show here with their rating; you choose one.</p>"
                : "") : ""
        return """
            <section class="posting-bids" id="bids" aria-labelledby="bids-heading">
            <h2 id="bids-heading">Bids\(openCount == 0 ? "" : HTML(" <span class=\"count\">\(openCount) open</span>"))</h2>
            \(empty)
            \(open.isEmpty ? "" : HTML("<ul class=\"bid-list\">\(rows)</ul>"))
            \(earlier)
            </section>
            """
    }

    private func posterRow(_ item: BidView, canChoose: Bool) -> HTML {
        let bid = item.bid
        let name = item.bidder ?? "a former member"
        let who: HTML =
            item.bidder.map { "<a class=\"bidder\" href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
            ?? "A former member"
        let isNew = bid.status == .open && bid.updatedAt > seenBefore
        let others = detail.bids.filter { $0.bid.status == .open && $0.bid.id != bid.id }.count
        let declinesOthers = others == 0 ? "" : others == 1 ? " The other bid is declined." : " The other \(others) bids are declined."
        let choices: HTML =
            canChoose && bid.status == .open
            ? """
            <div class="bid-actions">
            <form method="post" action="\(path)/bids/\(bid.id)/accept" class="inline-form" data-inplace \
            data-confirm="Accept \(name)'s bid of \(bid.amount.shown)? The posting is assigned to \(name).\(declinesOthers)">\(csrf)\
            <button type="submit" class="button primary" aria-label="Accept the bid of \(name), \(bid.amount.shown)">Accept</button></form>
            <form method="post" action="\(path)/bids/\(bid.id)/decline" class="inline-form" data-inplace \
            data-confirm="Decline \(name)'s bid of \(bid.amount.shown)? \(name) is told.">\(csrf)\
            <button type="submit" class="button" aria-label="Decline the bid of \(name), \(bid.amount.shown)">Decline</button></form>
            </div>
            """ : ""
        return """
            <li class="bid\(isNew ? " is-new" : "")" id="bid-\(bid.id)">
            <p class="bid-head">\(who) <strong class="bid-amount">\(bid.amount.shown)</strong> \
            \(bid.status == .open ? "" : MarketWords.bidStatusTag(bid.status))\(isNew ? HTML(" <span class=\"market-new\">New</span>") : "")</p>
            <p class="bid-standing">\(MarketWords.standing(item.bidderRating))</p>
            \(bid.message.isEmpty ? "" : HTML("<p class=\"bid-message\">\(bid.message)</p>"))
            <p class="bid-meta">\(bid.version > 1 ? "Changed" : "Bid") \(time.agoElement(bid.updatedAt))</p>
            \(choices)
            </li>
            """
    }

    /// MKT-4: one's own bid (change it or withdraw it) or the form to bid; earlier bids of one's own.
    private var bidderSection: HTML {
        let mine = detail.bids.filter { $0.bid.status == .open }.first?.bid
        let earlier = detail.bids.filter { $0.bid.status != .open }
        var body = HTML.empty
        if posting.status.isOpen {
            if let mine {
                let isChanging = draft?.form == "bid"
                body += """
                    <p class="my-bid">You bid <strong class="bid-amount">\(mine.amount.shown)</strong> \
                    \(time.agoElement(mine.updatedAt)).</p>
                    \(mine.message.isEmpty ? "" : HTML("<p class=\"bid-message\">Your message: “\(mine.message)”</p>"))
                    <div class="bid-actions">
                    <details class="bid-change"\(attribute: "open", if: isChanging)><summary>Change your bid</summary>
                    \(bidForm(existing: mine))</details>
                    <form method="post" action="\(path)/bids/\(mine.id)/withdraw" class="inline-form withdraw-form" data-inplace \
                    data-confirm="Withdraw your bid of \(mine.amount.shown) on “\(posting.title)”?">\(csrf)\
                    <input type="hidden" name="version" value="\(mine.version)">\
                    <button type="submit" class="button danger">Withdraw bid</button></form>
                    </div>
                    """
            } else {
                body += bidForm(existing: nil)
            }
        }
        if !earlier.isEmpty {
            let rows = earlier.html { item in
                """
                <li class="bid" id="bid-\(item.bid.id)"><p class="bid-head"><strong class="bid-amount">\(item.bid.amount.shown)</strong> \
                \(MarketWords.bidStatusTag(item.bid.status)) <span class="bid-meta">\(time.agoElement(item.bid.updatedAt))</span></p></li>
                """
            }
            body += "<h3>Your earlier bids</h3><ul class=\"bid-list\">\(rows)</ul>"
        }
        guard !body.isEmpty else { return "" }
        return """
            <section class="posting-bids" id="bids" aria-labelledby="bids-heading">
            <h2 id="bids-heading">\(mine == nil ? "Bid" : "Your bid")</h2>
            \(body)
            </section>
            """
    }

    /// Bid (or change one's bid): an amount more than 0, at most the maximum bid, two decimals; a word to the poster.
    private func bidForm(existing: Bid?) -> HTML {
        let form = "bid"
        let action = existing.map { "\(path)/bids/\($0.id)" } ?? "\(path)/bids"
        let amount = control(
            form, name: "amount", id: "bid-amount", label: existing == nil ? "Your bid" : "New amount",
            hint: "More than 0 and at most \(posting.maxBid.shown), with at most two decimals."
        ) { aria in
            "<input id=\"bid-amount\" name=\"amount\" inputmode=\"decimal\" autocomplete=\"off\" maxlength=\"12\" required value=\"\(value(form, "amount", existing?.amount.description ?? ""))\"\(aria)>"
        }
        let message = control(
            form, name: "message", id: "bid-message", label: "Message to the poster",
            hint: "Up to 300 characters: when you could do it, what you bring.", optional: true
        ) { aria in
            "<textarea id=\"bid-message\" name=\"message\" rows=\"2\" maxlength=\"300\"\(aria)>\(value(form, "message", existing?.message ?? ""))</textarea>"
        }
        return """
            <form method="post" action="\(action)" class="bid-form" id="bid-form" data-inplace novalidate>\(csrf)\
            \(existing.map { HTML("<input type=\"hidden\" name=\"version\" value=\"\($0.version)\">") })
            \(amount)
            \(message)
            <button type="submit" class="button primary">\(existing == nil ? "Place bid" : "Change bid")</button>
            </form>
            """
    }

    // MARK: Questions

    /// Public questions before the posting is assigned, each answered by the poster.
    var questionsSection: HTML {
        let canAsk = !view.isPoster && posting.status.isOpen
        guard !detail.questions.isEmpty || canAsk || (view.isPoster && posting.status.isOpen) else { return "" }
        let rows = detail.questions.html(questionRow)
        let ask: HTML =
            canAsk
            ? """
            <form method="post" action="\(path)/questions" class="question-form" id="question-form" data-inplace novalidate>\(csrf)
            \(control("question", name: "body", id: "question-body", label: "Ask a question", hint: "Public: everyone sees the question and the poster's answer. Up to 500 characters.") { aria in
            "<textarea id=\"question-body\" name=\"body\" rows=\"2\" maxlength=\"500\" required\(aria)>\(value("question", "body"))</textarea>"
            })
            <button type="submit" class="button">Ask</button>
            </form>
            """ : ""
        let empty: HTML =
            detail.questions.isEmpty
            ? (view.isPoster
                ? "<p class=\"hint\">No questions yet. Members' questions show here for you to answer.</p>"
                : "<p class=\"hint\">No questions yet.</p>") : ""
        return """
            <section class="posting-questions" id="questions" aria-labelledby="questions-heading">
            <h2 id="questions-heading">Questions</h2>
            \(empty)
            \(detail.questions.isEmpty ? "" : HTML("<ol class=\"question-list\">\(rows)</ol>"))
            \(!posting.status.isOpen && !view.isPoster ? HTML("<p class=\"hint\">Questions close once a posting is assigned.</p>") : "")
            \(ask)
            </section>
            """
    }

    private func questionRow(_ item: QuestionView) -> HTML {
        let question = item.question
        let asker: HTML =
            item.asker.map { "<a href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
            ?? "A former member"
        let answer: HTML =
            question.answer.map { text in
                """
                <div class="answer"><p class="answer-meta">Answer by the poster\(question.answeredAt.map { HTML(" · \(time.agoElement($0))") })</p>
                <p class="answer-body">\(TextLinks.html(text))</p></div>
                """
            } ?? "<p class=\"hint unanswered\">Not answered yet.</p>"
        var answerForm = HTML.empty
        if view.isPoster {
            let form = "answer-\(question.id)"
            let id = "answer-\(question.id)"
            let fields: HTML = """
                <form method="post" action="\(path)/questions/\(question.id)/answer" class="answer-form" data-inplace novalidate>\(csrf)
                \(control(form, name: "answer", id: id, label: question.answer == nil ? "Your answer" : "Your corrected answer") { aria in
                "<textarea id=\"\(id)\" name=\"answer\" rows=\"2\" maxlength=\"500\" required\(aria)>\(value(form, "answer", question.answer ?? ""))</textarea>"
                })
                <button type="submit" class="button">\(question.answer == nil ? "Answer" : "Save answer")</button>
                </form>
                """
            answerForm =
                question.answer == nil
                ? fields
                : """
                <details class="answer-edit"\(attribute: "open", if: draft?.form == form)><summary>Edit the answer</summary>\(fields)</details>
                """
        }
        return """
            <li class="question" id="question-\(question.id)">
            <p class="question-meta">\(asker) asked \(time.agoElement(question.createdAt))</p>
            <p class="question-body">\(TextLinks.html(question.body))</p>
            \(answer)
            \(answerForm)
            </li>
            """
    }

    // MARK: Ratings

    /// After done, poster and assignee rate each other (1 to 5 and a short text); each rating is hidden until both
    /// rated or 14 days passed. Visible ratings are public.
    var reviewsSection: HTML {
        guard posting.status == .done || !detail.reviews.isEmpty else { return "" }
        let other = view.isPoster ? view.assignee : view.poster
        let rows = detail.reviews.html { item in
            let review = item.review
            let reviewer: HTML =
                item.reviewer.map { "<a href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
                ?? "A former member"
            let reviewee: HTML = item.reviewee.map { "@\($0)" } ?? "a former member"
            let hidden: HTML =
                item.isVisible
                ? ""
                : """
                <p class="hint review-hidden">Only you see this until \(other.map { "@\($0)" } ?? "the other side") rates you too, \
                or 14 days after the posting was done.</p>
                """
            return """
                <li class="review" id="review-\(review.id)">
                <p class="review-meta">\(reviewer) rated \(reviewee) \(MarketStanding.stars(review.rating)) · \(time.agoElement(review.createdAt))</p>
                \(review.body.isEmpty ? "" : HTML("<p class=\"review-body\">\(review.body)</p>"))
                \(hidden)
                </li>
                """
        }
        let form: HTML = detail.canReview ? reviewForm(of: other) : ""
        let empty: HTML =
            detail.reviews.isEmpty && !detail.canReview
            ? "<p class=\"hint\">No ratings shown yet: each shows once both sides rated, or after 14 days.</p>" : ""
        return """
            <section class="posting-reviews" id="reviews" aria-labelledby="reviews-heading">
            <h2 id="reviews-heading">Ratings</h2>
            \(empty)
            \(detail.reviews.isEmpty ? "" : HTML("<ul class=\"review-list\">\(rows)</ul>"))
            \(form)
            </section>
            """
    }

    private func reviewForm(of other: String?) -> HTML {
        let form = "review"
        let name = other.map { "@\($0)" } ?? "the other side"
        let chosen = value(form, "rating")
        let ratingError = draft?.form == form ? draft?.errors.byField["rating"] : nil
        let stars = (1...5).reversed().html { rating in
            """
            <label class="radio"><input type="radio" name="rating" value="\(rating)"\(attribute: "checked", if: chosen == "\(rating)")\(attribute: "required", if: rating == 5)> \
            \(MarketStanding.stars(rating)) <span aria-hidden="true">\(rating)</span></label>
            """
        }
        return """
            <form method="post" action="\(path)/reviews" class="review-form" id="review-form" data-inplace novalidate>\(csrf)
            <h3>Rate \(name)</h3>
            <fieldset class="rating-choices\(ratingError == nil ? "" : " has-error")"\(ratingError == nil ? "" : HTML(" aria-describedby=\"review-rating-error\""))>\
            <legend>Your rating of \(name)</legend>\(stars)\
            \(ratingError.map { HTML("<p class=\"field-error\" id=\"review-rating-error\">\($0)</p>") })</fieldset>
            \(control(form, name: "body", id: "review-body", label: "A few words", hint: "Up to 500 characters. Shown once you both rated, or after 14 days.", optional: true) { aria in
            "<textarea id=\"review-body\" name=\"body\" rows=\"2\" maxlength=\"500\"\(aria)>\(value(form, "body"))</textarea>"
            })
            <button type="submit" class="button primary">Rate \(name)</button>
            </form>
            """
    }
}
