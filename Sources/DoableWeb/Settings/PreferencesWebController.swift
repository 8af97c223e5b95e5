import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-7 in the browser: time zone, week start, theme, accent colour, default sort and the game opt-in, in one form
/// (`PreferencesPage`). NOTIF-2 and NOTIF-3: the channels of each kind of notification and quiet hours, on a page of
/// their own (`NotificationSettingsPage`), saved through the same profile update the API uses.
struct PreferencesWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService
    let domain: Domain

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/preferences") { _, context in
            let identity = try member(context)
            return try await preferencesPage(
                context, form: PreferencesPage.form(identity.account),
                errors: FormErrors())
        }
        web.post("settings/preferences") { _, context in try await savePreferences(context) }
        web.get("settings/notifications") { _, context in
            let identity = try member(context)
            return try await notificationSettingsPage(
                context, form: NotificationSettingsPage.form(identity.account),
                errors: FormErrors())
        }
        web.post("settings/notifications") { _, context in try await saveNotificationSettings(context) }
    }

    /// The domain names preference fields with their dotted API path; the form's fields are flat.
    static let preferenceFieldNames: [String: String] = [
        "preferences.timeZone": "timeZone", "preferences.accentColor": "accent",
        "preferences.quietHours.start": "quietStart", "preferences.quietHours.end": "quietEnd",
    ]

    private func preferencesPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let content = PreferencesPage(form: form, errors: errors, csrf: csrfField(context))
        return try await settingsPage(
            context, .preferences, body: content.body, status: status, styles: content.accent.styles)
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
            stored: PreferencesPage.form
        ) { form, errors, status in
            try await preferencesPage(context, form: form, errors: errors, status: status)
        }
    }

    // MARK: Notification settings (NOTIF-2, NOTIF-3)

    private func notificationSettingsPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        let content = NotificationSettingsPage(
            email: identity.account.email, timeZone: identity.account.preferences.timeZone, form: form,
            errors: errors, csrf: csrfField(context), canSendEmail: shell.canSendEmail,
            push: try await PushWebController.section(identity, domain: domain, csrf: csrfField(context)))
        return try await settingsPage(context, .notifications, body: content.body, status: status)
    }

    private func saveNotificationSettings(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        var errors = FormErrors()
        var patch = PreferencesPatch()
        for kind in PreferencesPatch.kindsWithChannels {
            let chosen = Set(form.all(kind.rawValue))
            // Without a mail server the Email boxes are switched off and not sent: the stored choices stay as they
            // are (for when an administrator adds one), not cleared by saving the rest.
            patch.byKind[kind] = ChannelsPatch(
                inApp: chosen.contains("inApp"), email: shell.canSendEmail ? chosen.contains("email") : nil,
                webhook: chosen.contains("webhook"), push: chosen.contains("push"))
        }
        if form.isOn("quietHours") {
            let mode = Self.choice(form, "quietMode", Preferences.QuietHours.Mode.self, errors: &errors) ?? .silent
            patch.quietHours = .some(
                Preferences.QuietHours(
                    start: Self.clockTime(form["quietStart"]), end: Self.clockTime(form["quietEnd"]), mode: mode))
        } else {
            patch.quietHours = .some(nil)
        }
        return try await save(
            patch, identity, context, errors: errors, fields: ["quietStart", "quietEnd"],
            redirect: "/settings/notifications", saved: "Notification settings saved.",
            stored: NotificationSettingsPage.form
        ) { form, errors, status in
            try await notificationSettingsPage(context, form: form, errors: errors, status: status)
        }
    }

    /// `HH:MM` from a time field (a browser may add seconds).
    private static func clockTime(_ value: String?) -> String {
        let text = (value ?? "").trimmingCharacters(in: .whitespaces)
        return text.utf8.count == 8 && text.hasSuffix(":00") ? String(text.prefix(5)) : text
    }

    /// Saves a settings form's preferences (ACC-7) with the form's version: done with a toast; the stored values
    /// again when the form was stale; or the form with each error beside its field.
    private func save(
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
                _ = try await accounts.updateProfile(identity, profile, ifVersion: context.web.form.version)
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
}
