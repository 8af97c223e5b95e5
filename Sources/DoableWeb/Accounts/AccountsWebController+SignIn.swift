import DoableArt
import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-2 and ACC-10: signing in, in one step or two. When the password is right for an account with two-factor
/// sign-in, the page asks for the code (`SignInCodePage`), carrying the login and password sealed
/// (`PendingSignIn`); a wrong or reused code is counted by the sign-in limiter like a wrong password. ADMIN-1: a
/// disabled account hears the admin's reason once its password is right.
extension AccountsWebController {
    func signInPage(
        _ context: WebRequestContext, login: String, errors: FormErrors, notice: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        if context.identity != nil, errors.isEmpty { return WebResponse.redirect("/today") }
        let next = Self.safeBack(context.web.query["next"] ?? context.web.form["next"], default: "/today")
        var view = SignInPage(
            login: login, errors: errors, isDeleted: context.web.query["deleted"] == "1", next: next,
            mayRegister: shell.renderer.domain.accountPolicy.registration != .closed,
            notice: notice ?? (context.web.query["reset"] == "1" ? "Your password was changed. Sign in with the new one." : nil),
            csrf: csrfField(context)
        ).page
        view.status = status
        return try await page(view, context)
    }

    func signIn(_ context: WebRequestContext) async throws -> Response {
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
        } catch DoableError.challenge(let code, _) where code == "totp_required" {
            let pending = try await sealed(PendingSignIn(login: login, password: password), context)
            return try await codePage(context, pending: pending, errors: FormErrors(), status: .ok)
        } catch let error as DoableError {
            errors.general = WebErrorMiddleware.message(of: error)
            return try await signInPage(context, login: login, errors: errors, status: error.httpStatus)
        }
    }

    /// The second step: the code (or a recovery code) with the sealed login and password.
    func signInWithCode(_ context: WebRequestContext) async throws -> Response {
        let form = context.web.form
        let key = try await shell.installationKey.derivedKey(PendingSignIn.keyPurpose, domain: shell.renderer.domain)
        guard let sealed = form["pending"],
            let pending = PendingSignIn.opened(sealed, with: key, browser: context.web.csrfToken)
        else {
            var errors = FormErrors()
            errors.general = "Signing in took too long, or the page was changed: enter your password again."
            return try await signInPage(context, login: "", errors: errors, status: .badRequest)
        }
        let totp = (form["totp"] ?? "").replacingOccurrences(of: " ", with: "")
        let recovery = form["recoveryCode"] ?? ""
        let usedRecovery = totp.isEmpty && !recovery.isEmpty
        var errors = FormErrors()
        if totp.isEmpty && recovery.isEmpty {
            errors.byField["totp"] = "Enter the 6-digit code from your authenticator app, or one of your recovery codes."
            return try await codePage(context, pending: sealed, errors: errors, status: .badRequest)
        }
        do {
            let (_, session) = try await SignInFlow(accounts: accounts, limiter: shell.limiter).signIn(
                login: pending.login, password: pending.password,
                secondFactor: SecondFactor(totp: totp.isEmpty ? nil : totp, recoveryCode: usedRecovery ? recovery : nil),
                userAgent: context.web.userAgent, address: context.clientAddress)
            return signedIn(session.secret, context: context)
        } catch DoableError.challenge(_, let message) {
            errors.byField[usedRecovery ? "recoveryCode" : "totp"] = message
            return try await codePage(
                context, pending: sealed, errors: errors, usedRecoveryCode: usedRecovery, status: .unauthorized)
        } catch let error as DoableError {
            // The password changed meanwhile, the account was disabled, or too many tries: start again.
            errors.general =
                error.isUnauthenticated ? "The email, username or password is not correct." : error.message
            return try await signInPage(context, login: pending.login, errors: errors, status: error.httpStatus)
        }
    }

    private func codePage(
        _ context: WebRequestContext, pending: String, errors: FormErrors, usedRecoveryCode: Bool = false,
        status: HTTPResponse.Status
    ) async throws -> Response {
        let next = Self.safeBack(context.web.form["next"], default: "/today")
        var view = SignInCodePage(
            pending: pending, next: next, errors: errors, usedRecoveryCode: usedRecoveryCode, csrf: csrfField(context)
        ).page
        view.status = status
        return try await page(view, context)
    }

    private func sealed(_ pending: PendingSignIn, _ context: WebRequestContext) async throws -> String {
        let key = try await shell.installationKey.derivedKey(PendingSignIn.keyPurpose, domain: shell.renderer.domain)
        return try pending.sealed(with: key, browser: context.web.csrfToken)
    }

    func signedIn(_ secret: String, context: WebRequestContext) -> Response {
        let next = Self.safeBack(context.web.form["next"], default: "/today")
        var response = WebResponse.redirect(next == "/" ? "/today" : next)
        response.headers.append(
            HTTPField(
                name: .setCookie,
                value: WebCookie.make(
                    WebCookie.session, secret, secure: context.web.isSecure, maxAge: 90 * 86_400)))
        return response
    }
}

extension DoableError {
    fileprivate var isUnauthenticated: Bool {
        if case .unauthenticated = self { return true }
        return false
    }
}
