import DoableAPI
import DoableArt
import DoableContractMapping
import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Hummingbird

/// ACC-8 to ACC-11: forgotten passwords, email verification, two-factor sign-in, and the sessions and devices list.
struct AccountSecurityController: Sendable {
    let accounts: AccountService
    let limiter: SignInLimiter
    let mailer: AccountMailer

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("password-resets", use: requestReset)
        group.post("password-resets/{token}", use: resetPassword)
        group.post("email-verifications/{token}", use: verifyEmail)
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("sessions", use: sessions)
        group.delete("sessions/{id}", use: endSession)
        group.post("me/email-verification", use: sendVerification)
        group.get("me/totp", use: twoFactorStatus)
        group.post("me/totp", use: startTwoFactor)
        group.post("me/totp/confirm", use: confirmTwoFactor)
        group.delete("me/totp", use: disableTwoFactor)
        group.post("me/totp/recovery-codes", use: renewRecoveryCodes)
    }

    /// ACC-8: always 202, whether the address has an account or not; limited per address here and per account in
    /// the domain (a limited account gets no email, and the same answer).
    @Sendable func requestReset(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.requestPasswordReset)
        let email = try body.required("email", body.string)
        guard email.count <= 254 else { throw DoableError.invalid("email", "The email is at most 254 characters.") }
        try limiter.admitEmailRequest(address: context.clientAddress)
        if let issued = try await accounts.requestPasswordReset(email: email) { mailer.passwordReset(issued) }
        return JSONResponse.make(
            AcceptedDTO(
                message: mailer.canSend
                    ? "If an account has this address, a link to reset its password is on its way; it works for an hour."
                    : "This server cannot send email: ask its admin for a reset link (doable admin reset-password)."),
            status: .accepted)
    }

    /// ACC-8: sets the new password; every session, token and app password of the account ends.
    @Sendable func resetPassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.resetPassword)
        let password = try body.required("password", body.string)
        let token = context.parameters.get("token") ?? ""
        _ = try await accounts.resetPassword(token: token, password: password, signIn: false, device: nil)
        return JSONResponse.noContent()
    }

    @Sendable func verifyEmail(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try await accounts.verifyEmail(token: context.parameters.get("token") ?? "")
        return JSONResponse.make(AccountDTO(account))
    }

    /// ACC-9: sends a new verification link (202), or 409 when the address is verified already.
    @Sendable func sendVerification(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        guard mailer.canSend else {
            throw DoableError.conflict(
                code: "no_mail_server", field: nil, message: "This server cannot send email (no --smtp-url).")
        }
        try limiter.admitEmailRequest(address: context.clientAddress)
        guard let issued = try await accounts.requestEmailVerification(identity) else {
            throw DoableError.conflict(
                code: "already_verified", field: nil, message: "Your email address is confirmed already.")
        }
        mailer.emailVerification(issued)
        return JSONResponse.make(
            AcceptedDTO(message: "A confirmation link is on its way to \(issued.link.email); it works for a day."),
            status: .accepted)
    }

    @Sendable func sessions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let credentials = try await accounts.credentials(identity)
        return JSONResponse.make(["sessions": credentials.map { CredentialDTO($0, current: identity.credential.id) }])
    }

    /// ACC-11: ends one session, token or app password of the caller's (the caller's own too).
    @Sendable func endSession(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await accounts.revokeCredential(try context.requireWriter(), id: try context.pathID())
        return JSONResponse.noContent()
    }

    @Sendable func twoFactorStatus(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireIdentity().account
        return JSONResponse.make(
            TwoFactorStatusDTO(
                enabled: account.hasTwoFactor, pending: account.twoFactor != nil && !account.hasTwoFactor,
                recoveryCodesLeft: account.hasTwoFactor ? account.twoFactor?.recoveryCodeHashes.count ?? 0 : 0))
    }

    @Sendable func startTwoFactor(_ request: Request, context: AppRequestContext) async throws -> Response {
        let enrolment = try await accounts.startTwoFactor(try context.requireWriter())
        return JSONResponse.make(Self.enrolmentDTO(enrolment), status: .created)
    }

    static func enrolmentDTO(_ enrolment: TwoFactorEnrolment) -> TwoFactorEnrolmentDTO {
        TwoFactorEnrolmentDTO(
            secret: enrolment.secret, otpauthUri: enrolment.otpauthURI,
            qrSvg: QRCode(text: enrolment.otpauthURI)?.svg(label: "QR code for your authenticator app") ?? "")
    }

    @Sendable func confirmTwoFactor(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.confirmTwoFactor)
        let code = try body.required("code", body.string)
        let codes = try await accounts.confirmTwoFactor(identity, code: code)
        return JSONResponse.make(RecoveryCodesDTO(recoveryCodes: codes.map(\.description)))
    }

    /// ACC-10: needs the password (checked through the sign-in limits) and a code.
    @Sendable func disableTwoFactor(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.disableTwoFactor)
        let password = try body.required("password", body.string)
        let factor = try body.secondFactor()
        try await limiter.checkingPassword(of: identity, field: "password", context: context) {
            try await accounts.disableTwoFactor(identity, password: password, secondFactor: factor)
        }
        return JSONResponse.noContent()
    }

    @Sendable func renewRecoveryCodes(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.secondFactor)
        let codes = try await accounts.renewRecoveryCodes(identity, secondFactor: try body.secondFactor())
        return JSONResponse.make(RecoveryCodesDTO(recoveryCodes: codes.map(\.description)))
    }
}
