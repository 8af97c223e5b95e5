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
        /// ACC-11, ADMIN-1: a credential was used at `at` from `address`; the account was seen then.
        case touchCredential(CredentialID, AccountID, at: Timestamp, address: String?)
        /// ACC-8, ACC-9: a single-use emailed link, made or used (its version guards a second use).
        case putAccountLink(AccountLink)
        /// ACC-12: an invitation, made or used (its version guards a second use).
        case putInvitation(Invitation)
        case deleteInvitation(Invitation)
        /// ADMIN-2: one line of the admins' audit log.
        case appendAudit(AuditEntry)
        /// OPS-2: failed sign-ins, kept in the database so that every process counts them.
        case recordSignInFailures(keys: [String], at: Timestamp)
        /// Forgets the failures of one key (the right password forgives the account's), and every failure older
        /// than `before`.
        case clearSignInFailures(key: String?, before: Timestamp)
    }
}

/// `.putAccount(…)` and the others read as before where a batch is made.
@_spi(StoreWriting)
extension WriteBatch.Operation {
    public static func putAccount(_ account: Account) -> Self { .account(.putAccount(account)) }
    public static func deleteAccount(_ account: Account) -> Self { .account(.deleteAccount(account)) }
    public static func putCredential(_ credential: Credential) -> Self { .account(.putCredential(credential)) }
    public static func deleteCredential(_ credential: Credential) -> Self { .account(.deleteCredential(credential)) }
    public static func touchCredential(_ id: CredentialID, _ accountID: AccountID, at: Timestamp, address: String?)
        -> Self
    { .account(.touchCredential(id, accountID, at: at, address: address)) }
    public static func putAccountLink(_ link: AccountLink) -> Self { .account(.putAccountLink(link)) }
    public static func putInvitation(_ invitation: Invitation) -> Self { .account(.putInvitation(invitation)) }
    public static func deleteInvitation(_ invitation: Invitation) -> Self { .account(.deleteInvitation(invitation)) }
    public static func appendAudit(_ entry: AuditEntry) -> Self { .account(.appendAudit(entry)) }
    public static func recordSignInFailures(_ keys: [String], at: Timestamp) -> Self {
        .account(.recordSignInFailures(keys: keys, at: at))
    }
    public static func clearSignInFailures(_ key: String?, before: Timestamp) -> Self {
        .account(.clearSignInFailures(key: key, before: before))
    }
    public static func deleteCredentials(_ accountID: AccountID, kinds: [Credential.Kind], except: CredentialID?) -> Self {
        .account(.deleteCredentials(accountID, kinds: kinds, except: except))
    }
}

extension WriteBatch.AccountOperation {
    /// The row the operation changed, for the change feed (`WriteBatch.feedEntries`).
    var subject: WriteBatch.Subject? {
        switch self {
        case .putAccount(let account): (account.id, .account, account.id.description, .put, nil)
        case .deleteAccount, .putCredential, .deleteCredential, .deleteCredentials, .touchCredential, .putAccountLink,
            .putInvitation, .deleteInvitation, .appendAudit, .recordSignInFailures, .clearSignInFailures:
            nil
        }
    }
}
