import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import DoableArt

/// The settings pages (ACC-3..7) and public profiles (ACC-3). Every settings page shares one sub-navigation;
/// each area's forms live in their own `WebController+Settings*.swift`.
extension WebController {
    func addSettingsRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings") { _, context in
            let identity = try member(context)
            return try await profilePage(context, form: Self.profileForm(identity.account), errors: FormErrors())
        }
        web.post("settings") { _, context in try await saveProfile(context) }
        web.get("users/{username}") { _, context in try await publicProfilePage(context) }
        addPreferenceRoutes(to: web)
        addNotificationSettingsRoutes(to: web)
        addWebhookSettingsRoutes(to: web)
        addPasswordRoutes(to: web)
        addTokenRoutes(to: web)
        addCalendarSettingsRoutes(to: web)
        addAccountSettingsRoutes(to: web)
    }

    /// What a form opened before someone else saved says; the form then shows what is stored now.
    static let staleMessage =
        "This was changed elsewhere since you opened it. The form now shows the current "
        + "values; make your change again."

    /// A settings page: the heading, the settings sub-navigation and the section's content.
    func settingsPage(
        _ context: WebRequestContext, _ section: SettingsSection, body: HTML,
        status: HTTPResponse.Status = .ok, styles: [String] = []
    ) async throws -> Response {
        // MKT-11: admins also find the marketplace's categories here; nobody else sees the link.
        let isAdmin = context.identity?.account.isAdmin == true
        let links = SettingsSection.allCases.filter { !$0.isForAdmins || isAdmin }.html { item in
            let current: HTML = item == section ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(item.path)\"\(current)>\(item.title)</a></li>"
        }
        var page = WebPage(
            title: "\(section.title) · Settings",
            main: """
                <div class="settings">
                <h1>Settings</h1>
                <nav class="settings-nav" aria-label="Settings"><ul>\(links)</ul></nav>
                <section class="settings-section" aria-labelledby="settings-heading">
                <h2 id="settings-heading">\(section.title)</h2>
                \(body)
                </section>
                </div>
                """)
        page.status = status
        page.styles = styles
        return try await self.page(page, context)
    }

    // MARK: Profile (ACC-3)

    /// The profile form filled with what is stored.
    static func profileForm(_ account: Account) -> FormData {
        FormData(pairs: [
            ("email", account.email), ("username", account.username), ("firstName", account.firstName),
            ("lastName", account.lastName), ("gender", account.gender?.rawValue ?? ""),
            ("genderDescription", account.genderDescription ?? ""),
            ("dateOfBirth", account.dateOfBirth?.description ?? ""),
            ("educationLevel", account.educationLevel?.rawValue ?? ""), ("phone", account.phone ?? ""),
            ("showEmail", account.showEmail ? "1" : ""), ("showPhone", account.showPhone ? "1" : ""),
            ("version", String(account.version)),
        ])
    }

    func profilePage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        let username = identity.account.username
        let email = Field.input(
            "email", label: "Email", value: form["email"], type: "email",
            hint: "A valid address, up to 254 characters.", required: true, errors: errors,
            extra: " autocomplete=\"email\" maxlength=\"254\"")
        let name = Field.input(
            "username", label: "Username", value: form["username"],
            hint: "3 to 30 letters, digits or underscores. Your public profile's address changes "
                + "with it.", required: true, errors: errors,
            extra: " autocomplete=\"username\" maxlength=\"30\"")
        return try await settingsPage(
            context, .profile,
            body: """
                <p>Others see your username, your name and only the contact details you choose to show.
                <a href="/users/\(FormData.encode(username))">See your public profile</a></p>
                \(errors.summary)
                <form method="post" action="/settings" class="settings-form" novalidate>
                \(csrfField(context))<input type="hidden" name="version" value="\(form["version"] ?? "")">
                \(email)
                \(name)
                \(Self.profileFields(form, errors: errors))
                <fieldset><legend>On your public profile</legend>
                \(Field.checkbox("showEmail", label: "Show my email on my public profile", isOn: form.isOn("showEmail")))
                \(Field.checkbox("showPhone", label: "Show my phone number on my public profile", isOn: form.isOn("showPhone")))
                </fieldset>
                <button type="submit" class="button primary">Save profile</button>
                </form>
                """, status: status)
    }

    private func saveProfile(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        var errors = FormErrors()
        var patch = ProfilePatch()
        patch.email = form["email"] ?? ""
        patch.username = (form["username"] ?? "").trimmingCharacters(in: .whitespaces)
        patch.firstName = form["firstName"] ?? ""
        patch.lastName = form["lastName"] ?? ""
        Self.readOptionalProfile(form, into: &errors) { gender, description, birth, education, phone in
            patch.gender = .some(gender)
            patch.genderDescription = .some(description)
            patch.dateOfBirth = .some(birth)
            patch.educationLevel = .some(education)
            patch.phone = .some(phone)
        }
        patch.showEmail = form.isOn("showEmail")
        patch.showPhone = form.isOn("showPhone")
        if form.text("firstName") == nil {
            errors.byField["firstName"] = "Enter your first name (up to 30 characters)."
        }
        if form.text("lastName") == nil {
            errors.byField["lastName"] = "Enter your last name (up to 30 characters)."
        }
        var status = HTTPResponse.Status.badRequest
        if errors.isEmpty {
            do {
                _ = try await domain.accounts.updateProfile(identity, patch, ifVersion: form.text("version").flatMap(Int64.init))
                return WebResponse.done(context, redirect: "/settings", toast: Flash(message: "Profile saved."))
            } catch DoableError.conflict("version_mismatch", _, _) {
                // A form opened before another tab or device saved the account shows what is stored now.
                errors.general = Self.staleMessage
                return try await profilePage(
                    context, form: Self.profileForm(identity.account), errors: errors,
                    status: .conflict)
            } catch let error as DoableError {
                status = error.httpStatus
                errors = FormErrors(error, fields: Self.profileFieldNames)
            }
        }
        return try await profilePage(context, form: form, errors: errors, status: status)
    }

    // MARK: Public profile (ACC-3)

    /// Another member's public profile: username, display name and only the contact details they chose to show;
    /// and their standing on the marketplace: the average rating, the completion rate and the latest reviews.
    private func publicProfilePage(_ context: WebRequestContext) async throws -> Response {
        _ = try member(context)  // ACC-3: for members, not strangers (issue 27, finding 6)
        guard let username = context.parameters.get("username"),
            let account = try await domain.accounts.publicProfile(username: username)
        else { throw DoableError.notFound("No member with this username.") }
        let email: HTML =
            account.showEmail
            ? "<dt>Email</dt><dd><a href=\"mailto:\(account.email)\">\(account.email)</a></dd>" : ""
        let phone: HTML =
            account.showPhone && account.phone != nil
            ? "<dt>Phone</dt><dd><a href=\"tel:\(account.phone ?? "")\">\(account.phone ?? "")</a></dd>" : ""
        let none: HTML =
            email.isEmpty && phone.isEmpty
            ? "<p>\(account.displayName) shares no contact details.</p>" : ""
        let isSelf = context.identity?.account.id == account.id
        let (rating, reviews) = try await domain.market.marketProfile(accountID: account.id)
        let time = MemberTime(preferences: context.identity?.account.preferences ?? Preferences())
        let own: HTML =
            isSelf
            ? "<p class=\"hint\">This is how others see you. <a href=\"/settings\">Edit your profile</a></p>" : ""
        return try await page(
            WebPage(
                title: account.displayName,
                main: """
                    <div class="narrow profile">
                    <h1>\(account.displayName)</h1>
                    <dl class="profile-details"><dt>Username</dt><dd>@\(account.username)</dd>\(email)\(phone)</dl>
                    \(none)
                    \(own)
                    \(MarketStanding.profileSection(name: account.displayName, rating: rating, reviews: reviews, time: time))
                    </div>
                    """), context)
    }
}

/// The settings pages, in the order of the settings sub-navigation.
enum SettingsSection: CaseIterable {
    case profile, preferences, notifications, webhooks, password, tokens, calendars, account
    /// INTEROP-5 (`WebController+Import.swift`).
    case importExport
    /// MKT-11, admins only (`WebController+Admin.swift`).
    case categories

    var isForAdmins: Bool { self == .categories }

    var path: String {
        switch self {
        case .profile: "/settings"
        case .preferences: "/settings/preferences"
        case .notifications: "/settings/notifications"
        case .webhooks: "/settings/webhooks"
        case .password: "/settings/password"
        case .tokens: "/settings/tokens"
        case .calendars: "/settings/calendars"
        case .account: "/settings/account"
        case .importExport: "/import"
        case .categories: "/admin/categories"
        }
    }

    var title: String {
        switch self {
        case .profile: "Profile"
        case .preferences: "Preferences"
        // Not "Notifications": the top bar's bell is the link of that name.
        case .notifications: "Notification settings"
        case .webhooks: "Webhooks"
        case .password: "Password"
        case .tokens: "Tokens and app passwords"
        case .calendars: "Calendar apps"
        case .account: "Account"
        case .importExport: "Import and export"
        case .categories: "Marketplace categories"
        }
    }
}
