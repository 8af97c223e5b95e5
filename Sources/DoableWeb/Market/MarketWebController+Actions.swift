import DoableCore
import DoableDomain
import DoableHTTP
import HTTPTypes
import Hummingbird

/// What else is done on a posting's page: marking done or not done (MKT-7); asking and answering questions; rating
/// each other. Anything that cannot be taken back asks first (the script's dialog, or a page without it).
extension MarketWebController {
    func addActionRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("market/postings/{id}/done") { _, context in try await markPostingDone(context) }
        web.post("market/postings/{id}/reopen") { _, context in try await reopenPosting(context) }
        web.post("market/postings/{id}/questions") { _, context in try await askQuestion(context) }
        web.post("market/postings/{id}/questions/{questionId}/answer") { _, context in
            try await answerQuestion(context)
        }
        web.post("market/postings/{id}/reviews") { _, context in try await reviewPosting(context) }
    }

    // MARK: Done and not done (MKT-7)

    private func markPostingDone(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await market.postingView(identity, id: try postingID(context))
        let path = "/market/postings/\(view.posting.id)"
        let assignee = view.assignee.map { "@\($0)" } ?? "the assignee"
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            return try await confirmPage(
                context, title: "Mark “\(view.posting.title)” done?",
                message: "You and \(assignee) can then rate each other.",
                action: "\(path)/done", button: "Mark done", fields: back(path, context))
        }
        _ = try await market.markPostingDone(identity, id: view.posting.id)
        return WebResponse.done(
            context, redirect: path,
            toast: Flash(
                message: "Marked “\(view.posting.title)” done. Rate \(assignee) below."), focus: "reviews-heading")
    }

    private func reopenPosting(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await market.postingView(identity, id: try postingID(context))
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
        _ = try await market.reopenPosting(identity, id: view.posting.id)
        return WebResponse.done(
            context, redirect: path,
            toast: Flash(
                message: "“\(view.posting.title)” is requested again and takes bids"))
    }
    // MARK: Questions and ratings

    private func askQuestion(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id = try postingID(context)
        do {
            let asked = try await market.askQuestion(identity, postingID: id, body: context.web.form["body"])
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
            let answered = try await market.answerQuestion(identity, id: questionID, answer: context.web.form["answer"])
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
            let review = try await market.reviewPosting(identity, postingID: id, rating: rating, body: form["body"])
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
    func refusedPostingForm(
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
    func back(_ path: String, _ context: WebRequestContext) -> [(String, String)] {
        context.web.form["back"] == nil ? [("back", path)] : []
    }
}
