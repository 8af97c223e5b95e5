/// ACC-1 to ACC-8: accounts, sign-in, sessions and API tokens, profiles, and who is an admin, as one service over the shared core (`DomainService`).
public struct AccountService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }
}

extension Domain {
    /// Accounts, sign-in and credentials.
    public var accounts: AccountService { AccountService(domain: self) }
}
