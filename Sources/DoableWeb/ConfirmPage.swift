import Hummingbird
import DoableArt

/// "Are you sure?" for a form posted without `confirmed` (the script asks in a dialog instead): the form again, with
/// the same fields, and a button that confirms.
struct ConfirmPage {
    var title: String
    var message: String
    var action: String
    var button: String
    /// The fields the first post carried (less its CSRF token and `confirmed`), and any the caller adds.
    var fields: [(String, String)]
    var back: String
    var csrf: HTML

    var page: WebPage {
        let hidden = fields.html { name, value in "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">" }
        return WebPage(
            title: title,
            main: """
                <div class="narrow"><h1>\(title)</h1><p>\(message)</p>
                <form method="post" action="\(action)">\(csrf)\(hidden)<input type="hidden" name="confirmed" value="1">
                <button type="submit" class="button danger">\(button)</button> <a class="button" href="\(back)">Cancel</a></form></div>
                """)
    }
}

extension WebArea {
    /// What a form opened before someone else saved says; the form then shows what is stored now.
    static var staleMessage: String {
        "This was changed elsewhere since you opened it. The form now shows the current "
            + "values; make your change again."
    }

    /// A page asking "are you sure?" for a form posted without `confirmed`.
    func confirmPage(
        _ context: WebRequestContext, title: String, message: String, action: String, button: String,
        fields: [(String, String)] = []
    ) async throws -> Response {
        let posted = context.web.form.pairs.filter { $0.name != "_csrf" && $0.name != "confirmed" }
        let confirm = ConfirmPage(
            title: title, message: message, action: action, button: button,
            fields: posted.map { ($0.name, $0.value) } + fields,
            back: Self.safeBack(context.web.form["back"], default: "/today"), csrf: csrfField(context))
        return try await page(confirm.page, context)
    }
}
