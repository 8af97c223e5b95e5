import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// GAME-3 for admins: `/admin/store`, the companion store's catalogue (a preview of each item, name, category, slot,
/// price, whether it is retired) with the form to add an item, `/admin/store/{id}` to edit one, and retiring an
/// item (no longer sold; whoever owns it keeps it) or bringing it back. The drawing is an SVG fragment the Domain
/// checks (`SVGFragment`); a refusal says what is not allowed, beside the field.
extension WebController {
    func addAdminStoreRoutes(to web: RouterGroup<AppRequestContext>) {
        web.get("admin/store") { _, context in
            try await storePage(context, identity: try admin(context), form: FormData(), errors: FormErrors())
        }
        web.post("admin/store") { _, context in try await addStoreItem(context) }
        web.get("admin/store/{id}") { _, context in
            let identity = try admin(context)
            let item = try await storeItem(identity, id: try context.pathID())
            return try await storeItemPage(context, item: item, form: Self.storeItemForm(item), errors: FormErrors())
        }
        web.post("admin/store/{id}") { _, context in try await saveStoreItem(context) }
        web.post("admin/store/{id}/retire") { _, context in try await retireStoreItem(context) }
    }

    static let storeItemFields: Set<String> = ["name", "description", "category", "slot", "price", "svg"]

    private func storeItem(_ identity: Identity, id: StoreItemID) async throws -> StoreItem {
        guard let item = try await domain.allStoreItems(identity).first(where: { $0.id == id }) else {
            throw DoableError.notFound("There is no such store item.")
        }
        return item
    }

    private func storePage(
        _ context: AppRequestContext, identity: Identity, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let items = try await domain.allStoreItems(identity)
        let csrf = csrfField(context)
        let rows = items.html { item in
            """
            <tr id="item-\(item.id)"\(item.isRetired ? HTML(" class=\"is-retired\"") : "")>
            <td class="item-cell">\(Self.itemPreview(item))</td>
            <th scope="row"><a href="/admin/store/\(item.id)">\(item.name)</a></th>
            <td>\(Self.categoryWords(item.category))</td><td>\(Self.slotWords(item.slot))</td>
            <td class="number">\(Self.points(item.price))</td>
            <td>\(item.isRetired ? HTML("<span class=\"badge\">Retired</span>") : "On sale")</td>
            <td>\(retireForm(item, csrf: csrf))</td>
            </tr>
            """
        }
        let table: HTML =
            items.isEmpty
            ? "<p class=\"empty-state\">The store has no items yet. Add the first one below.</p>"
            : """
            <div class="table-scroll"><table class="admin-table store-table">
            <caption class="visually-hidden">Store items: retired ones are no longer sold</caption>
            <thead><tr><th scope="col">Preview</th><th scope="col">Name</th><th scope="col">Category</th>\
            <th scope="col">Slot</th><th scope="col">Price</th><th scope="col">Status</th>\
            <th scope="col"><span class="visually-hidden">Retire or bring back</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
        let body: HTML = """
            <p>What members can buy with points for their companion and its home. A retired item is no longer sold; \
            members who own it keep it.</p>
            \(table)
            <h3 id="store-add-heading">Add an item</h3>
            \(errors.summary)
            <form method="post" action="/admin/store" class="settings-form store-item-form" id="store-add" aria-labelledby="store-add-heading" novalidate>\(csrf)
            \(Self.storeItemFields(form, errors: errors))
            <button type="submit" class="button primary">Add item</button>
            </form>
            """
        return try await adminPage(context, .store, body: body, status: status)
    }

    private func storeItemPage(
        _ context: AppRequestContext, item: StoreItem, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let body: HTML = """
            <p><a href="/admin/store">All store items</a></p>
            <h3 id="store-edit-heading">Edit “\(item.name)”</h3>
            <div class="store-item-head">\(Self.itemPreview(item, isLarge: true))
            <p>\(item.isRetired ? "Retired: no longer sold; members who own it keep it." : "On sale.") \
            \(Self.categoryWords(item.category)), \(Self.slotWords(item.slot).lowercased()), \(Self.points(item.price)).</p>
            \(retireForm(item, csrf: csrfField(context), back: "/admin/store/\(item.id)"))</div>
            \(errors.summary)
            <form method="post" action="/admin/store/\(item.id)" class="settings-form store-item-form" id="store-edit" aria-labelledby="store-edit-heading" novalidate>\(csrfField(context))
            \(Self.storeItemFields(form, errors: errors))
            <button type="submit" class="button primary">Save item</button>
            </form>
            """
        return try await adminPage(context, .store, body: body, status: status)
    }

    /// Retire or bring back; the answer comes back to `back` (the list, or the item's own page).
    private func retireForm(_ item: StoreItem, csrf: HTML, back: String = "/admin/store") -> HTML {
        let action = item.isRetired ? "Bring back" : "Retire"
        return """
            <form method="post" action="/admin/store/\(item.id)/retire" class="inline-form" data-inplace>\(csrf)\
            <input type="hidden" name="retired" value="\(item.isRetired ? "0" : "1")">\
            <input type="hidden" name="back" value="\(back)">\
            <button type="submit" class="button" id="item-\(item.id)-retire" aria-label="\(action) “\(item.name)”">\(action)</button></form>
            """
    }

    static func storeItemFields(_ form: FormData, errors: FormErrors) -> HTML {
        let categories = [("", "Choose a category")] + StoreItem.Category.allCases.map { ($0.rawValue, categoryWords($0)) }
        let slots = [("", "Choose a slot")] + StoreItem.Slot.allCases.map { ($0.rawValue, slotWords($0)) }
        return """
            \(Field.input("name", label: "Name", value: form["name"], hint: "1 to 60 characters.", required: true,
                      errors: errors, extra: " maxlength=\"60\" autocomplete=\"off\""))
            \(Field.textarea("description", label: "Description", value: form["description"],
                         hint: "Up to 300 characters, shown in the store.", errors: errors, rows: 3))
            <div class="field-row">
            \(Field.select("category", label: "Category", options: categories, selected: form["category"],
                       hint: "Where the store lists it.", errors: errors))
            \(Field.select("slot", label: "Slot", options: slots, selected: form["slot"],
                       hint: "Worn by the companion, or in its home.", errors: errors))
            \(Field.input("price", label: "Price (points)", value: form["price"], type: "number",
                      hint: "0 to 100000 points.", required: true, errors: errors,
                      extra: " min=\"0\" max=\"100000\" step=\"1\" inputmode=\"numeric\""))
            </div>
            \(drawingField(form["svg"], error: errors.byField["svg"]))
            """
    }

    /// The drawing: required (`Field.textarea` is for optional text), with what is allowed as its hint.
    static func drawingField(_ value: String?, error: String?) -> HTML {
        let describedBy = "f-svg-hint" + (error == nil ? "" : " f-svg-error")
        return """
            <div class="field\(error == nil ? "" : " has-error")">
            <label for="f-svg">Drawing (SVG)</label>
            <p class="hint" id="f-svg-hint">An SVG fragment without the &lt;svg&gt; element, drawn in the slot's 100 × 100 \
            box: g, path, circle, ellipse, rect, line, polyline, polygon and gradients, with plain attributes. No scripts, \
            text, styles, links or event attributes; at most 20,000 bytes.</p>
            <textarea id="f-svg" name="svg" rows="8" required spellcheck="false" aria-describedby="\(describedBy)"\
            \(error == nil ? "" : HTML(" aria-invalid=\"true\""))>\(value ?? "")</textarea>
            \(error.map { HTML("<p class=\"field-error\" id=\"f-svg-error\">\($0)</p>") })
            </div>
            """
    }

    static func storeItemForm(_ item: StoreItem) -> FormData {
        FormData(pairs: [
            ("name", item.name), ("description", item.description), ("category", item.category.rawValue),
            ("slot", item.slot.rawValue), ("price", String(item.price)), ("svg", item.svg),
        ])
    }

    /// The form's values for the Domain, or the refusals of what it cannot even read (a category or slot not
    /// chosen, a price that is not a whole number); the Domain checks the rest.
    static func storeItemInput(_ form: FormData) -> (input: StoreItemInput, errors: FormErrors) {
        var errors = FormErrors()
        var input = StoreItemInput(
            name: form["name"] ?? "", description: form["description"] ?? "",
            svg: (form["svg"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
        if let category = StoreItem.Category(rawValue: form["category"] ?? "") {
            input.category = category
        } else {
            errors.byField["category"] = "Choose a category."
        }
        if let slot = StoreItem.Slot(rawValue: form["slot"] ?? "") {
            input.slot = slot
        } else {
            errors.byField["slot"] = "Choose where the item goes."
        }
        if let price = form.text("price").flatMap({ Int($0) }) {
            input.price = price
        } else {
            errors.byField["price"] = "Enter the price in points: a whole number from 0 to 100000."
        }
        return (input, errors)
    }

    private func addStoreItem(_ context: AppRequestContext) async throws -> Response {
        let identity = try admin(context)
        let form = context.web.form
        let parsed = Self.storeItemInput(form)
        var errors = parsed.errors
        if errors.isEmpty {
            do {
                let item = try await domain.createStoreItem(identity, parsed.input)
                return WebResponse.done(
                    context, redirect: "/admin/store#item-\(item.id)",
                    toast: Flash(message: "Added “\(item.name)” to the store"))
            } catch let error as DoableError where Self.isMarketFormError(error) {
                errors = FormErrors(error, fields: Self.storeItemFields)
            }
        }
        return try await storePage(context, identity: identity, form: form, errors: errors, status: .badRequest)
    }

    private func saveStoreItem(_ context: AppRequestContext) async throws -> Response {
        let identity = try admin(context)
        let item = try await storeItem(identity, id: try context.pathID())
        let form = context.web.form
        let parsed = Self.storeItemInput(form)
        var errors = parsed.errors
        if errors.isEmpty {
            do {
                let saved = try await domain.updateStoreItem(identity, id: item.id, parsed.input)
                return WebResponse.done(
                    context, redirect: "/admin/store#item-\(saved.id)",
                    toast: Flash(message: "Saved “\(saved.name)”"))
            } catch let error as DoableError where Self.isMarketFormError(error) {
                errors = FormErrors(error, fields: Self.storeItemFields)
            }
        }
        return try await storeItemPage(context, item: item, form: form, errors: errors, status: .badRequest)
    }

    private func retireStoreItem(_ context: AppRequestContext) async throws -> Response {
        let identity = try admin(context)
        let id: StoreItemID = try context.pathID()
        let retired = context.web.form.isOn("retired")
        let item = try await domain.updateStoreItem(identity, id: id, StoreItemInput(isRetired: retired))
        let back = WebController.safeBack(context.web.form["back"], default: "/admin/store")
        return WebResponse.done(
            context, redirect: back,
            toast: Flash(
                message: retired
                    ? "Retired “\(item.name)”: no longer sold; owners keep it"
                    : "“\(item.name)” is on sale again"), focus: "item-\(id)-retire")
    }

    // MARK: Words

    /// The item drawn alone (`CompanionArt`); its name is said beside it, so the drawing is hidden from screen readers.
    static func itemPreview(_ item: StoreItem, isLarge: Bool = false) -> HTML {
        HTML(
            unsafeMarkup: "<span class=\"item-art\(isLarge ? " large" : "")\" aria-hidden=\"true\">"
                + CompanionArt.itemPreview(item) + "</span>")
    }

    static func categoryWords(_ category: StoreItem.Category) -> String {
        switch category {
        case .clothes: "Clothes"
        case .accessory: "Accessory"
        case .furniture: "Furniture"
        case .trinket: "Trinket"
        }
    }

    static func slotWords(_ slot: StoreItem.Slot) -> String {
        switch slot {
        case .head: "Head (worn)"
        case .eyes: "Eyes (worn)"
        case .neck: "Neck (worn)"
        case .body: "Body (worn)"
        case .held: "Held (worn)"
        case .floorLeft: "Floor, left (home)"
        case .floorRight: "Floor, right (home)"
        case .wall: "Wall (home)"
        case .rug: "Rug (home)"
        case .shelf: "Shelf (home)"
        }
    }

    static func points(_ price: Int) -> String { price == 1 ? "1 point" : "\(price) points" }
}
