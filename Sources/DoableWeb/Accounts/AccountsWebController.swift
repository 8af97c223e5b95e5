import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-1 and ACC-2 in the browser: register, sign in, sign out (asks first), sign out everywhere.
struct AccountsWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("/") { _, context in
            WebResponse.redirect(context.identity == nil ? "/signin" : "/today")
        }
        web.get("signin") { _, context in try await signInPage(context, login: "", errors: FormErrors()) }
        web.post("signin") { _, context in try await signIn(context) }
        web.get("register") { _, context in try await registerPage(context, form: FormData(), errors: FormErrors()) }
        web.post("register") { _, context in try await register(context) }
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

    private func signInPage(
        _ context: WebRequestContext, login: String, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        if context.identity != nil, errors.isEmpty { return WebResponse.redirect("/today") }
        let next = Self.safeBack(context.web.query["next"] ?? context.web.form["next"], default: "/today")
        var view = SignInPage(
            login: login, errors: errors, isDeleted: context.web.query["deleted"] == "1", next: next,
            csrf: csrfField(context)
        ).page
        view.status = status
        return try await page(view, context)
    }

    private func signIn(_ context: WebRequestContext) async throws -> Response {
        let form = context.web.form
        let login = form["login"] ?? ""
        let password = form["password"] ?? ""
        var errors = FormErrors()
        if login.isEmpty { errors.byField["login"] = "Enter your email or username." }
        if password.isEmpty { errors.byField["password"] = "Enter your password." }
        guard errors.isEmpty else { return try await signInPage(context, login: login, errors: errors, status: .badRequest) }
        do {
            let secondFactor = SecondFactor(totp: form["totp"], recoveryCode: form["recoveryCode"])
            let (_, session) = try await SignInFlow(accounts: accounts, limiter: shell.limiter).signIn(
                login: login, password: password, secondFactor: secondFactor,
                userAgent: context.web.userAgent, address: context.clientAddress)
            return signedIn(session.secret, context: context)
        } catch DoableError.unauthenticated {
            errors.general = "The email, username or password is not correct."
            return try await signInPage(context, login: login, errors: errors, status: .unauthorized)
        } catch let error as DoableError {
            errors.general = WebErrorMiddleware.message(of: error)
            return try await signInPage(context, login: login, errors: errors, status: error.httpStatus)
        }
    }

    private func signedIn(_ secret: String, context: WebRequestContext) -> Response {
        let next = Self.safeBack(context.web.form["next"], default: "/today")
        var response = WebResponse.redirect(next == "/" ? "/today" : next)
        response.headers.append(
            HTTPField(
                name: .setCookie,
                value: WebCookie.make(
                    WebCookie.session, secret, secure: context.web.isSecure, maxAge: 90 * 86_400)))
        return response
    }

    private func registerPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        if context.identity != nil, errors.isEmpty, context.web.form.pairs.isEmpty {
            return WebResponse.redirect("/today")
        }
        var view = RegisterPage(form: form, errors: errors, csrf: csrfField(context)).page
        view.status = status
        return try await page(view, context)
    }

    private func register(_ context: WebRequestContext) async throws -> Response {
        let form = context.web.form
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
                let (_, session) = try await accounts.register(input)
                return signedIn(session.secret, context: context)
            } catch let error as DoableError {
                if error.isTakenLogin { shell.limiter.recordTakenRegistration(address: context.clientAddress) }
                errors = FormErrors(error, fields: ProfileFields.names)
            }
        }
        return try await registerPage(context, form: form, errors: errors, status: .badRequest)
    }
}
