import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// GAME-1 and GAME-4 for admins: `/admin/game`, one form with every constant of the game's formulas
/// (`GameRulesPage`); docs/game.md explains them with worked examples. Every value is checked before anything is
/// saved, and each refusal shows by its field.
struct AdminGameWebController: WebArea {
    let shell: WebShell
    let game: GameService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("admin/game") { _, context in
            let identity = try admin(context)
            let rules = try await game.gameRules(identity)
            return try await gameRulesPage(context, rules: rules, form: GameRulesPage.form(rules), errors: FormErrors())
        }
        web.post("admin/game") { _, context in try await saveGameRules(context) }
    }

    private func gameRulesPage(
        _ context: WebRequestContext, rules: GameRules, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let content = GameRulesPage(rules: rules, form: form, errors: errors, csrf: csrfField(context))
        return try await adminPage(context, .gameRules, body: content.body, status: status)
    }

    /// Every field is checked (whole number, in range) and every refusal shown; only then is anything saved.
    private func saveGameRules(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let form = context.web.form
        let current = try await game.gameRules(identity)
        var errors = FormErrors()
        var changes: [String: Int] = [:]
        var checked = current
        for constant in current.constants {
            guard let text = form.text(constant.name) else {
                errors.byField[constant.name] =
                    "Enter a whole number from \(constant.range.lowerBound) to "
                    + "\(constant.range.upperBound)."
                continue
            }
            guard let value = Int(text) else {
                errors.byField[constant.name] =
                    "“\(text.prefix(20))” is not a whole number: enter one from "
                    + "\(constant.range.lowerBound) to \(constant.range.upperBound)."
                continue
            }
            do {
                try checked.set(constant.name, to: value)
                if value != constant.value { changes[constant.name] = value }
            } catch let error as DoableError {
                errors.byField[constant.name] = WebErrorMiddleware.message(of: error)
            }
        }
        if errors.isEmpty {
            do {
                _ = try await game.updateGameRules(identity, changes)
                let message =
                    changes.isEmpty
                    ? "Nothing changed"
                    : changes.count == 1
                        ? "Saved the game rules: 1 constant changed"
                        : "Saved the game rules: \(changes.count) constants changed"
                return WebResponse.done(context, redirect: "/admin/game", toast: Flash(message: message))
            } catch let error as DoableError {
                let fields = Set(current.constants.map(\.name))
                errors = FormErrors(
                    error, fields: fields,
                    rename: Dictionary(uniqueKeysWithValues: fields.map { ("rules.\($0)", $0) }))
            }
        }
        return try await gameRulesPage(context, rules: current, form: form, errors: errors, status: .badRequest)
    }
}
