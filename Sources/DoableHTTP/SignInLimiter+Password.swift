public import DoableDomain
import DoableCore

extension SignInLimiter {
    /// Every check of a password goes through the sign-in limiter, the API's and the web app's alike (issue 10,
    /// finding 8), so a stolen session cannot guess the password at full speed. A refusal on `field` counts as a
    /// failed sign-in from the caller's address.
    public func checkingPassword(
        of identity: Identity, field: String, context: some IdentifiedRequestContext,
        _ operation: () async throws -> Void
    ) async throws {
        try await admit(address: context.clientAddress)
        try await requireUnlocked(account: identity.account.id)
        do {
            try await operation()
        } catch DoableError.forbidden(let message, let refused) where refused == field {
            await recordFailure(account: identity.account.id, address: context.clientAddress)
            throw DoableError.forbidden(message, field: field)
        }
        await recordSuccess(account: identity.account.id)
    }
}
