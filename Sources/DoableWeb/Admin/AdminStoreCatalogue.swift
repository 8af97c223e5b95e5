import DoableCore
import DoableDomain
import Foundation
import DoableArt

/// GAME-3 for admins: `/admin/store`, the companion store's catalogue (a preview of each item, name, category, slot,
/// price, whether it is retired) with the form to add an item, `/admin/store/{id}` to edit one, and retiring an
/// item (no longer sold; whoever owns it keeps it) or bringing it back. The drawing is an SVG fragment the Domain
/// checks (`SVGFragment`); a refusal says what is not allowed, beside the field.
enum AdminStoreCatalogue {
    static let catalogue = AdminCatalogue<StoreItem, StoreItem, StoreItemInput>(
        section: .store, path: "admin/store", anchor: "item", formID: "store", formClass: "store-item-form",
        fields: ["name", "description", "category", "slot", "price", "svg"],
        words: .init(
            notFound: "There is no such store item.", allEntries: "All store items", addHeading: "Add an item",
            addButton: "Add item", saveButton: "Save item", retire: "Retire", unretire: "Bring back",
            added: { "Added “\($0)” to the store" }, saved: { "Saved “\($0)”" },
            retired: { "Retired “\($0)”: no longer sold; owners keep it" }, unretired: { "“\($0)” is on sale again" },
            intro: """
                <p>What members can buy with points for their companion and its home. A retired item is no longer sold; \
                members who own it keep it.</p>
                """,
            entryIntro: ""),
        table: .init(
            className: "store-table", caption: "Store items: retired ones are no longer sold",
            headers: """
                <th scope="col">Preview</th><th scope="col">Name</th><th scope="col">Category</th>\
                <th scope="col">Slot</th><th scope="col">Price</th><th scope="col">Status</th>
                """,
            lastHeader: "Retire or bring back", empty: "The store has no items yet. Add the first one below.",
            cells: { item, retireForm in
                """
                <td class="item-cell">\(itemPreview(item))</td>
                <th scope="row"><a href="/admin/store/\(item.id)">\(item.name)</a></th>
                <td>\(categoryWords(item.category))</td><td>\(slotWords(item.slot))</td>
                <td class="number">\(points(item.price))</td>
                <td>\(item.isRetired ? HTML("<span class=\"badge\">Retired</span>") : "On sale")</td>
                <td>\(retireForm)</td>
                """
            },
            headClass: "store-item-head",
            head: { item in
                """
                \(itemPreview(item, isLarge: true))
                <p>\(item.isRetired ? "Retired: no longer sold; members who own it keep it." : "On sale.") \
                \(categoryWords(item.category)), \(slotWords(item.slot).lowercased()), \(points(item.price)).</p>
                """
            }),
        access: .init(
            id: \.id, name: \.name, isRetired: \.isRetired,
            all: { game, identity in try await game.allStoreItems(identity) },
            create: { game, identity, input in try await game.createStoreItem(identity, input) },
            update: { game, identity, id, input in try await game.updateStoreItem(identity, id: id, input) },
            retiring: { StoreItemInput(isRetired: $0) }),
        form: .init(
            blank: FormData(), values: storeItemForm,
            fields: { form, errors in storeItemFields(form, errors: errors) }, input: storeItemInput))

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
