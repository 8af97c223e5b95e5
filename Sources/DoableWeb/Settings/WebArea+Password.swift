import DoableCore
import DoableDomain
import DoableHTTP

extension WebArea {
    /// Every check of the password goes through the sign-in limiter, as the API's does (issue 10, finding 8), so a
    /// stolen session cannot guess the password at full speed here either.
    func checkingPassword(
        _ identity: Identity, field: String, context: WebRequestContext,
        _ operation: () async throws -> Void
    ) async throws {
        try await shell.limiter.checkingPassword(of: identity, field: field, context: context, operation)
    }
}
