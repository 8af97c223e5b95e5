import DoableArt
import DoableCore
import DoableDomain
import Foundation

/// ACC-7: time zone, week start, theme, accent colour, default sort and the game opt-in, in one form.
struct PreferencesPage {
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    static let accentPresets: [(value: String, title: String)] = [
        ("blue", "Blue"), ("indigo", "Indigo"), ("purple", "Purple"), ("pink", "Pink"), ("red", "Red"),
        ("orange", "Orange"), ("green", "Green"), ("teal", "Teal"),
    ].map { (ListColor.palette[$0.0] ?? "#2563EB", $0.1) }

    static func form(_ account: Account) -> FormData {
        let preferences = account.preferences
        let accent = ColorChooser.selection(for: preferences.accentColor, among: accentPresets.map(\.value))
        return FormData(pairs: [
            ("theme", preferences.theme.rawValue), ("accent", accent.selected), ("accentCustom", accent.custom),
            ("weekStart", preferences.weekStart.rawValue), ("defaultSort", preferences.defaultSort.rawValue),
            ("timeZone", preferences.timeZone), ("gameOptIn", preferences.gameOptIn ? "1" : ""),
            ("version", String(account.version)),
        ])
    }

    /// Every time zone this system knows, and the member's own even if it does not.
    static func timeZoneOptions(including current: String) -> [(String, String)] {
        var zones = Set(TimeZone.knownTimeZoneIdentifiers)
        zones.insert("UTC")
        if !current.isEmpty { zones.insert(current) }
        return zones.sorted().map { ($0, $0.replacingOccurrences(of: "_", with: " ")) }
    }

    /// The accent colour's chooser, whose style rules the page carries.
    var accent: ColorChooser {
        var accent = ColorChooser(
            name: "accent", legend: "Accent colour", choices: Self.accentPresets, selected: form["accent"] ?? "",
            customName: "accentCustom", customValue: form["accentCustom"] ?? "", error: errors.byField["accent"])
        accent.customType = "color"
        if accent.customValue.isEmpty { accent.customValue = "#2563EB" }
        return accent
    }

    var body: HTML {
        let theme = RadioGroup.html(
            "theme", legend: "Theme",
            options: [
                ("light", "Light"), ("dark", "Dark"), ("system", "Same as my device"),
            ], selected: form["theme"], errors: errors)
        let weekStart = Field.select(
            "weekStart", label: "Weeks start on",
            options: [
                ("monday", "Monday"), ("saturday", "Saturday"), ("sunday", "Sunday"),
            ], selected: form["weekStart"], errors: errors)
        let sort = Field.select(
            "defaultSort", label: "Sort lists by",
            options: [
                ("manual", "My own order"), ("due", "Due date"), ("priority", "Priority"), ("created", "Date added"),
                ("title", "Title"),
            ], selected: form["defaultSort"], hint: "How a list is ordered when you open it.", errors: errors)
        let zone = Field.select(
            "timeZone", label: "Time zone",
            options: Self.timeZoneOptions(including: form["timeZone"] ?? ""),
            selected: form["timeZone"], hint: "Due times and Today follow it.", errors: errors)
        let game = Field.checkbox(
            "gameOptIn",
            label: "Take part in the companion game (a pet, streaks and rewards "
                + "for finished tasks)", isOn: form.isOn("gameOptIn"))
        return """
            \(errors.summary)
            <form method="post" action="/settings/preferences" class="settings-form" novalidate>
            \(csrf)<input type="hidden" name="version" value="\(form["version"] ?? "")">
            <h3>Appearance</h3>
            \(theme)
            \(accent.html)
            <h3>Dates and order</h3>
            \(zone)
            \(weekStart)
            \(sort)
            <h3>Notifications</h3>
            <p>Channels for each kind of notification and quiet hours are under
            <a href="/settings/notifications">Notification settings</a>.</p>
            <h3>Companion game</h3>
            \(game)
            <button type="submit" class="button primary">Save preferences</button>
            </form>
            """
    }
}
