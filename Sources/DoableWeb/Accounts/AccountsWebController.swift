import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-1 and ACC-2 in the browser: register, sign in, sign out (asks first), sign out everywhere. ACC-12: the
/// registration mode decides whether the form shows, and an invitation link (`/join/{secret}`) opens it with the
/// invitation. ACC-9: registering sends the first verification link when the server asks for verified addresses.
/// ACC-10: the second step of signing in is in `AccountsWebController+SignIn.swift`.
struct AccountsWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("/") { _, context in
            WebResponse.redirect(context.identity == nil ? "/signin" : "/today")
        }
        web.get("signin") { _, context in try await signInPage(context, login: "", errors: FormErrors()) }
        web.post("signin") { _, context in try await signIn(context) }
        web.post("signin/code") { _, context in try await signInWithCode(context) }
        web.get("register") { _, context in try await registerPage(context, form: FormData(), errors: FormErrors()) }
        web.post("register") { _, context in try await register(context) }
        web.get("join/{token}") { _, context in
            try await registerPage(context, form: FormData(), errors: FormErrors(), invitation: context.parameters.get("token"))
        }
        web.post("join/{token}") { _, context in try await register(context) }
        web.get("signout") { _, context in
            _ = try member(context)
            return try await page(SignOutPage(csrf: csrfField(context)).page, context)
        }
        web.post("signout") { _, context in
            if let identity = context.identity { try await accounts.signOut(identity) }
            var response = WebResponse.redirect("/signin")
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: WebCookie.clear(WebCookie.session, secure: context.web.isSecure)))
            return response
        }
        web.post("signout/everywhere") { _, context in
            let identity = try member(context)
            guard context.web.form.isOn("confirmed") else {
                return try await confirmPage(
                    context, title: "Sign out everywhere?",
                    message:
                        "Every browser and app signed in to your account, this one included, will have to sign in again, and your access tokens and app passwords stop working.",
                    action: "/signout/everywhere", button: "Sign out everywhere")
            }
            // The domain keeps the caller's own session (the API's caller goes on); this browser signs out too.
            try await accounts.signOutEverywhere(identity)
            try await accounts.signOut(identity)
            var response = WebResponse.redirect("/signin")
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: WebCookie.clear(WebCookie.session, secure: context.web.isSecure)))
            return response
        }
    }

    private func registerPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors, invitation secret: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        if context.identity != nil, errors.isEmpty, context.web.form.pairs.isEmpty {
            return WebResponse.redirect("/today")
        }
        let registration = shell.renderer.domain.accountPolicy.registration
        guard let secret = secret.flatMap({ $0.isEmpty ? nil : $0 }) else {
            guard registration == .open else {
                var view = RegistrationClosedPage(isByInvitation: registration == .invite).page
                view.status = status == .ok ? .ok : .forbidden
                return try await page(view, context)
            }
            var view = RegisterPage(form: form, errors: errors, csrf: csrfField(context)).page
            view.status = status
            return try await page(view, context)
        }
        guard registration != .closed else {
            var view = RegistrationClosedPage(isByInvitation: false).page
            view.status = .forbidden
            return try await page(view, context)
        }
        // A dead invitation gets its own page with the reason, never a form that cannot succeed.
        let invitation: Invitation
        do {
            invitation = try await accounts.liveInvitation(secret)
        } catch let error as DoableError {
            var view = WebPages.problem(title: "This invitation does not work", message: error.message)
            view.status = error.httpStatus
            return try await page(view, context)
        }
        var view = RegisterPage(
            form: form, errors: errors, invitation: secret, invitedEmail: invitation.email,
            invitationWords: invitation.listID == nil
                ? "You were invited to join this Doable server."
                : "You were invited to share a list: it is waiting for you once you create your account.",
            csrf: csrfField(context)
        ).page
        view.status = status
        return try await page(view, context)
    }

    private func register(_ context: WebRequestContext) async throws -> Response {
        let form = context.web.form
        let invitation = form.text("invitation") ?? context.parameters.get("token")
        var errors = FormErrors()
        var input = Registration(
            email: form["email"] ?? "", password: form["password"] ?? "",
            username: form["username"] ?? "")
        input.firstName = form["firstName"] ?? ""
        input.lastName = form["lastName"] ?? ""
        ProfileFields.readOptional(form, into: &errors) { gender, description, birth, education, phone in
            input.gender = gender
            input.genderDescription = description
            input.dateOfBirth = birth
            input.educationLevel = education
            input.phone = phone
        }
        // Every field's rule at once (the browser checked them first), each refusal beside its field.
        let checks: [(String, () throws -> Void)] = [
            ("email", { _ = try Rules.email(input.email) }),
            ("username", { _ = try Rules.username(input.username) }),
            ("password", { try Rules.password(input.password) }),
        ]
        for (field, check) in checks where errors.byField[field] == nil {
            do { try check() } catch let error as DoableError { errors.byField[field] = error.message }
        }
        if input.firstName.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.byField["firstName"] = "Enter your first name (up to 30 characters)."
        }
        if input.lastName.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.byField["lastName"] = "Enter your last name (up to 30 characters)."
        }
        if errors.isEmpty {
            do {
                try shell.limiter.admitRegistration(address: context.clientAddress)
                let (account, session) = try await accounts.register(
                    input, device: ClientDevice(userAgent: context.web.userAgent, address: context.clientAddress),
                    invitation: invitation)
                if accounts.needsVerification(account) {
                    // ACC-9: the first link goes out at once; the banner offers it again.
                    let identity = Identity(account: account, credential: session.credential)
                    if let issued = try? await accounts.requestEmailVerification(identity) {
                        shell.accountMailer.emailVerification(issued)
                    }
                }
                return signedIn(session.secret, context: context)
            } catch let error as DoableError {
                if error.isTakenLogin { shell.limiter.recordTakenRegistration(address: context.clientAddress) }
                errors = FormErrors(error, fields: ProfileFields.names)
            }
        }
        return try await registerPage(context, form: form, errors: errors, invitation: invitation, status: .badRequest)
    }
}
