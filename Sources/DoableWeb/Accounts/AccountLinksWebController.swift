import DoableArt
import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-8 and ACC-9 in the browser: "Forgot your password?" (`/forgot-password`) sends a single-use link valid an
/// hour, and answers the same whether the address has an account or not; the link (`/reset-password/{secret}`) asks
/// for the new password, ends every session, token and app password, and signs this browser in (not with two-factor
/// sign-in on: then the sign-in page asks for the code). Without a mail server the page says to ask the admin.
/// `/verify-email/{secret}` confirms an address; `POST /verify-email` sends the link again (the banner's button).
struct AccountLinksWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("forgot-password") { _, context in
            try await forgotPage(context, email: "", errors: FormErrors(), isSent: false)
        }
        web.post("forgot-password") { _, context in try await requestReset(context) }
        web.get("reset-password/{token}") { _, context in
            let token = context.parameters.get("token") ?? ""
            do {
                try await accounts.checkPasswordResetLink(token)
            } catch let error as DoableError {
                return try await deadLink(context, error)
            }
            return try await resetPage(context, token: token, errors: FormErrors())
        }
        web.post("reset-password/{token}") { _, context in try await reset(context) }
        web.get("verify-email/{token}") { _, context in try await verify(context) }
        web.post("verify-email") { _, context in try await resendVerification(context) }
    }

    // MARK: ACC-8

    private func forgotPage(
        _ context: WebRequestContext, email: String, errors: FormErrors, isSent: Bool,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var view = ForgotPasswordPage(
            email: email, errors: errors, isSent: isSent, canSendEmail: shell.accountMailer.canSend,
            csrf: csrfField(context)
        ).page
        view.status = status
        return try await page(view, context)
    }

    private func requestReset(_ context: WebRequestContext) async throws -> Response {
        let email = (context.web.form["email"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = FormErrors()
        guard shell.accountMailer.canSend else {
            // No mail server: the page says to ask the admin (a refusal of this server's set-up, never a 5xx).
            return try await forgotPage(context, email: email, errors: errors, isSent: false, status: .conflict)
        }
        do {
            _ = try Rules.email(email)
        } catch let error as DoableError {
            errors = FormErrors(error, fields: ["email"])
            return try await forgotPage(context, email: email, errors: errors, isSent: false, status: .badRequest)
        }
        do {
            // The address's share of emails is the limiter's (10 in 15 minutes); the account's the domain's (3 an hour).
            try shell.limiter.admitEmailRequest(address: context.clientAddress)
        } catch let error as DoableError {
            errors.general = error.message
            return try await forgotPage(context, email: email, errors: errors, isSent: false, status: error.httpStatus)
        }
        // The same answer whether or not the address has an account (ACC-8): the email goes out after the answer.
        if let issued = try await accounts.requestPasswordReset(email: email) {
            shell.accountMailer.passwordReset(issued)
        }
        return try await forgotPage(context, email: email, errors: errors, isSent: true)
    }

    private func resetPage(
        _ context: WebRequestContext, token: String, errors: FormErrors, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var view = ResetPasswordPage(token: token, errors: errors, csrf: csrfField(context)).page
        view.status = status
        return try await page(view, context)
    }

    private func reset(_ context: WebRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let form = context.web.form
        let password = form["password"] ?? ""
        var errors = FormErrors()
        if password.isEmpty {
            errors.byField["password"] = "Choose a new password of 8 to 72 bytes."
        } else if password != form["confirmPassword"] {
            errors.byField["confirmPassword"] = "The two passwords differ; type the new one again."
        }
        guard errors.isEmpty else { return try await resetPage(context, token: token, errors: errors, status: .badRequest) }
        do {
            let (_, session) = try await accounts.resetPassword(
                token: token, password: password, signIn: true,
                device: ClientDevice(userAgent: context.web.userAgent, address: context.clientAddress))
            // Whatever session this browser had ended with the others.
            guard let session else { return WebResponse.redirect("/signin?reset=1") }
            var response = WebResponse.done(
                context, redirect: "/today",
                toast: Flash(
                    message: "Password changed. Every other session, token and app password was ended."))
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: WebCookie.make(
                        WebCookie.session, session.secret, secure: context.web.isSecure, maxAge: 90 * 86_400)))
            return response
        } catch let error as DoableError {
            if case .notFound = error { return try await deadLink(context, error) }
            errors = FormErrors(error, fields: ["password"])
            return try await resetPage(context, token: token, errors: errors, status: error.httpStatus)
        }
    }

    /// A reset or verification link that is unknown, used or expired: a page that says so and what to do.
    private func deadLink(_ context: WebRequestContext, _ error: DoableError) async throws -> Response {
        var view = WebPages.problem(title: "This link does not work", message: error.message)
        view.status = .notFound
        return try await page(view, context)
    }

    // MARK: ACC-9

    private func verify(_ context: WebRequestContext) async throws -> Response {
        let account: Account
        do {
            account = try await accounts.verifyEmail(token: context.parameters.get("token") ?? "")
        } catch let error as DoableError {
            return try await deadLink(context, error)
        }
        if context.identity?.account.id == account.id {
            return WebResponse.done(
                context, redirect: "/today", toast: Flash(message: "Thank you: \(account.email) is confirmed."))
        }
        let view = WebPage(
            title: "Email confirmed",
            main: """
                <div class="narrow auth"><h1>Email address confirmed</h1>
                <p>Thank you: \(account.email) is confirmed as the address of \(account.username).</p>
                <p><a class="button primary" href="\(context.identity == nil ? "/signin" : "/today")">\(context.identity == nil ? "Sign in" : "Back to Today")</a></p></div>
                """)
        return try await page(view, context)
    }

    private func resendVerification(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let back = Self.safeBack(context.web.form["back"], default: "/today")
        do {
            guard let issued = try await accounts.requestEmailVerification(identity) else {
                return WebResponse.done(context, redirect: back, toast: Flash(message: "Your email address is confirmed already."))
            }
            shell.accountMailer.emailVerification(issued)
            return WebResponse.done(
                context, redirect: back,
                toast: Flash(message: "Sent a new link to \(identity.account.email). It works for a day."))
        } catch DoableError.rateLimited(_, let message) {
            return WebResponse.done(context, redirect: back, toast: Flash(message: message))
        }
    }
}
