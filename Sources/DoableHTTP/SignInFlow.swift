public import DoableCore
public import DoableDomain

/// ACC-2 and ACC-10: one sign-in, the same for the API and the web app — the address's delay, the account's
/// lockout, the password (a login that names no account costs a password check too), the disabled account's reason
/// once the password was right, and the second factor. A wrong password or code counts against the account and the
/// address; the right ones forgive the account's failures.
public struct SignInFlow: Sendable {
    let accounts: AccountService
    let limiter: SignInLimiter

    public init(accounts: AccountService, limiter: SignInLimiter) {
        self.accounts = accounts
        self.limiter = limiter
    }

    /// The account and its new session; a 401 (`unauthenticated`, `totp_required`, `totp_invalid`), 403
    /// (`account_disabled`) or 429 otherwise.
    public func signIn(
        login: String, password: String, secondFactor: SecondFactor?, userAgent: String?, address: String
    ) async throws -> (Account, IssuedCredential) {
        try await limiter.admit(address: address)
        let account = try await accounts.account(login: login)
        try await limiter.requireUnlocked(login: login, account: account?.id)
        if account == nil { try await accounts.refuseUnknownLogin(password: password) }
        let device = ClientDevice(userAgent: userAgent, address: address)
        do {
            guard let account,
                let session = try await accounts.signIn(
                    account, password: password, secondFactor: secondFactor, device: device)
            else {
                await limiter.recordFailure(login: login, account: account?.id, address: address)
                throw DoableError.unauthenticated("The login or the password is not correct.")
            }
            await limiter.recordSuccess(account: account.id)
            return (account, session)
        } catch DoableError.challenge(let code, let message) where code == "totp_invalid" {
            await limiter.recordFailure(login: login, account: account?.id, address: address)
            throw DoableError.challenge(code: code, message: message)
        }
    }
}
