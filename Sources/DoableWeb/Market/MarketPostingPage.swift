import DoableCore
import DoableDomain
import HTTPTypes
import DoableArt
import DoableDelivery

/// A refused form of a posting's page without the script: which form (`bid`, `question`, `answer-{id}`, `review`,
/// `photos`), what was typed and why it was refused.
struct MarketDraft: Sendable {
    var form: String
    var values: FormData
    var errors: FormErrors
    var status: HTTPResponse.Status = .badRequest
}

/// MKT-1..8 on one page (`/market/postings/{id}`): the posting with its photos and place, what happens next (for
/// the poster: done or not done; for the assignee: where the task is), the bids (all of them with each bidder's
/// standing for the poster, one's own for anyone else), public questions and, once done, the two-way ratings.
/// Every control is a form handled in `MarketWebController+Actions.swift`, `+Bids.swift` or `+Forms.swift`.
struct MarketPostingPage {
    let detail: PostingDetail
    let time: MemberTime
    let csrf: HTML
    /// When the poster had last seen the bids before this visit: later ones are marked new (MKT-8).
    let seenBefore: Timestamp
    var draft: MarketDraft?
    /// MKT-12: the server's real map, if it has one.
    var map = MarketMap(settings: MarketMapSettings())

    var view: PostingView { detail.view }
    var posting: MarketPosting { detail.view.posting }
    var path: String { "/market/postings/\(posting.id)" }

    var html: HTML {
        """
        <nav class="breadcrumb" aria-label="Where this is"><a href="/market">Marketplace</a>\
        \(view.isPoster ? HTML(" › <a href=\"/market/mine\">My postings</a>") : "")</nav>
        <div class="posting-header">
        <h1>\(posting.title)</h1> \(MarketWords.statusTag(posting.status))
        </div>
        \(refusal)
        \(facts)
        <div class="posting-description">\(TextLinks.html(posting.description))</div>
        \(posterTools)
        \(progress)
        \(sections)
        <p class="meta-line">Posted \(time.agoElement(posting.createdAt)) · Updated \(time.agoElement(posting.updatedAt))</p>
        """
    }

    /// Once done, the ratings come first; the poster sees the bids before the posting's photos and place, anyone
    /// else after them (they read before they bid).
    private var sections: HTML {
        let done = posting.status == .done
        let order: [HTML] =
            view.isPoster
            ? [done ? reviewsSection : "", bidsSection, photos, location, questionsSection, done ? "" : reviewsSection]
            : [done ? reviewsSection : "", photos, location, bidsSection, questionsSection, done ? "" : reviewsSection]
        return order.html { $0 }
    }

    // MARK: The posting

    private var facts: HTML {
        let poster: HTML =
            view.poster.map { "<a href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
            ?? "a former member"
        let category: HTML =
            view.category.map { category in
                let suggestion = category.isOther && view.isPoster ? posting.suggestedCategory : nil
                return "\(category.name)\(suggestion.map { " (you suggested “\($0)”)" } ?? "")"
            } ?? "None"
        let assignee: HTML =
            view.assignee.map {
                "<dt>Assigned to</dt><dd><a href=\"/users/\(FormData.encode($0))\">@\($0)</a>\(view.isAssignee ? " (you)" : "")</dd>"
            } ?? ""
        return """
            <dl class="posting-facts">
            <dt>Posted by</dt><dd>\(poster)\(view.isPoster ? " (you)" : "")</dd>
            <dt>Category</dt><dd>\(category)</dd>
            <dt>Maximum bid</dt><dd class="posting-max">\(posting.maxBid.shown)</dd>
            <dt>Bids</dt><dd class="posting-lowest">\(MarketWords.lowestBid(posting))</dd>
            \(posting.when.map { HTML("<dt>When</dt><dd class=\"posting-day\">\(MarketWords.when($0, time: time))</dd>") })
            \(assignee)
            </dl>
            """
    }

    /// The poster's Edit and Delete, while nobody is assigned (MKT-10).
    private var posterTools: HTML {
        guard view.isPoster, posting.status.isOpen else { return "" }
        let declined = posting.openBidCount > 0 ? " Its \(MarketWords.bids(posting.openBidCount)) are declined." : ""
        return """
            <div class="posting-tools">
            <a class="button" href="\(path)/edit">Edit posting</a>
            <form method="post" action="\(path)/delete" class="inline-form" data-inplace \
            data-confirm="Take “\(posting.title)” off the marketplace? Nobody can find it or bid on it any more.\(declined)">\(csrf)\
            <button type="submit" class="button danger">Delete posting</button></form>
            </div>
            """
    }

    /// MKT-6, MKT-7: where the posting stands and what its poster or assignee does next.
    private var progress: HTML {
        let assignee = view.assignee.map { "@\($0)" } ?? "a former member"
        let accepted = detail.bids.first { $0.bid.id == posting.acceptedBidID }?.bid.amount
        var body = HTML.empty
        switch (posting.status, view.isPoster, view.isAssignee) {
        case (.assigned, true, _):
            body = """
                <p>You accepted \(assignee)'s bid\(accepted.map { " of \($0.shown)" } ?? ""). When the work is done, mark the \
                posting done; if it is not, return it to requested and it takes bids again.</p>
                <div class="posting-tools">
                <form method="post" action="\(path)/done" class="inline-form" data-inplace \
                data-confirm="Mark “\(posting.title)” done? You and \(assignee) can then rate each other.">\(csrf)\
                <button type="submit" class="button primary">Mark done</button></form>
                <form method="post" action="\(path)/reopen" class="inline-form" data-inplace \
                data-confirm="Not done: return “\(posting.title)” to requested? \(assignee)'s bid is no longer accepted and the posting takes bids again.">\(csrf)\
                <button type="submit" class="button">Not done: reopen for bids</button></form>
                </div>
                """
        case (.assigned, false, true):
            let task: HTML =
                posting.assigneeTaskID.map {
                    "It is a task in your list “Marketplace”: <a href=\"/tasks/\($0)\">open the task</a>."
                } ?? ""
            body = """
                <p>Your bid\(accepted.map { " of \($0.shown)" } ?? "") was accepted: this is yours to do. \(task) \
                When you finish it, the poster checks and marks the posting done.</p>
                """
        case (.assigned, false, false):
            body = "<p>This posting is assigned: it takes no more bids or questions.</p>"
        case (.done, _, _):
            let when: HTML = posting.doneAt.map { " \(time.agoElement($0))" } ?? ""
            body = "<p>This posting was marked done\(when).\(view.isPoster || view.isAssignee ? " Rate each other below." : "")</p>"
        default:
            return ""
        }
        return """
            <section class="posting-progress" id="progress" aria-labelledby="progress-heading">
            <h2 id="progress-heading">\(MarketWords.status(posting.status))</h2>
            \(body)
            </section>
            """
    }

    /// TASK-11 rules: thumbnails that open the photo; the poster adds and deletes them while the posting is open.
    private var photos: HTML {
        let ids = view.photoIDs
        let canEdit = view.isPoster && posting.status.isOpen
        guard !ids.isEmpty || canEdit else { return "" }
        let items: HTML = ids.enumerated().html { index, id in
            let name = "photo \(index + 1) of \(ids.count)"
            let delete: HTML =
                canEdit
                ? """
                <form method="post" action="/attachments/\(id)/delete" class="inline-form photo-delete" data-inplace data-confirm="Delete \(name)? There is no undo.">\(csrf)<input type="hidden" name="back" value="\(path)#photos">\
                <button type="submit" class="button danger" aria-label="Delete \(name)">Delete</button></form>
                """ : ""
            return """
                <li class="photo" id="photo-\(id)"><a class="photo-open" href="/attachments/\(id)" aria-label="Open \(name) large">\
                <img src="/attachments/\(id)" alt="\(posting.title): \(name)" loading="lazy" decoding="async" width="120" height="120"></a>\(delete)</li>
                """
        }
        let error = draft?.form == "photos" ? draft?.errors.byField["photos"] : nil
        let upload: HTML =
            canEdit && ids.count < ImageKind.maximumPerItem
            ? """
            <form method="post" action="\(path)/photos" enctype="multipart/form-data" class="photo-upload" id="photo-upload" data-inplace>\(csrf)
            <div class="field\(error == nil ? "" : " has-error")"><label for="photo-files">Add photos</label>
            <p class="hint" id="photo-files-hint">JPEG, PNG, GIF or WebP, at most 65,536 bytes (64 KB) each; up to \(ImageKind.maximumPerItem) per posting.</p>
            <input type="file" id="photo-files" name="photos" accept="\(TaskPhotos.accept)" multiple data-max-bytes="\(ImageKind.maximumBytes)" data-max-count="\(ImageKind.maximumPerItem - ids.count)" aria-describedby="photo-files-hint\(error == nil ? "" : " photo-files-error")"\(error == nil ? "" : HTML(" aria-invalid=\"true\""))>
            \(error.map { HTML("<p class=\"field-error\" id=\"photo-files-error\" role=\"alert\">\($0)</p>") })</div>
            <button type="submit" class="button">Upload photos</button>
            </form>
            """ : ""
        return """
            <section class="posting-photos" id="photos" aria-labelledby="photos-heading">
            <h2 id="photos-heading">Photos\(ids.isEmpty ? "" : HTML(" <span class=\"progress\">\(ids.count) of \(ImageKind.maximumPerItem)</span>"))</h2>
            \(ids.isEmpty ? HTML("<p class=\"hint\">No photos yet.</p>") : HTML("<ul class=\"photo-grid\">\(items)</ul>"))
            \(upload)
            </section>
            """
    }

    /// The place: exact for the poster and the assignee, rounded to about 1 km for everyone else.
    private var location: HTML {
        guard let location = view.location else { return "" }
        let latitude = MarketWords.coordinate(location.point.latitude)
        let longitude = MarketWords.coordinate(location.point.longitude)
        let precision: HTML =
            view.isLocationExact
            ? "<p class=\"location-exact\">Exact location: \(latitude), \(longitude)\(view.isPoster ? HTML(" <span class=\"hint\">(others see it to about 1 km until you accept a bid)</span>") : "")</p>"
            : "<p class=\"location-approximate\">Approximate location (to about 1 km): \(latitude), \(longitude). The member whose bid is accepted sees the exact place.</p>"
        return """
            <section class="posting-location" id="location" aria-labelledby="location-heading">
            <h2 id="location-heading">Location</h2>
            \(location.placeName.isEmpty ? "" : HTML("<p class=\"place-name\">\(location.placeName)</p>"))
            \(precision)
            \(map.isReal ? HTML("<div class=\"map-canvas spot-map\" data-lat=\"\(location.point.latitude)\" data-lon=\"\(location.point.longitude)\"\(view.isLocationExact ? HTML(" data-exact") : "")\(map.dataAttributes) role=\"img\" aria-label=\"Map of the place\"></div>") : "")
            <p><a href="/market/near?lat=\(latitude)&amp;lon=\(longitude)">Other postings near here</a></p>
            </section>
            """
    }

    // MARK: Controls

    /// A labelled control with its hint and, when `draft` refused this form, its error; `make` gets the attributes
    /// that tie the control to them.
    func control(
        _ form: String, name: String, id: String, label: String, hint: String? = nil, optional: Bool = false,
        _ make: (HTML) -> HTML
    ) -> HTML {
        let error = draft?.form == form ? draft?.errors.byField[name] : nil
        let described = [hint.map { _ in "\(id)-hint" }, error.map { _ in "\(id)-error" }].compactMap { $0 }
        var aria: HTML = described.isEmpty ? "" : " aria-describedby=\"\(described.joined(separator: " "))\""
        if error != nil { aria += " aria-invalid=\"true\"" }
        return """
            <div class="field\(error == nil ? "" : " has-error")"><label for="\(id)">\(label)\(optional ? HTML(" <span class=\"optional\">(optional)</span>") : "")</label>
            \(hint.map { HTML("<p class=\"hint\" id=\"\(id)-hint\">\($0)</p>") })\(make(aria))
            \(error.map { HTML("<p class=\"field-error\" id=\"\(id)-error\">\($0)</p>") })</div>
            """
    }

    /// What the refused form `form` held in `name`, else `fallback`.
    func value(_ form: String, _ name: String, _ fallback: String = "") -> String {
        draft?.form == form ? draft?.values[name] ?? fallback : fallback
    }

    /// A refusal that names no field of its form (the posting was assigned meanwhile, one's own posting): atop the
    /// page, where it shows even when the form it came from is gone.
    private var refusal: HTML {
        guard let message = draft?.errors.general else { return "" }
        return "<p class=\"form-error\" role=\"alert\">\(message)</p>"
    }
}
