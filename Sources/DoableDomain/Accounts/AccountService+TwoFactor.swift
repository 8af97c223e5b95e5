public import DoableCore
@_spi(StoreWriting) import DoableStore

/// ACC-10: what a sign-in or a guarded action sends besides the password: a code from the authenticator app, or
/// one of the recovery codes.
public struct SecondFactor: Sendable {
    public var totp: String?
    public var recoveryCode: String?

    public init(totp: String? = nil, recoveryCode: String? = nil) {
        self.totp = totp
        self.recoveryCode = recoveryCode
    }

    var isEmpty: Bool { (totp ?? "").isEmpty && (recoveryCode ?? "").isEmpty }
}

/// ACC-10: an enrolment begun — the secret for the authenticator app, as text and as an `otpauth://` URI (which
/// the pages draw as a QR code).
public struct TwoFactorEnrolment: Sendable {
    public var secret: String
    public var otpauthURI: String
}

/// ACC-10: two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30 s, a step either side) and ten single-use
/// recovery codes, kept as SHA-256 hashes. A code is accepted once: the step of the last code used is stored with
/// the account, and the account's version makes two processes that accept codes at once commit one of them.
extension AccountService {
    /// Starts (or starts again) enrolment: a new secret, not yet in force.
    public func startTwoFactor(_ identity: Identity) async throws -> TwoFactorEnrolment {
        let secret = TOTP.makeSecret()
        try await perform(by: identity.account.id) {
            var account = try await current(identity)
            guard !account.hasTwoFactor else {
                throw DoableError.conflict(
                    code: "totp_enabled", field: nil,
                    message: "Two-factor sign-in is on already; turn it off first to set up a new app.")
            }
            account.twoFactor = TwoFactor(secret: Base32.encoded(secret))
            return (changed(&account), ())
        }
        return TwoFactorEnrolment(
            secret: Base32.encoded(secret),
            otpauthURI: TOTP.otpauthURI(secret: secret, account: identity.account.username))
    }

    /// The enrolment under way, to show its QR code again; nil when none is.
    public func pendingTwoFactor(_ identity: Identity) -> TwoFactorEnrolment? {
        guard let twoFactor = identity.account.twoFactor, twoFactor.confirmedAt == nil,
            let secret = Base32.decoded(twoFactor.secret)
        else { return nil }
        return TwoFactorEnrolment(
            secret: twoFactor.secret, otpauthURI: TOTP.otpauthURI(secret: secret, account: identity.account.username))
    }

    /// Confirms enrolment with the app's first code; answers the recovery codes, shown this once.
    public func confirmTwoFactor(_ identity: Identity, code: String) async throws -> [RecoveryCode] {
        let codes = RecoveryCode.make()
        try await perform(by: identity.account.id) {
            var account = try await current(identity)
            guard var twoFactor = account.twoFactor, twoFactor.confirmedAt == nil,
                let secret = Base32.decoded(twoFactor.secret)
            else {
                throw DoableError.conflict(
                    code: "totp_not_started", field: nil,
                    message: "Start setting up two-factor sign-in first (POST /api/v1/me/totp).")
            }
            guard let step = TOTP.matchingStep(code: code, secret: secret, at: clock()) else {
                throw DoableError.invalid(
                    "code", "The code is not correct: enter the 6 digits your authenticator app shows now.")
            }
            twoFactor.confirmedAt = clock()
            twoFactor.lastStep = step
            twoFactor.recoveryCodeHashes = codes.map { SecretToken.hashOf($0.normalized) }
            account.twoFactor = twoFactor
            return (changed(&account), ())
        }
        return codes
    }

    /// Turns two-factor sign-in off: needs the password and a code.
    public func disableTwoFactor(_ identity: Identity, password: String, secondFactor: SecondFactor) async throws {
        try await requirePassword(password, of: identity.account, field: "password")
        try await perform(by: identity.account.id) {
            var account = try await current(identity)
            guard account.twoFactor != nil else { return (WriteBatch(now: clock()), ()) }
            if account.hasTwoFactor { _ = try passing(secondFactor, of: &account) }
            account.twoFactor = nil
            return (changed(&account), ())
        }
    }

    /// A new set of recovery codes in place of the old: needs a code.
    public func renewRecoveryCodes(_ identity: Identity, secondFactor: SecondFactor) async throws -> [RecoveryCode] {
        let codes = RecoveryCode.make()
        try await perform(by: identity.account.id) {
            var account = try await current(identity)
            guard account.hasTwoFactor else {
                throw DoableError.conflict(code: "totp_disabled", field: nil, message: "Two-factor sign-in is off.")
            }
            _ = try passing(secondFactor, of: &account)
            account.twoFactor?.recoveryCodeHashes = codes.map { SecretToken.hashOf($0.normalized) }
            return (changed(&account), ())
        }
        return codes
    }

    /// The operations that use up the code sent for a sign-in (or a guarded action) of `account`; a 401
    /// `totp_required` when none was sent, `totp_invalid` when it is wrong or used already.
    func passSecondFactor(_ factor: SecondFactor?, of account: Account) async throws -> [WriteBatch.Operation] {
        var account = account
        _ = try passing(factor, of: &account)
        return changed(&account).operations
    }

    /// ACC-10: creating a token or app password while two-factor sign-in is on needs a code.
    func requireSecondFactor(_ factor: SecondFactor?, of identity: Identity) async throws -> [WriteBatch.Operation] {
        guard identity.account.hasTwoFactor else { return [] }
        return try await passSecondFactor(factor, of: try await current(identity))
    }

    private func passing(_ factor: SecondFactor?, of account: inout Account) throws -> Bool {
        guard let factor, !factor.isEmpty else {
            throw DoableError.challenge(
                code: "totp_required",
                message: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.")
        }
        guard var twoFactor = account.twoFactor, let secret = Base32.decoded(twoFactor.secret) else { return false }
        if let typed = factor.totp, !typed.isEmpty {
            guard let step = TOTP.matchingStep(code: typed, secret: secret, at: clock()),
                step > (twoFactor.lastStep ?? -1)
            else {
                throw DoableError.challenge(
                    code: "totp_invalid",
                    message: "The code is not correct or was used already: enter the next code your app shows.")
            }
            twoFactor.lastStep = step
        } else {
            guard let code = RecoveryCode(typed: factor.recoveryCode ?? ""),
                let index = twoFactor.recoveryCodeHashes.firstIndex(of: SecretToken.hashOf(code.normalized))
            else {
                throw DoableError.challenge(
                    code: "totp_invalid", message: "This recovery code is not one of yours or was used already.")
            }
            twoFactor.recoveryCodeHashes.remove(at: index)
        }
        account.twoFactor = twoFactor
        return true
    }

    /// The caller's account as stored now.
    func current(_ identity: Identity) async throws -> Account {
        guard let account = try await store.account(id: identity.account.id) else {
            throw DoableError.unauthenticated("Your session has ended.")
        }
        return account
    }

    /// A batch that puts the account, one version on.
    func changed(_ account: inout Account) -> WriteBatch {
        account.updatedAt = clock()
        account.version += 1
        return WriteBatch([.putAccount(account)], now: clock())
    }
}
