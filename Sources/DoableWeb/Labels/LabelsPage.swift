import DoableArt
import DoableCore
import DoableDomain
import HTTPTypes

/// TASK-6: the labels page: the form that makes a label, and each label with its own rename/recolour form and delete
/// button. A refused form shows again with what was typed and why.
struct LabelsPage {
    /// A label form that was refused: which form (nil: the new-label form), what was typed, and why.
    struct Refused {
        var id: LabelID?
        var form: FormData
        var errors: FormErrors
    }

    var labels: [Label]
    var refused: Refused?
    var csrf: HTML

    var page: WebPage {
        let creating = refused?.id == nil ? refused : nil
        let rows = labels.html { label in row(label, refused: refused?.id == label.id ? refused : nil) }
        let list: HTML =
            labels.isEmpty
            ? "<p class=\"empty-state\">No labels yet. Make one above, or type <code>@name</code> in quick add.</p>"
            : "<ul class=\"label-list\">\(rows)</ul>"
        let name = Field.input(
            "name", label: "Name", value: creating?.form["name"], hint: "Up to 50 characters.",
            required: true, errors: creating?.errors ?? FormErrors(),
            extra: " maxlength=\"50\" autocomplete=\"off\"")
        let color = Field.input(
            "color", label: "Colour", value: creating?.form["color"] ?? ListColor.hex("gray"),
            type: "color", required: true, errors: creating?.errors ?? FormErrors())
        var page = WebPage(
            title: "Labels",
            main: """
                <h1>Labels</h1>
                <p>Labels sort tasks across lists. Open a label to see its tasks; filter a list by several labels at once.</p>
                <h2>New label</h2>
                \(creating?.errors.summary)
                <form method="post" action="/labels" class="settings-form label-new" data-inplace novalidate>
                \(csrf)
                \(name)
                \(color)
                <button type="submit" class="button primary">Add label</button>
                </form>
                <h2>Your labels</h2>
                \(list)
                """, current: "labels")
        page.styles = Swatch.rules(labels.map(\.color))
        return page
    }

    private func row(_ label: Label, refused: Refused?) -> HTML {
        let form = refused?.form
        let errors = refused?.errors ?? FormErrors()
        let prefix = "label-\(label.id)"
        let nameError = errors.byField["name"] ?? errors.general
        let colorError = errors.byField["color"]
        let errorText = [nameError, colorError].compactMap { $0 }.joined(separator: " ")
        let error: HTML =
            errorText.isEmpty
            ? ""
            : "<p class=\"field-error\" id=\"\(prefix)-error\" role=\"alert\">\(errorText)</p>"
        let invalid: HTML = " aria-invalid=\"true\" aria-describedby=\"\(prefix)-error\""
        return """
            <li id="\(prefix)" class="label-item">
            <a class="label-link" href="/search?label=\(label.id)">\(Swatch.mark(label.color))\
            <span class="label-name">\(label.name)</span></a>
            <form method="post" action="/labels/\(label.id)" class="inline-form" data-inplace novalidate>
            \(csrf)<input type="hidden" name="version" value="\(form?["version"] ?? String(label.version))">
            <label for="\(prefix)-name" class="visually-hidden">Name of label '\(label.name)'</label>
            <input id="\(prefix)-name" name="name" value="\(form?["name"] ?? label.name)" maxlength="50" required\
            \(nameError != nil ? invalid : "")>
            <label for="\(prefix)-color" class="visually-hidden">Colour of label '\(label.name)'</label>
            <input id="\(prefix)-color" name="color" type="color" \
            value="\(form?["color"] ?? ListColor.hex(label.color))"\(colorError != nil ? invalid : "")>
            <button type="submit" class="button" aria-label="Save label '\(label.name)'">Save</button>
            \(error)
            </form>
            <form method="post" action="/labels/\(label.id)/delete" class="inline-form" \
            data-confirm="Delete label '\(label.name)'? It is taken off every task that has it.">
            \(csrf)<input type="hidden" name="back" value="/labels">
            <button type="submit" class="button quiet-danger" aria-label="Delete label '\(label.name)'">Delete</button>
            </form>
            </li>
            """
    }
}
