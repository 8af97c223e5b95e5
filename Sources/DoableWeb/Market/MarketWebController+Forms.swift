import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird

/// MKT-1, MKT-10, MKT-11 in the browser: posting a task (`/market/new`, with photos: `multipart/form-data`),
/// editing it while it is open (`/market/postings/{id}/edit`; one assigned meanwhile is refused with the reason),
/// taking it off the marketplace (asked first), and adding photos to it from its page.
extension MarketWebController {
    func addFormRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("market/new") { _, context in
            try await postingFormPage(context, identity: try member(context), edited: nil, form: MarketPostingForm())
        }
        web.post("market/postings") { _, context in try await createPosting(context) }
        web.get("market/postings/{id}/edit") { _, context in
            let identity = try member(context)
            let view = try await market.postingView(identity, id: try postingID(context))
            guard view.isPoster else { throw DoableError.notFound("Posting not found.") }
            return try await postingFormPage(context, identity: identity, edited: view, form: MarketPostingForm(view))
        }
        web.post("market/postings/{id}") { _, context in try await updatePosting(context) }
        web.post("market/postings/{id}/delete") { _, context in try await deletePosting(context) }
        web.post("market/postings/{id}/photos") { _, context in try await uploadPostingPhotos(context) }
    }

    private func postingFormPage(
        _ context: WebRequestContext, identity: Identity, edited: PostingView?,
        form: MarketPostingForm, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var form = form
        form.map = shell.map
        form.today = MemberTime(preferences: identity.account.preferences, now: shell.now()).today.description
        let view = MarketPostingFormPage(
            categories: try await market.marketCategories(), edited: edited, form: form, status: status,
            csrf: csrfField(context))
        return try await page(view.page, context)
    }

    private func createPosting(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        do {
            let files = try Self.postingPhotoFiles(context.web.files, existing: 0)
            let created = try await market.createPosting(identity, try MarketPostingForm.input(form))
            let id = created.posting.id
            for file in files { _ = try await market.addPostingPhoto(identity, postingID: id, bytes: file.bytes) }
            return WebResponse.done(
                context, redirect: "/market/postings/\(id)",
                toast: Flash(message: "Posted “\(created.posting.title)”"), forceRedirect: true)
        } catch let refused as DoableError where Self.isMarketFormError(refused) {
            let error = MarketPostingForm.formError(refused)
            if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
            var errors = FormErrors(error, fields: MarketPostingForm.fields)
            if !context.web.files.isEmpty, errors.byField["photos"] == nil {
                errors.byField["photos"] = "Choose the photos again: a refused form does not keep them."
            }
            return try await postingFormPage(
                context, identity: identity, edited: nil,
                form: MarketPostingForm(form: form, errors: errors),
                status: error.httpStatus)
        }
    }

    /// MKT-10: an edit from a form opened before the posting was assigned (or done) is refused with that reason,
    /// not as a mere stale form.
    private func updatePosting(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id = try postingID(context)
        let form = context.web.form
        do {
            do {
                let view = try await market.updatePosting(
                    identity, id: id, try MarketPostingForm.input(form),
                    ifVersion: form.version)
                return WebResponse.done(
                    context, redirect: "/market/postings/\(id)",
                    toast: Flash(message: "Saved “\(view.posting.title)”"), forceRedirect: true)
            } catch DoableError.conflict("version_mismatch", _, _) {
                let current = try await market.postingView(identity, id: id).posting
                guard current.status.isOpen else {
                    throw DoableError.conflict(
                        code: "posting_assigned", field: nil,
                        message: current.status == .done
                            ? "This posting was marked done meanwhile; it can no longer be edited."
                            : "This posting was assigned meanwhile; it can no longer be edited.")
                }
                throw DoableError.conflict(
                    code: "version_mismatch", field: nil,
                    message: "This posting was changed elsewhere since you opened it (a bid, a photo or another "
                        + "edit). Reload to see it, then edit again.")
            }
        } catch let refused as DoableError where Self.isMarketFormError(refused) {
            let error = MarketPostingForm.formError(refused)
            if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
            let view = try await market.postingView(identity, id: id)
            guard view.isPoster else { throw error }
            return try await postingFormPage(
                context, identity: identity, edited: view,
                form: MarketPostingForm(
                    form: form,
                    errors: FormErrors(
                        error, fields: MarketPostingForm.fields)),
                status: error.httpStatus)
        }
    }

    private func deletePosting(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await market.postingView(identity, id: try postingID(context))
        let posting = view.posting
        guard context.web.form.isOn("confirmed") || context.web.wantsJSON else {
            let bids = posting.openBidCount > 0 ? " Its \(MarketWords.bids(posting.openBidCount)) are declined." : ""
            return try await confirmPage(
                context, title: "Take “\(posting.title)” off the marketplace?",
                message: "Nobody can find it or bid on it any more.\(bids) This cannot be "
                    + "undone.",
                action: "/market/postings/\(posting.id)/delete", button: "Delete posting")
        }
        try await market.deletePosting(identity, id: posting.id)
        return WebResponse.done(
            context, redirect: "/market/mine",
            toast: Flash(message: "Took “\(posting.title)” off the marketplace"),
            forceRedirect: true)
    }

    /// Photos chosen on the posting's page (field `photos`): every file is checked first, so a refused upload adds
    /// none.
    private func uploadPostingPhotos(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id = try postingID(context)
        do {
            let view = try await market.postingView(identity, id: id)
            guard !context.web.files.isEmpty else {
                throw DoableError.invalid("photos", "Choose one or more photos to upload.")
            }
            let files = try Self.postingPhotoFiles(context.web.files, existing: view.photoIDs.count)
            for file in files { _ = try await market.addPostingPhoto(identity, postingID: id, bytes: file.bytes) }
            return WebResponse.done(
                context, redirect: "/market/postings/\(id)#photos",
                toast: Flash(message: files.count == 1 ? "Photo added" : "\(files.count) photos added"),
                focus: "photos-heading")
        } catch let error as DoableError where Self.isMarketFormError(error) {
            let message = WebErrorMiddleware.message(of: error)
            if context.web.wantsJSON { return WebResponse.refusedJSON(.invalid(field: "photos", message: message)) }
            return try await postingPage(
                context, identity: identity, id: id,
                draft: MarketDraft(
                    form: "photos", values: FormData(),
                    errors: FormErrors(
                        .invalid("photos", message),
                        fields: ["photos"])))
        }
    }

    /// TASK-11's rules for a posting's photos, checked before anything is written: each file's kind by its bytes
    /// and its size (its name leads the message), and room for all of them.
    static func postingPhotoFiles(_ files: [MultipartFile], existing: Int) throws -> [MultipartFile] {
        try TaskPhotos.check(files)
        let room = ImageKind.maximumPerItem - existing
        guard files.count <= room else {
            throw DoableError.invalid(
                "photos",
                room <= 0
                    ? "This posting has \(ImageKind.maximumPerItem) photos, the most it can have: delete one first."
                    : "A posting can have at most \(ImageKind.maximumPerItem) photos: choose up to \(room) more.")
        }
        return files
    }
}
