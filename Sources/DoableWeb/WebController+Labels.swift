import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import DoableArt
import DoableHTTP

/// TASK-6 in the browser: the labels page, where labels are made, renamed, recoloured and deleted in place.
extension WebController {
    func addLabelRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("labels") { _, context in try await labelsPage(context) }
        web.post("labels") { _, context in try await createLabel(context) }
        web.post("labels/{id}") { _, context in try await updateLabel(context) }
        web.post("labels/{id}/delete") { _, context in try await deleteLabel(context) }
    }

    /// A label form that was refused: which form, what was typed, and why.
    struct LabelFormState {
        var id: LabelID?
        var form: FormData
        var errors: FormErrors
    }

    private func labelsPage(
        _ context: WebRequestContext, refused: LabelFormState? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        let labels = try await domain.tasks.labels(identity)
        let creating = refused?.id == nil ? refused : nil
        let rows = labels.html { label in
            labelRow(label, refused: refused?.id == label.id ? refused : nil, context: context)
        }
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
                \(csrfField(context))
                \(name)
                \(color)
                <button type="submit" class="button primary">Add label</button>
                </form>
                <h2>Your labels</h2>
                \(list)
                """, current: "labels")
        page.status = status
        page.styles = Swatch.rules(labels.map(\.color))
        return try await self.page(page, context)
    }

    private func labelRow(_ label: Label, refused: LabelFormState?, context: WebRequestContext) -> HTML {
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
            \(csrfField(context))<input type="hidden" name="version" value="\(form?["version"] ?? String(label.version))">
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
            \(csrfField(context))<input type="hidden" name="back" value="/labels">
            <button type="submit" class="button danger" aria-label="Delete label '\(label.name)'">Delete</button>
            </form>
            </li>
            """
    }

    private func createLabel(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        do {
            let label = try await domain.tasks.createLabel(identity, name: form["name"] ?? "", color: form.text("color"))
            return WebResponse.done(
                context, redirect: "/labels", toast: Flash(message: "Added label '\(label.name)'."),
                focus: "label-\(label.id)-name")
        } catch let error as DoableError {
            if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
            let state = LabelFormState(form: form, errors: FormErrors(error, fields: ["name", "color"]))
            return try await labelsPage(context, refused: state, status: error.httpStatus)
        }
    }

    private func updateLabel(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: LabelID = try context.pathID()
        let form = context.web.form
        do {
            let label = try await domain.tasks.updateLabel(
                identity, id: id, name: form["name"] ?? "",
                color: form.text("color"),
                ifVersion: form.version)
            return WebResponse.done(
                context, redirect: "/labels", toast: Flash(message: "Saved label '\(label.name)'."),
                focus: "label-\(label.id)-name")
        } catch let error as DoableError {
            if context.web.wantsJSON { return WebResponse.refusedJSON(error) }
            if case .conflict("version_mismatch", _, _) = error {
                var errors = FormErrors()
                errors.general = Self.staleMessage
                return try await labelsPage(
                    context, refused: LabelFormState(id: id, form: FormData(), errors: errors),
                    status: .conflict)
            }
            if case .notFound = error { throw error }
            let state = LabelFormState(id: id, form: form, errors: FormErrors(error, fields: ["name", "color"]))
            return try await labelsPage(context, refused: state, status: error.httpStatus)
        }
    }

    private func deleteLabel(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let id: LabelID = try context.pathID()
        guard let label = try await domain.tasks.labels(identity).first(where: { $0.id == id }) else {
            throw DoableError.notFound("Label not found.")
        }
        guard context.web.form.isOn("confirmed") else {
            return try await confirmPage(
                context, title: "Delete label '\(label.name)'?",
                message: "It is taken off every task that has it. The tasks stay.",
                action: "/labels/\(label.id)/delete", button: "Delete label")
        }
        try await domain.tasks.deleteLabel(identity, id: id)
        return WebResponse.done(context, redirect: "/labels", toast: Flash(message: "Deleted label '\(label.name)'."))
    }
}
