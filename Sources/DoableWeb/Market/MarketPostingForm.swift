import DoableCore
import DoableDomain
import Foundation
import DoableArt

/// MKT-1, MKT-10, MKT-11: the form of a new posting and of a change to one: title, description, category (with
/// "Other" a suggestion), maximum bid, an optional place (typed, or the browser's position by `market.js`), and for
/// a new posting its photos. A refused form comes back with what was typed and each message by its field.
struct MarketPostingForm {
    static let fields: Set<String> = [
        "title", "description", "category", "suggestedCategory", "maxBid", "placeName",
        "latitude", "longitude", "photos",
    ]

    var values: FormData
    var errors = FormErrors()

    /// An empty form for a new posting.
    init() { values = FormData() }

    /// What was posted.
    init(form: FormData, errors: FormErrors = FormErrors()) {
        values = form
        self.errors = errors
    }

    /// The posting as it is, to edit.
    init(_ view: PostingView) {
        let posting = view.posting
        var pairs = [
            ("title", posting.title), ("description", posting.description),
            ("category", "\(posting.categoryID)"), ("suggestedCategory", posting.suggestedCategory ?? ""),
            ("maxBid", posting.maxBid.description),
        ]
        if let location = posting.location {
            pairs += [
                ("placeName", location.placeName),
                ("latitude", MarketWords.coordinate(location.point.latitude)),
                ("longitude", MarketWords.coordinate(location.point.longitude)),
            ]
        }
        values = FormData(pairs: pairs)
    }

    /// The Domain's input from the posted fields; numbers a person typed are read here, every rule is the Domain's.
    static func input(_ form: FormData) throws -> PostingInput {
        var input = PostingInput()
        // In the order the Domain checks them, so the first thing wrong is the one named.
        input.title = try MarketRules.title(form["title"] ?? "")
        input.description = try MarketRules.description(form["description"] ?? "")
        input.category = form.text("category")
        input.suggestedCategory = .some(form.text("suggestedCategory"))
        input.maxBid = try Money.parse(text: form["maxBid"] ?? "", field: "maxBid")
        input.location = .some(try location(form))
        return input
    }

    /// The place: none when all three fields are empty; coordinates are needed for a place name.
    static func location(_ form: FormData) throws -> MarketPosting.Location? {
        let name = form.text("placeName") ?? ""
        let latitude = form.text("latitude"), longitude = form.text("longitude")
        guard latitude != nil || longitude != nil || !name.isEmpty else { return nil }
        guard let latitude else {
            throw DoableError.invalid(
                "latitude",
                "Give the latitude too (or use your location), or leave the "
                    + "location empty.")
        }
        guard let longitude else {
            throw DoableError.invalid(
                "longitude",
                "Give the longitude too (or use your location), or leave the "
                    + "location empty.")
        }
        guard let lat = MarketWebController.decimal(latitude) else {
            throw DoableError.invalid("latitude", "Latitude must be a number from -90 to 90.")
        }
        guard let lon = MarketWebController.decimal(longitude) else {
            throw DoableError.invalid("longitude", "Longitude must be a number from -180 to 180.")
        }
        return MarketPosting.Location(point: GeoPoint(latitude: lat, longitude: lon), placeName: name)
    }

    /// The form; `edited` is the posting changed (nil for a new one).
    func html(categories: [MarketCategory], edited: PostingView?, csrf: HTML) -> HTML {
        let posting = edited?.posting
        let isNew = posting == nil
        let action = posting.map { "/market/postings/\($0.id)" } ?? "/market/postings"
        // An archived category stays offered on the posting that has it.
        var offered = categories
        if let current = edited?.category, !offered.contains(where: { $0.id == current.id }) {
            offered.insert(current, at: 0)
        }
        let chosen = values["category"] ?? ""
        let options = offered.html { category in
            """
            <option value="\(category.id)"\(attribute: "selected", if: chosen == "\(category.id)")\(attribute: "data-other", if: category.isOther)>\(category.name)</option>
            """
        }
        let categoryError = errors.byField["category"]
        let categoryField: HTML = """
            <div class="field\(categoryError == nil ? "" : " has-error")"><label for="f-category">Category</label>
            <select id="f-category" name="category" required\(categoryError == nil ? "" : HTML(" aria-invalid=\"true\" aria-describedby=\"f-category-error\""))>\
            \(chosen.isEmpty ? HTML("<option value=\"\" selected disabled>Choose a category</option>") : "")\(options)</select>
            \(categoryError.map { HTML("<p class=\"field-error\" id=\"f-category-error\">\($0)</p>") })</div>
            """
        let descriptionError = errors.byField["description"]
        let description: HTML = """
            <div class="field\(descriptionError == nil ? "" : " has-error")"><label for="f-description">Description</label>
            <p class="hint" id="f-description-hint">1 to 300 characters: what, when, and anything a helper should know.</p>
            <textarea id="f-description" name="description" rows="4" maxlength="300" required aria-describedby="f-description-hint\(descriptionError == nil ? "" : " f-description-error")"\(descriptionError == nil ? "" : HTML(" aria-invalid=\"true\""))>\(values["description"] ?? "")</textarea>
            \(descriptionError.map { HTML("<p class=\"field-error\" id=\"f-description-error\">\($0)</p>") })</div>
            """
        let photos: HTML =
            isNew
            ? """
            <div class="field\(errors.byField["photos"] == nil ? "" : " has-error")">
            <label for="f-photos">Photos <span class="optional">(optional)</span></label>
            <p class="hint" id="f-photos-hint">JPEG, PNG, GIF or WebP, at most 65,536 bytes (64 KB) each; up to \(ImageKind.maximumPerItem).</p>
            <input type="file" id="f-photos" name="photos" accept="\(TaskPhotos.accept)" multiple data-max-bytes="\(ImageKind.maximumBytes)" data-max-count="\(ImageKind.maximumPerItem)" aria-describedby="f-photos-hint\(errors.byField["photos"] == nil ? "" : " f-photos-error")"\(errors.byField["photos"] == nil ? "" : HTML(" aria-invalid=\"true\""))>
            \(errors.byField["photos"].map { HTML("<p class=\"field-error\" id=\"f-photos-error\">\($0)</p>") })
            </div>
            """ : ""
        return """
            <form method="post" action="\(action)" class="posting-form" id="posting-form" \(isNew ? HTML("enctype=\"multipart/form-data\" ") : "")data-inplace novalidate>
            \(csrf)\(posting.map { HTML("<input type=\"hidden\" name=\"version\" value=\"\($0.version)\">") })
            \(errors.summary)
            \(Field.input("title", label: "Title", value: values["title"], hint: "1 to 30 characters: what you want done.", required: true, errors: errors, extra: " maxlength=\"30\" autocomplete=\"off\""))
            \(description)
            <div class="field-row">
            \(categoryField)
            \(Field.input("maxBid", label: "Maximum bid", value: values["maxBid"], hint: "The most you will pay, such as 40 or 12.50.", required: true, errors: errors, extra: " inputmode=\"decimal\" autocomplete=\"off\" maxlength=\"12\""))
            </div>
            <div class="suggest-field">\(Field.input("suggestedCategory", label: "Suggest a category", value: values["suggestedCategory"], hint: "With “Other”: the category you would file this under. Admins see your suggestion.", errors: errors, extra: " maxlength=\"40\""))</div>
            <fieldset class="location-fields"><legend>Location <span class="optional">(optional)</span></legend>
            <p class="hint">Others see it to about 1 km; the member whose bid you accept sees the exact place.</p>
            <p class="geo-row"><button type="button" class="button geo-button" data-geo-form="posting-form" hidden>Use my location</button>
            <span class="geo-status hint" role="status" aria-live="polite"></span></p>
            \(Field.input("placeName", label: "Place name", value: values["placeName"], hint: "Such as Kreuzberg, or Main Street 5.", errors: errors, extra: " maxlength=\"100\""))
            <div class="field-row">
            \(Field.input("latitude", label: "Latitude", value: values["latitude"], hint: "From -90 to 90.", errors: errors, extra: " inputmode=\"decimal\" autocomplete=\"off\" data-geo=\"latitude\""))
            \(Field.input("longitude", label: "Longitude", value: values["longitude"], hint: "From -180 to 180.", errors: errors, extra: " inputmode=\"decimal\" autocomplete=\"off\" data-geo=\"longitude\""))
            </div>
            </fieldset>
            \(photos)
            <p class="form-actions"><button type="submit" class="button primary">\(isNew ? "Post the task" : "Save changes")</button> \
            <a class="button" href="\(posting.map { "/market/postings/\($0.id)" } ?? "/market")">Cancel</a></p>
            </form>
            """
    }
}
