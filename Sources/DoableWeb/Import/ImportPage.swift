import DoableCore
import DoableDomain
import Foundation
import DoableArt

/// The markup of the import page (INTEROP-5, docs/web-app.md "Import and export"): the form, the preview of a dry
/// run with the button that commits it, the result, and the export links.
enum ImportPage {
    /// Rows of the preview's task table; the rest is counted.
    static let shownSkips = 1_000

    static func newListHint(_ identity: Identity, now: Timestamp) -> String {
        "Todoist import \(ZonedCalendar(preferences: identity.account.preferences).day(of: now))"
    }

    static func form(csrf: HTML, form: FormData, errors: FormErrors, lists: [ListView], newListName: String) -> HTML {
        let fileError = errors.byField["file"]
        let describedBy = "f-file-hint" + (fileError != nil ? " f-file-error" : "")
        let formats = [
            ("", "Recognise it from the file"), ("todoist", "Todoist (CSV)"),
            ("taskwarrior", "Taskwarrior (JSON)"), ("ical", "iCalendar (.ics)"),
        ]
        let targets =
            [("new", "A new list")]
            + lists.map { view in
                (view.list.id.description, view.role == .owner ? view.list.name : "\(view.list.name) (shared)")
            }
        return """
            <h3 id="import-heading">Import tasks</h3>
            <p>Bring your tasks from Todoist (a project exported as CSV), Taskwarrior (the JSON of
            <code>task export</code>) or any app that exports tasks as iCalendar (.ics). Dates, priorities, labels,
            subtasks and completed tasks come along. You see what will be imported before anything is saved.</p>
            \(errors.summary)
            <form method="post" action="/import/preview" enctype="multipart/form-data" class="settings-form" \
            id="import-form" aria-labelledby="import-heading" novalidate>
            \(csrf)
            <div class="field\(fileError != nil ? " has-error" : "")">
            <label for="f-file">File</label>
            <p class="hint" id="f-file-hint">A .csv, .json or .ics file of up to 20 MiB.</p>
            <input type="file" id="f-file" name="file" accept=".csv,.json,.ics,text/csv,application/json,text/calendar" \
            aria-describedby="\(describedBy)"\(attribute: "aria-invalid=\"true\"", if: fileError != nil)>
            \(fileError.map { HTML("<p class=\"field-error\" id=\"f-file-error\">\($0)</p>") })
            </div>
            \(Field.select("format", label: "Format", options: formats, selected: form["format"], errors: errors))
            \(Field.select("list", label: "Import into", options: targets, selected: form["list"] ?? "new",
                       errors: errors))
            \(Field.input("listName", label: "Name of the new list", value: form["listName"],
                      hint: "Leave it empty for a list named after the app and today, like “\(newListName)”. If you "
                          + "have a list of this name, the tasks go there.", errors: errors,
                      extra: " maxlength=\"50\""))
            <button type="submit" class="button primary">Preview</button>
            </form>
            """
    }

    static let exportLinks: HTML = """
        <h3 id="export-heading">Export</h3>
        <p>Everything that is yours in one JSON file, or your tasks as iCalendar (for calendar and task apps) or CSV
        (for spreadsheets).</p>
        <p class="export-links">
        <a class="button" href="/settings/export?format=json" download>Download everything (JSON)</a>
        <a class="button" href="/settings/export?format=ics" download>Download tasks (iCalendar)</a>
        <a class="button" href="/settings/export?format=csv" download>Download tasks (CSV)</a></p>
        """

    // MARK: Preview and result

    static func preview(_ report: ImportReport, commit: HTML) -> HTML {
        let place = report.isNewList ? "a new list “\(report.listName)”" : "“\(report.listName)”"
        let more = report.created - report.tasks.count
        return """
            <section class="import-preview" aria-labelledby="preview-heading">
            <h3 id="preview-heading">Preview</h3>
            <p class="import-summary" role="status">\(count(report.created, "task")) will be imported into \(place)\
            \(labelsSentence(report.labelsCreated)).\(skippedSentence(report.skipped))</p>
            \(report.tasks.isEmpty ? HTML.empty : taskTable(report.tasks))
            \(more > 0 ? HTML("<p>… and \(count(more, "more task")).</p>") : HTML.empty)
            \(skipTable(report.skipped))
            \(commit)
            </section>
            """
    }

    /// The commit: the same choices, and the file carried on in `data`.
    static func commitForm(csrf: HTML, upload: ImportUpload, form: FormData, count: Int) -> HTML {
        guard count > 0 else { return "<p>There is nothing to import in this file.</p>" }
        return """
            <form method="post" action="/import" enctype="multipart/form-data" id="import-commit">
            \(csrf)
            <input type="hidden" name="data" value="\(Data(upload.bytes).base64EncodedString())">
            <input type="hidden" name="filename" value="\(upload.filename)">
            <input type="hidden" name="format" value="\(upload.format.rawValue)">
            <input type="hidden" name="list" value="\(form["list"] ?? "new")">
            <input type="hidden" name="listName" value="\(form["listName"] ?? "")">
            <button type="submit" class="button primary">Import \(Self.count(count, "task"))</button>
            </form>
            """
    }

    static func result(_ report: ImportReport) -> HTML {
        let link = report.listID.map { id in
            HTML("<p><a class=\"button primary\" href=\"/lists/\(id)\">Open “\(report.listName)”</a></p>")
        }
        return """
            <h3 id="import-heading">Imported</h3>
            <p class="import-summary" role="status">Imported \(count(report.created, "task")) into \
            “\(report.listName)”\(labelsSentence(report.labelsCreated)).\(skippedSentence(report.skipped))</p>
            \(link)
            \(skipTable(report.skipped))
            <p><a href="/import">Import another file</a></p>
            """
    }

    static func taskTable(_ tasks: [ImportedTaskPreview]) -> HTML {
        let rows = tasks.html { task in
            """
            <tr><th scope="row">\(task.title)</th><td>\(task.due?.description ?? "")</td>\
            <td>\(task.priority == .none ? "" : task.priority.rawValue)</td>\
            <td>\(task.labels.joined(separator: ", "))</td><td>\(task.parentTitle ?? "")</td>\
            <td>\(task.isCompleted ? "Done" : "")</td></tr>
            """
        }
        return """
            <div class="table-scroll" tabindex="0" role="region" aria-label="Tasks to import">
            <table class="import-tasks"><caption>Tasks to import</caption>
            <thead><tr><th scope="col">Title</th><th scope="col">Due</th><th scope="col">Priority</th>\
            <th scope="col">Labels</th><th scope="col">Subtask of</th><th scope="col">Completed</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
    }

    static func skipTable(_ skipped: [ImportSkip]) -> HTML {
        guard !skipped.isEmpty else { return .empty }
        let rows = skipped.prefix(shownSkips).html { skip in
            let place =
                switch skip.position {
                case .line(let line): "Line \(line)"
                case .item(let item): "Item \(item)"
                }
            let what = skip.field.map { "Its \(fieldWords($0))" } ?? "Not imported"
            return "<tr><td>\(place)</td><td>\(skip.title)</td><td>\(what)</td><td>\(skip.reason)</td></tr>"
        }
        let more = skipped.count - shownSkips
        return """
            <div class="table-scroll" tabindex="0" role="region" aria-label="Skipped">
            <table class="import-skipped"><caption>Skipped, and why</caption>
            <thead><tr><th scope="col">Where</th><th scope="col">Title</th><th scope="col">What</th>\
            <th scope="col">Why</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            \(more > 0 ? HTML("<p>… and \(more) more.</p>") : HTML.empty)
            """
    }

    static func fieldWords(_ field: String) -> String {
        switch field {
        case "due": "due date"
        case "start": "start date"
        case "parentId": "parent"
        case "labelIds": "label"
        case "estimatedMinutes": "estimate"
        case "recurrence": "repeat rule"
        case "reminders": "reminder"
        default: field
        }
    }

    static func labelsSentence(_ names: [String]) -> String {
        names.isEmpty
            ? ""
            : ", with \(count(names.count, "new label")) (\(names.prefix(10).joined(separator: ", "))"
                + (names.count > 10 ? ", …)" : ")")
    }

    static func skippedSentence(_ skipped: [ImportSkip]) -> String {
        let items = skipped.filter { $0.field == nil }.count
        let fields = skipped.count - items
        var parts: [String] = []
        if items > 0 { parts.append("\(count(items, "item")) not imported") }
        if fields > 0 { parts.append("\(count(fields, "field")) left out") }
        return parts.isEmpty ? "" : " " + parts.joined(separator: " and ") + " (see below)."
    }

    static func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(noun)s" }
}
