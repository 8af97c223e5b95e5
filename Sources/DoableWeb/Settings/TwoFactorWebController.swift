import DoableArt
import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ACC-10 in the browser (`/settings/two-factor`, `TwoFactorPage`): start enrolment, confirm it with the app's first
/// code (the answer shows the recovery codes, once), make new recovery codes with a code, and turn it off with the
/// password (through the sign-in limiter, as every password check) and a code.
struct TwoFactorWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("settings/two-factor") { _, context in
            try await twoFactorPage(context, identity: try member(context), errors: FormErrors())
        }
        web.post("settings/two-factor/start") { _, context in
            let identity = try member(context)
            do {
                _ = try await accounts.startTwoFactor(identity)
            } catch let error as DoableError {
                return try await twoFactorPage(
                    context, identity: identity, errors: FormErrors(error, fields: []), status: error.httpStatus)
            }
            return WebResponse.redirect("/settings/two-factor")
        }
        web.post("settings/two-factor/confirm") { _, context in try await confirm(context) }
        web.post("settings/two-factor/recovery-codes") { _, context in try await renew(context) }
        web.post("settings/two-factor/disable") { _, context in try await disable(context) }
    }

    private func twoFactorPage(
        _ context: WebRequestContext, identity: Identity, errors: FormErrors, codes: [RecoveryCode]? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        // Read again: the identity of this request holds the account as it was before the form's change.
        let account = try await accounts.account(login: identity.account.username) ?? identity.account
        let current = Identity(account: account, credential: identity.credential)
        let state: TwoFactorPage.State =
            if account.hasTwoFactor {
                .on(codesLeft: account.twoFactor?.recoveryCodeHashes.count ?? 0)
            } else if let pending = accounts.pendingTwoFactor(current) {
                .pending(pending)
            } else {
                .off
            }
        let content = TwoFactorPage(state: state, recoveryCodes: codes, errors: errors, csrf: csrfField(context))
        return try await settingsPage(context, .twoFactor, body: content.body, status: status)
    }

    private func confirm(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let code = (context.web.form["code"] ?? "").replacingOccurrences(of: " ", with: "")
        var errors = FormErrors()
        guard !code.isEmpty else {
            errors.byField["code"] = "Enter the 6 digits your authenticator app shows now."
            return try await twoFactorPage(context, identity: identity, errors: errors, status: .badRequest)
        }
        do {
            let codes = try await accounts.confirmTwoFactor(identity, code: code)
            return try await twoFactorPage(context, identity: identity, errors: errors, codes: codes)
        } catch let error as DoableError {
            return try await twoFactorPage(
                context, identity: identity, errors: FormErrors(error, fields: ["code"]), status: error.httpStatus)
        }
    }

    private func renew(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let code = (context.web.form["totp"] ?? "").replacingOccurrences(of: " ", with: "")
        var errors = FormErrors()
        do {
            let codes = try await accounts.renewRecoveryCodes(identity, secondFactor: SecondFactor(totp: code))
            return try await twoFactorPage(context, identity: identity, errors: errors, codes: codes)
        } catch let error as DoableError {
            errors.byField["totp"] = error.message
            return try await twoFactorPage(context, identity: identity, errors: errors, status: error.httpStatus)
        }
    }

    private func disable(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        let password = form["password"] ?? ""
        let typed = (form["offCode"] ?? "").trimmingCharacters(in: .whitespaces)
        var errors = FormErrors()
        if password.isEmpty { errors.byField["password"] = "Enter your password." }
        if typed.isEmpty { errors.byField["offCode"] = "Enter a code from your app, or a recovery code." }
        guard errors.isEmpty else {
            return try await twoFactorPage(context, identity: identity, errors: errors, status: .badRequest)
        }
        // Six digits are a code from the app; anything else is read as a recovery code.
        let digits = typed.replacingOccurrences(of: " ", with: "")
        let isTOTP = digits.count == 6 && digits.allSatisfy(\.isNumber)
        let factor = isTOTP ? SecondFactor(totp: digits) : SecondFactor(recoveryCode: typed)
        do {
            try await checkingPassword(identity, field: "password", context: context) {
                try await accounts.disableTwoFactor(identity, password: password, secondFactor: factor)
            }
        } catch let error as DoableError {
            switch error {
            case .challenge(_, let message): errors.byField["offCode"] = message
            default: errors = FormErrors(error, fields: ["password"])
            }
            return try await twoFactorPage(context, identity: identity, errors: errors, status: error.httpStatus)
        }
        return WebResponse.done(
            context, redirect: "/settings/two-factor",
            toast: Flash(message: "Two-factor sign-in is off. Signing in needs only your password."))
    }
}
