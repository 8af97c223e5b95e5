import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// The profile settings (ACC-3) and public profiles (ACC-3). Every settings page shares one sub-navigation
/// (`SettingsPage`); each area's forms have their own controller (`PreferencesWebController`,
/// `SecurityWebController`, `WebhooksWebController`, `AccountSettingsWebController`, …).
struct SettingsWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService
    let market: MarketService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings") { _, context in
            let identity = try member(context)
            return try await profilePage(context, form: ProfilePage.form(identity.account), errors: FormErrors())
        }
        web.post("settings") { _, context in try await saveProfile(context) }
        web.get("users/{username}") { _, context in try await publicProfilePage(context) }
    }

    // MARK: Profile (ACC-3)

    private func profilePage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try member(context)
        let content = ProfilePage(
            username: identity.account.username, form: form, errors: errors, csrf: csrfField(context))
        return try await settingsPage(context, .profile, body: content.body, status: status)
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
        ProfileFields.readOptional(form, into: &errors) { gender, description, birth, education, phone in
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
                _ = try await accounts.updateProfile(identity, patch, ifVersion: form.text("version").flatMap(Int64.init))
                return WebResponse.done(context, redirect: "/settings", toast: Flash(message: "Profile saved."))
            } catch DoableError.conflict("version_mismatch", _, _) {
                // A form opened before another tab or device saved the account shows what is stored now.
                errors.general = Self.staleMessage
                return try await profilePage(
                    context, form: ProfilePage.form(identity.account), errors: errors,
                    status: .conflict)
            } catch let error as DoableError {
                status = error.httpStatus
                errors = FormErrors(error, fields: ProfileFields.names)
            }
        }
        return try await profilePage(context, form: form, errors: errors, status: status)
    }

    // MARK: Public profile (ACC-3)

    /// Another member's public profile, with their standing on the marketplace (`PublicProfilePage`).
    private func publicProfilePage(_ context: WebRequestContext) async throws -> Response {
        _ = try member(context)  // ACC-3: for members, not strangers (issue 27, finding 6)
        guard let username = context.parameters.get("username"),
            let account = try await accounts.publicProfile(username: username)
        else { throw DoableError.notFound("No member with this username.") }
        let isSelf = context.identity?.account.id == account.id
        let (rating, reviews) = try await market.marketProfile(accountID: account.id)
        let time = MemberTime(preferences: context.identity?.account.preferences ?? Preferences())
        let content = PublicProfilePage(account: account, isSelf: isSelf, rating: rating, reviews: reviews, time: time)
        return try await page(content.page, context)
    }
}
