import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import DoableArt

/// ACC-7 in the browser: time zone, week start, theme, accent colour, default sort and the game opt-in, in one form.
/// Quiet hours and notification channels have a page of their own (`WebController+SettingsNotifications.swift`).
extension WebController {
    func addPreferenceRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/preferences") { _, context in
            let identity = try member(context)
            return try await preferencesPage(
                context, form: Self.preferencesForm(identity.account),
                errors: FormErrors())
        }
        web.post("settings/preferences") { _, context in try await savePreferences(context) }
    }

    static let accentPresets: [(value: String, title: String)] = [
        ("blue", "Blue"), ("indigo", "Indigo"), ("purple", "Purple"), ("pink", "Pink"), ("red", "Red"),
        ("orange", "Orange"), ("green", "Green"), ("teal", "Teal"),
    ].map { (ListColor.palette[$0.0] ?? "#2563EB", $0.1) }

    /// The domain names preference fields with their dotted API path; the form's fields are flat.
    static let preferenceFieldNames: [String: String] = [
        "preferences.timeZone": "timeZone", "preferences.accentColor": "accent",
        "preferences.quietHours.start": "quietStart", "preferences.quietHours.end": "quietEnd",
    ]

    static func preferencesForm(_ account: Account) -> FormData {
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

    private func preferencesPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var accent = ColorChooser(
            name: "accent", legend: "Accent colour", choices: Self.accentPresets, selected: form["accent"] ?? "",
            customName: "accentCustom", customValue: form["accentCustom"] ?? "", error: errors.byField["accent"])
        accent.customType = "color"
        if accent.customValue.isEmpty { accent.customValue = "#2563EB" }
        let theme = Self.radioGroup(
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
        return try await settingsPage(
            context, .preferences,
            body: """
                \(errors.summary)
                <form method="post" action="/settings/preferences" class="settings-form" novalidate>
                \(csrfField(context))<input type="hidden" name="version" value="\(form["version"] ?? "")">
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
                """, status: status, styles: accent.styles)
    }

    /// Radio buttons in a fieldset, its legend naming the choice; an error is announced with the group.
    static func radioGroup(
        _ name: String, legend: String, options: [(String, String)], selected: String?,
        errors: FormErrors
    ) -> HTML {
        let error = errors.byField[name]
        let radios = options.html { value, title in
            """
            <label class="radio"><input type="radio" name="\(name)" value="\(value)"\
            \(attribute: "checked", if: value == selected)> \(title)</label>
            """
        }
        let describedBy: HTML = error != nil ? " aria-describedby=\"f-\(name)-error\"" : ""
        return """
            <fieldset class="field radio-group\(error != nil ? " has-error" : "")"\(describedBy)><legend>\(legend)</legend>
            \(radios)
            \(error.map { HTML("<p class=\"field-error\" id=\"f-\(name)-error\">\($0)</p>") })
            </fieldset>
            """
    }

    private func savePreferences(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        var errors = FormErrors()
        var patch = PreferencesPatch()
        patch.theme = Self.choice(form, "theme", Preferences.Theme.self, errors: &errors)
        patch.weekStart = Self.choice(form, "weekStart", Preferences.Weekday.self, errors: &errors)
        patch.defaultSort = Self.choice(form, "defaultSort", TaskSort.self, errors: &errors)
        patch.timeZone = form.text("timeZone")
        if let accent = ColorChooser.chosen(form, name: "accent", customName: "accentCustom") {
            patch.accentColor = ListColor.palette[accent] ?? accent
        }
        patch.gameOptIn = form.isOn("gameOptIn")
        return try await save(
            patch, identity, context, errors: errors, fields: ["timeZone", "accent"],
            redirect: "/settings/preferences", saved: "Preferences saved.",
            stored: Self.preferencesForm
        ) { form, errors, status in
            try await preferencesPage(context, form: form, errors: errors, status: status)
        }
    }

    /// Saves a settings form's preferences (ACC-7) with the form's version: done with a toast; the stored values
    /// again when the form was stale; or the form with each error beside its field.
    func save(
        _ patch: PreferencesPatch, _ identity: Identity, _ context: WebRequestContext, errors: FormErrors,
        fields: Set<String>, redirect: String, saved: String, stored: (Account) -> FormData,
        page: (FormData, FormErrors, HTTPResponse.Status) async throws -> Response
    ) async throws -> Response {
        var errors = errors
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                var profile = ProfilePatch()
                profile.preferences = patch
                _ = try await domain.accounts.updateProfile(identity, profile, ifVersion: context.web.form.version)
                return WebResponse.done(context, redirect: redirect, toast: Flash(message: saved))
            } catch DoableError.conflict("version_mismatch", _, _) {
                errors.general = Self.staleMessage
                return try await page(stored(identity.account), errors, .conflict)
            } catch let error as DoableError {
                status = error.httpStatus
                errors = FormErrors(error, fields: fields, rename: Self.preferenceFieldNames)
            }
        }
        return try await page(context.web.form, errors, status)
    }

    /// A choice among an enumeration's values; a value not among them is recorded against its field.
    static func choice<Value: RawRepresentable<String>>(
        _ form: FormData, _ name: String, _ type: Value.Type, errors: inout FormErrors
    ) -> Value? {
        guard let text = form.text(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            errors.byField[name] = "Choose one of the listed options."
            return nil
        }
        return value
    }

    /// `HH:MM` from a time field (a browser may add seconds).
    static func clockTime(_ value: String?) -> String {
        let text = (value ?? "").trimmingCharacters(in: .whitespaces)
        return text.utf8.count == 8 && text.hasSuffix(":00") ? String(text.prefix(5)) : text
    }
}
