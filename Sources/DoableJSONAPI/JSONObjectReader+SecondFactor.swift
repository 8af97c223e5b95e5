import DoableDomain
import DoableHTTP

extension JSONObjectReader {
    /// ACC-10: the `totp` or `recoveryCode` a sign-in or a guarded action sends.
    func secondFactor() throws -> SecondFactor {
        SecondFactor(totp: try string("totp"), recoveryCode: try string("recoveryCode"))
    }
}
