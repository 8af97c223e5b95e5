import DoableCore
import DoableDomain
import Foundation
import DoableArt
import DoableDelivery

/// MKT-1, MKT-10, MKT-11: the form of a new posting and of a change to one: title, description, category (with
/// "Other" a suggestion), maximum bid, an optional place (typed, or the browser's position by `market.js`), and for
/// a new posting its photos. A refused form comes back with what was typed and each message by its field.
struct MarketPostingForm {
    static let fields: Set<String> = [
        "title", "description", "category", "suggestedCategory", "maxBid", "placeName",
        "latitude", "longitude", "photos", "whenFrom", "whenUntil", "placeSearch",
    ]

    var values: FormData
    var errors = FormErrors()
    /// MKT-12: the server's map and address search, if it has them.
    var map = MarketMap(settings: MarketMapSettings())
    /// The member's today, the earliest day `when` may name.
    var today = ""

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
        if let when = posting.when {
            pairs += [("whenFrom", when.from.description), ("whenUntil", when.until?.description ?? "")]
        }
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
        let from = form.text("whenFrom"), until = form.text("whenUntil")
        if from == nil, until != nil {
            throw DoableError.invalid("whenFrom", "Give the first day too, or leave both days empty.")
        }
        input.when = .some(from.map { PostingWhenInput(from: $0, until: until) })
        return input
    }

    /// The Domain names the posting's day `when`; the form's first day field shows its error.
    static func formError(_ error: DoableError) -> DoableError {
        guard case .invalid(let field, let message) = error, field == "when" else { return error }
        return .invalid(field: "whenFrom", message: message)
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

    /// MKT-12: with a geocoder, a search for the place by its address; with tiles, a map to tap the place on. Both
    /// fill the fields below, which stay for typing (and are all there is without either).
    var placePicker: HTML {
        let search: HTML =
            map.canSearchPlaces
            ? """
            <div class="place-search" data-place-search>
            <label for="f-placeSearch">Find the place by address</label>
            <div class="place-search-row"><input type="search" id="f-placeSearch" name="placeSearch" maxlength="200" autocomplete="off" \
            placeholder="Street and number, or a place" aria-describedby="place-search-status">\
            <button type="button" class="button place-search-go">Find</button></div>
            <p class="hint place-search-status" id="place-search-status" role="status" aria-live="polite"></p>
            <ul class="place-results" hidden></ul>
            </div>
            """ : ""
        let picker: HTML =
            map.isReal
            ? "<div class=\"place-map map-canvas\" data-map-pick\(map.dataAttributes) role=\"application\" aria-label=\"Map: tap to set the place\"></div><p class=\"hint map-hint\">Tap the map to set the place, or drag the pin.</p>"
            : ""
        return search + picker
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
            \(Field.input("maxBid", label: "Maximum bid (\(MoneyStyle.current.currency.code))", value: values["maxBid"], hint: "The most you will pay, such as 40 or 12.50.", required: true, errors: errors, extra: " inputmode=\"decimal\" autocomplete=\"off\" maxlength=\"12\""))
            </div>
            <fieldset class="when-fields"><legend>When <span class="optional">(optional)</span></legend>
            <p class="hint">A day, or the first and last day of a window that suits you.</p>
            <div class="field-row">
            \(Field.input("whenFrom", label: "Day", value: values["whenFrom"], type: "date", errors: errors, extra: " min=\"\(today)\""))
            \(Field.input("whenUntil", label: "Until", value: values["whenUntil"], type: "date", errors: errors, extra: " min=\"\(today)\""))
            </div>
            </fieldset>
            <div class="suggest-field">\(Field.input("suggestedCategory", label: "Suggest a category", value: values["suggestedCategory"], hint: "With “Other”: the category you would file this under. Admins see your suggestion.", errors: errors, extra: " maxlength=\"40\""))</div>
            <fieldset class="location-fields"><legend>Location <span class="optional">(optional)</span></legend>
            <p class="hint">Others see it to about 1 km; the member whose bid you accept sees the exact place.</p>
            \(placePicker)
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
