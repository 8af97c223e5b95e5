import HTTPTypes
import Foundation
import DoableCore
import DoableDomain
import Hummingbird
import DoableArt
import DoableHTTP

/// ACC-1 and ACC-2 in the browser: register, sign in, sign out (asks first), sign out everywhere.
extension WebController {
    func addAccountRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("/") { _, context in
            WebResponse.redirect(context.identity == nil ? "/signin" : "/today")
        }
        web.get("signin") { _, context in try await signInPage(context, login: "", errors: FormErrors()) }
        web.post("signin") { _, context in try await signIn(context) }
        web.get("register") { _, context in try await registerPage(context, form: FormData(), errors: FormErrors()) }
        web.post("register") { _, context in try await register(context) }
        web.get("signout") { _, context in
            _ = try member(context)
            return try await page(
                WebPage(
                    title: "Sign out",
                    main: """
                        <div class="narrow"><h1>Sign out of Doable?</h1>
                        <p>You will need your password to sign in again on this browser.</p>
                        <form method="post" action="/signout">\(csrfField(context))
                        <button type="submit" class="button primary">Sign out</button> <a class="button" href="/today">Stay signed in</a></form></div>
                        """), context)
        }
        web.post("signout") { _, context in
            if let identity = context.identity { try await domain.accounts.signOut(identity) }
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
            try await domain.accounts.signOutEverywhere(identity)
            try await domain.accounts.signOut(identity)
            var response = WebResponse.redirect("/signin")
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: WebCookie.clear(WebCookie.session, secure: context.web.isSecure)))
            return response
        }
    }

    /// A page asking "are you sure?" for a form posted without `confirmed` (the script asks in a dialog instead).
    func confirmPage(
        _ context: WebRequestContext, title: String, message: String, action: String, button: String,
        fields: [(String, String)] = []
    ) async throws -> Response {
        let hidden =
            (context.web.form.pairs.filter { $0.name != "_csrf" && $0.name != "confirmed" }
            .map { ($0.name, $0.value) } + fields).html { name, value in
                "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
            }
        let back = Self.safeBack(context.web.form["back"], default: "/today")
        return try await page(
            WebPage(
                title: title,
                main: """
                    <div class="narrow"><h1>\(title)</h1><p>\(message)</p>
                    <form method="post" action="\(action)">\(csrfField(context))\(hidden)<input type="hidden" name="confirmed" value="1">
                    <button type="submit" class="button danger">\(button)</button> <a class="button" href="\(back)">Cancel</a></form></div>
                    """), context)
    }

    private func signInPage(
        _ context: WebRequestContext, login: String, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        if context.identity != nil, errors.isEmpty { return WebResponse.redirect("/today") }
        let next = Self.safeBack(context.web.query["next"] ?? context.web.form["next"], default: "/today")
        var page = WebPage(
            title: "Sign in",
            main: """
                <div class="narrow auth">
                <h1>Sign in to Doable</h1>
                \(context.web.query["deleted"] == "1" ? HTML("<p class=\"notice\" role=\"status\">Your account and everything in it were deleted.</p>") : "")
                \(errors.summary)
                <form method="post" action="/signin" novalidate>
                \(csrfField(context))<input type="hidden" name="next" value="\(next)">
                \(Field.input("login", label: "Email or username", value: login, required: true, errors: errors, extra: " autocomplete=\"username\" autofocus"))
                \(Field.input("password", label: "Password", value: "", type: "password", required: true, errors: errors, extra: " autocomplete=\"current-password\""))
                <button type="submit" class="button primary">Sign in</button>
                </form>
                <p>New to Doable? <a href="/register">Create an account</a></p>
                </div>
                """)
        page.status = status
        return try await self.page(page, context)
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
            try await limiter.admit(address: context.clientAddress)
            let account = try await domain.accounts.account(login: login)
            try limiter.requireUnlocked(login: login, account: account?.id)
            if account == nil { try await domain.accounts.refuseUnknownLogin(password: password) }
            guard let account, let session = try await domain.accounts.signIn(account, password: password) else {
                limiter.recordFailure(login: login, account: account?.id, address: context.clientAddress)
                errors.general = "The email, username or password is not correct."
                return try await signInPage(context, login: login, errors: errors, status: .unauthorized)
            }
            limiter.recordSuccess(account: account.id)
            return signedIn(session.secret, context: context)
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

    static let genderOptions: [(String, String)] = [
        ("", "Not given"), ("female", "Female"), ("male", "Male"), ("nonBinary", "Non-binary"),
        ("preferNotToSay", "Prefer not to say"), ("selfDescribed", "Self-described"),
    ]
    static let educationOptions: [(String, String)] = [
        ("", "Not given"), ("primary", "Primary"), ("secondary", "Secondary"), ("vocational", "Vocational"),
        ("bachelor", "Bachelor"), ("master", "Master"), ("doctorate", "Doctorate"), ("other", "Other"),
    ]

    /// The profile fields of ACC-1, shared by registration and the profile settings.
    static func profileFields(_ form: FormData, errors: FormErrors) -> HTML {
        """
        \(Field.input("firstName", label: "First name", value: form["firstName"], hint: "Up to 30 characters.", required: true, errors: errors, extra: " maxlength=\"30\" autocomplete=\"given-name\""))
        \(Field.input("lastName", label: "Last name", value: form["lastName"], hint: "Up to 30 characters.", required: true, errors: errors, extra: " maxlength=\"30\" autocomplete=\"family-name\""))
        \(Field.select("gender", label: "Gender", options: genderOptions, selected: form["gender"], required: false, errors: errors))
        \(Field.input("genderDescription", label: "Gender, in your words", value: form["genderDescription"], hint: "Only when you chose self-described; up to 30 characters.", errors: errors, extra: " maxlength=\"30\""))
        \(Field.input("dateOfBirth", label: "Date of birth", value: form["dateOfBirth"], type: "date", hint: "You must be at least 13.", errors: errors))
        \(Field.select("educationLevel", label: "Level of education", options: educationOptions, selected: form["educationLevel"], required: false, errors: errors))
        \(Field.input("phone", label: "Phone", value: form["phone"], type: "tel", hint: "International format, like +14155550123.", errors: errors, extra: " autocomplete=\"tel\""))
        """
    }

    private func registerPage(
        _ context: WebRequestContext, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        if context.identity != nil, errors.isEmpty, context.web.form.pairs.isEmpty {
            return WebResponse.redirect("/today")
        }
        var page = WebPage(
            title: "Create an account",
            main: """
                <div class="narrow auth">
                <h1>Create your Doable account</h1>
                \(errors.summary)
                <form method="post" action="/register" novalidate>
                \(csrfField(context))
                \(Field.input("email", label: "Email", value: form["email"], type: "email", hint: "A valid address, up to 254 characters.", required: true, errors: errors, extra: " autocomplete=\"email\" maxlength=\"254\""))
                \(Field.input("username", label: "Username", value: form["username"], hint: "3 to 30 letters, digits or underscores.", required: true, errors: errors, extra: " autocomplete=\"username\" maxlength=\"30\""))
                \(Field.input("password", label: "Password", value: "", type: "password", hint: "8 to 72 bytes.", required: true, errors: errors, extra: " autocomplete=\"new-password\""))
                \(Self.profileFields(form, errors: errors))
                <button type="submit" class="button primary">Create account</button>
                </form>
                <p>Already have an account? <a href="/signin">Sign in</a></p>
                </div>
                """)
        page.status = status
        return try await self.page(page, context)
    }

    static let profileFieldNames: Set<String> = [
        "email", "username", "password", "firstName", "lastName", "gender",
        "genderDescription", "dateOfBirth", "educationLevel", "phone",
    ]

    private func register(_ context: WebRequestContext) async throws -> Response {
        let form = context.web.form
        var errors = FormErrors()
        var input = Registration(
            email: form["email"] ?? "", password: form["password"] ?? "",
            username: form["username"] ?? "")
        input.firstName = form["firstName"] ?? ""
        input.lastName = form["lastName"] ?? ""
        Self.readOptionalProfile(form, into: &errors) { gender, description, birth, education, phone in
            input.gender = gender
            input.genderDescription = description
            input.dateOfBirth = birth
            input.educationLevel = education
            input.phone = phone
        }
        if input.firstName.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.byField["firstName"] = "Enter your first name (up to 30 characters)."
        }
        if input.lastName.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.byField["lastName"] = "Enter your last name (up to 30 characters)."
        }
        if errors.isEmpty {
            do {
                try limiter.admitRegistration(address: context.clientAddress)
                let (_, session) = try await domain.accounts.register(input)
                return signedIn(session.secret, context: context)
            } catch let error as DoableError {
                if error.isTakenLogin { limiter.recordTakenRegistration(address: context.clientAddress) }
                errors = FormErrors(error, fields: Self.profileFieldNames)
            }
        }
        return try await registerPage(context, form: form, errors: errors, status: .badRequest)
    }

    /// Reads the optional ACC-1 fields of a form; a bad value is recorded against its field.
    static func readOptionalProfile(
        _ form: FormData, into errors: inout FormErrors,
        _ apply: (Gender?, String?, CivilDate?, EducationLevel?, String?) -> Void
    ) {
        var gender: Gender?
        if let text = form.text("gender") {
            gender = Gender(rawValue: text)
            if gender == nil { errors.byField["gender"] = "Choose one of the listed genders." }
        }
        var education: EducationLevel?
        if let text = form.text("educationLevel") {
            education = EducationLevel(rawValue: text)
            if education == nil { errors.byField["educationLevel"] = "Choose one of the listed levels." }
        }
        var birth: CivilDate?
        if let text = form.text("dateOfBirth") {
            birth = CivilDate(text)
            if birth == nil { errors.byField["dateOfBirth"] = "Enter the date as YYYY-MM-DD." }
        }
        let description = gender == .selfDescribed ? form.text("genderDescription") : nil
        apply(gender, description, birth, education, form.text("phone"))
    }
}
