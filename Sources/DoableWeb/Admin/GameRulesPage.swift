import DoableArt
import DoableCore
import DoableDomain

/// GAME-1 and GAME-4 for admins: one form with every constant of the game's formulas (`GameRules.constants`), each a
/// number field limited to its range with a short hint, grouped into rewards, streaks and any others.
struct GameRulesPage {
    var rules: GameRules
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    /// What each constant means, in the words of the form, and the group it is shown in.
    struct RuleWords {
        let label: String
        let hint: String
        let group: String
    }

    static let ruleWords: [String: RuleWords] = [
        "basePoints": RuleWords(label: "Base points", hint: "Points for any task done on time.", group: "rewards"),
        "minutesPerBonusPoint": RuleWords(
            label: "Minutes per bonus point",
            hint: "One extra point per this many minutes of a task's estimate.",
            group: "rewards"),
        "durationBonusCap": RuleWords(
            label: "Duration bonus cap", hint: "At most this many points for the estimate.",
            group: "rewards"),
        "pointsPerDayEarly": RuleWords(
            label: "Points per day early",
            hint: "Extra points per whole day a task is done before its deadline.",
            group: "rewards"),
        "earlyBonusCap": RuleWords(
            label: "Early bonus cap", hint: "At most this many points for being early.",
            group: "rewards"),
        "recurringPercent": RuleWords(
            label: "Repeating task bonus (%)",
            hint: "A repeating task done on every occurrence earns this share of its reward.",
            group: "rewards"),
        "latePercent": RuleWords(
            label: "Late reward (%)",
            hint: "A late task earns this share of the base points (nothing in strict mode).",
            group: "rewards"),
        "farmingSeconds": RuleWords(
            label: "Too-quick seconds",
            hint: "A task completed this soon after being added earns only the minimum.",
            group: "rewards"),
        "minimumPoints": RuleWords(
            label: "Minimum points", hint: "What a too-quick completion earns.",
            group: "rewards"),
        "xpPercent": RuleWords(
            label: "XP (%)", hint: "Experience is this share of a reward's points.",
            group: "rewards"),
        "streakBonusPerDay": RuleWords(
            label: "Streak bonus per day",
            hint: "A kept day pays this many points per day of the streak.",
            group: "streaks"),
        "streakBonusCapDays": RuleWords(
            label: "Streak bonus cap (days)",
            hint: "The bonus counts at most this many days of the streak.",
            group: "streaks"),
        "restoreBase": RuleWords(
            label: "Buy-back base cost", hint: "Points to buy back a broken streak…",
            group: "streaks"),
        "restorePerDay": RuleWords(
            label: "Buy-back cost per day", hint: "…plus this many per day of the streak lost.",
            group: "streaks"),
        "restoreHours": RuleWords(
            label: "Buy-back window (hours)",
            hint: "How long after it breaks a streak can be bought back.", group: "streaks"),
        "warningHour": RuleWords(
            label: "Warning hour",
            hint: "The local hour (0–23) after which the “streak about to break” warning may go out.",
            group: "streaks"),
    ]

    static func form(_ rules: GameRules) -> FormData {
        FormData(pairs: rules.constants.map { ($0.name, String($0.value)) })
    }

    private func fields(_ group: String?) -> HTML {
        let defaults = GameRules.default.constants
        return rules.constants.filter { constant in
            let known = Self.ruleWords[constant.name]?.group
            return group == nil ? known == nil : known == group
        }.html { constant in
            let words = Self.ruleWords[constant.name]
            let standard = defaults.first { $0.name == constant.name }?.value
            let range = "\(constant.range.lowerBound) to \(constant.range.upperBound)"
            let hint = [
                words?.hint, "\(range)\(standard.map { "; default \($0)" } ?? "").",
                "(\(constant.name))",
            ].compactMap { $0 }.joined(separator: " ")
            return Field.input(
                constant.name, label: words?.label ?? constant.name, value: form[constant.name], type: "number",
                hint: hint, required: true, errors: errors,
                extra: " min=\"\(constant.range.lowerBound)\" max=\"\(constant.range.upperBound)\" step=\"1\" inputmode=\"numeric\"")
        }
    }

    var body: HTML {
        let others = fields(nil)
        return """
            <p>The constants of the game's formulas: what completing a task earns, the streak bonus and buying a broken \
            streak back. A change applies to rewards from now on; what was earned stays. docs/game.md explains each one \
            with worked examples.</p>
            \(errors.summary)
            <form method="post" action="/admin/game" class="settings-form game-rules-form" novalidate>\(csrf)
            <fieldset class="field-row"><legend>Rewards for completing a task</legend>\(fields("rewards"))</fieldset>
            <fieldset class="field-row"><legend>Streaks</legend>\(fields("streaks"))</fieldset>
            \(others.isEmpty ? "" : HTML("<fieldset class=\"field-row\"><legend>Other</legend>\(others)</fieldset>"))
            <button type="submit" class="button primary">Save game rules</button>
            </form>
            """
    }
}
