import DoableCore
import Foundation
import Hummingbird

/// REACH-4: the installed app's share target. Text or a link shared from another app on the phone arrives here
/// (the manifest's `share_target`) and opens quick add on Today with it filled in, for the member to add as it is or
/// to edit first; nothing is added without them.
struct ShareTargetWebController: WebArea {
    let shell: WebShell

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("share") { _, context in try shared(context) }
    }

    private func shared(_ context: WebRequestContext) throws -> Response {
        _ = try member(context)
        let text = Self.taskText(
            title: context.web.query["title"], text: context.web.query["text"], url: context.web.query["url"])
        guard !text.isEmpty else { return WebResponse.redirect("/today#quick-add") }
        return WebResponse.redirect("/today?add=\(FormData.encode(text))#quick-add")
    }

    /// The title, the text and the link as one line, each once (apps often repeat the link inside the text), at most
    /// quick add's 1,000 characters.
    static func taskText(title: String?, text: String?, url: String?) -> String {
        var parts: [String] = []
        for part in [title, text, url] {
            let clean = (part ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
            guard !clean.isEmpty, !parts.contains(where: { $0.contains(clean) }) else { continue }
            parts.append(clean)
        }
        return String(parts.joined(separator: " ").prefix(1000))
    }
}
