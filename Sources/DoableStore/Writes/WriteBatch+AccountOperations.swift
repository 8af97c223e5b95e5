public import DoableCore

/// The write operations of accounts and their credentials (ACC).
@_spi(StoreWriting)
extension WriteBatch {
    public enum AccountOperation: Sendable {
        case putAccount(Account)
        /// Removes the account's own rows (credentials, feed, labels, lists, tasks), which nobody else can see.
        /// What others see (their tasks assigned to it, later shared lists) the domain changes first, in the batch.
        case deleteAccount(Account)
        case putCredential(Credential)
        case deleteCredential(Credential)
        /// Ends an account's credentials of some kinds, keeping `except`.
        case deleteCredentials(AccountID, kinds: [Credential.Kind], except: CredentialID?)
    }
}

/// `.putAccount(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putAccount(_ account: Account) -> Self { .account(.putAccount(account)) }
    public static func deleteAccount(_ account: Account) -> Self { .account(.deleteAccount(account)) }
    public static func putCredential(_ credential: Credential) -> Self { .account(.putCredential(credential)) }
    public static func deleteCredential(_ credential: Credential) -> Self { .account(.deleteCredential(credential)) }
    public static func deleteCredentials(_ accountID: AccountID, kinds: [Credential.Kind], except: CredentialID?) -> Self {
        .account(.deleteCredentials(accountID, kinds: kinds, except: except))
    }
}

extension WriteBatch.AccountOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putAccount(let account): (account.id, .account, account.id.description, .put, nil)
        case .deleteAccount, .putCredential, .deleteCredential, .deleteCredentials: nil
        }
    }
}
