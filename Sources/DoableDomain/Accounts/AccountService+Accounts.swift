public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

extension AccountService {
    /// ACC-1: creates the account with its Inbox and signs it in. ACC-12: as the installation's registration mode
    /// allows — with `invitation` (the link's secret) when it is by invitation; an invitation to a list also makes
    /// the new member a member of that list.
    public func register(_ input: Registration, device: ClientDevice? = nil, invitation: String? = nil) async throws
        -> (Account, IssuedCredential)
    {
        let invited = try await admission(email: input.email, invitation: invitation)
        return try await createAccount(input, device: device, invitation: invited)
    }

    /// ACC-1 without the registration mode's say: `doable admin create`, and `register` once it admitted the person.
    func createAccount(_ input: Registration, device: ClientDevice?, invitation: Invitation?, isAdmin: Bool = false)
        async throws -> (Account, IssuedCredential)
    {
        let now = clock()
        let email = try Rules.email(input.email)
        let username = try Rules.username(input.username)
        try Rules.password(input.password)
        let firstName = try Rules.personName(input.firstName, field: "firstName")
        let lastName = try Rules.personName(input.lastName, field: "lastName")
        let genderDescription = try Rules.gender(input.gender, description: input.genderDescription)
        if let dateOfBirth = input.dateOfBirth {
            try Rules.dateOfBirth(dateOfBirth, today: CivilDate.today(in: .gmt, now: now))
        }
        let phone = try input.phone.map(Rules.phone)
        if try await store.account(login: email) != nil {
            throw DoableError.conflict(code: "already_exists", field: "email", message: Domain.duplicateMessage("email"))
        }
        if try await store.account(login: username) != nil {
            throw DoableError.conflict(
                code: "already_exists", field: "username",
                message: Domain.duplicateMessage("username"))
        }
        let accountID = AccountID.make(at: now)
        let inbox = TaskList(
            id: .make(at: now), ownerID: accountID, name: "Inbox", color: "blue", isInbox: true,
            rank: RankKey.between(nil, nil), createdAt: now, updatedAt: now)
        let account = Account(
            id: accountID, email: email, username: username, passwordHash: try await domain.passwords.hash(input.password),
            firstName: firstName, lastName: lastName, gender: input.gender, genderDescription: genderDescription,
            dateOfBirth: input.dateOfBirth, educationLevel: input.educationLevel, phone: phone, isAdmin: isAdmin,
            inboxID: inbox.id, createdAt: now, updatedAt: now)
        let session = makeSession(for: accountID, now: now, device: device)
        var batch = WriteBatch(
            [.putAccount(account), .putList(inbox)] + sessionOperations(session), now: now)
        if let invitation {
            batch.operations += try await accepting(invitation, by: account, now: now)
        }
        try await domain.commit(batch, by: accountID)
        return (account, session)
    }

    /// A new session's rows: the credential, and the account seen now (ADMIN-1's "last seen").
    func sessionOperations(_ session: IssuedCredential) -> [WriteBatch.Operation] {
        let credential = session.credential
        return [
            .putCredential(credential),
            .touchCredential(credential.id, credential.accountID, at: credential.createdAt, address: credential.address),
        ]
    }

    func makeSession(for accountID: AccountID, now: Timestamp, device: ClientDevice? = nil) -> IssuedCredential {
        let token = SecretToken.make(prefix: "dses_")
        let credential = Credential(
            id: .make(at: now), accountID: accountID, kind: .session, name: "Session",
            scope: .readWrite, secretHash: token.hash, createdAt: now,
            expiresAt: now.adding(seconds: 90 * 86_400), deviceName: device?.name, address: device?.address,
            lastUsedAt: now)
        return IssuedCredential(credential: credential, secret: token.secret)
    }

    /// The account a login names: its email or username in any case, ignoring spaces around it (ACC-2).
    public func account(login: String) async throws -> Account? {
        try await store.account(login: login.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Issue 27, finding 6: what a sign-in with a login that names no account costs — a bcrypt check like a wrong
    /// password's — so that the time of the answer does not tell whether an account exists.
    public func refuseUnknownLogin(password: String) async throws {
        try await domain.passwords.verifyAgainstNothing(password)
    }

    /// ACC-2: checks the password and opens a session; nil when the password is wrong. The caller applies the rate
    /// limit, keyed on the account (`SignInFlow`). A disabled account is refused with its reason, once the password
    /// proved the caller its member (ADMIN-1); an account with a second factor needs its code (ACC-10).
    public func signIn(
        _ account: Account, password: String, secondFactor: SecondFactor? = nil, device: ClientDevice? = nil
    ) async throws -> IssuedCredential? {
        guard try await domain.passwords.verify(password, hash: account.passwordHash) else { return nil }
        if account.isDisabled { throw Self.disabledError(account) }
        var batch = WriteBatch(now: clock())
        if account.hasTwoFactor {
            batch.operations += try await passSecondFactor(secondFactor, of: account)
        }
        let session = makeSession(for: account.id, now: clock(), device: device)
        batch.operations += sessionOperations(session)
        try await domain.commit(batch, by: account.id)
        return session
    }

    /// ADMIN-1: what a disabled member is told when their password was right.
    static func disabledError(_ account: Account) -> DoableError {
        let reason = account.disabledReason.map { " The reason given: “\($0)”." } ?? ""
        return .refused(
            code: "account_disabled", field: nil,
            message: "An admin disabled this account.\(reason) Ask them to enable it again.")
    }

    /// Who holds this secret, if it is a live credential of an enabled account.
    public func authenticate(secret: String) async throws -> Identity? {
        try await liveIdentity(secretHash: SecretToken.hashOf(secret))
    }

    /// Whether the identity's credential still holds (not revoked or expired, the account not disabled or gone):
    /// long-lived requests such as the event stream ask now and then.
    public func isStillSignedIn(_ identity: Identity) async throws -> Bool {
        try await liveIdentity(secretHash: identity.credential.secretHash)?.credential.id == identity.credential.id
    }

    /// The credential with this secret hash and its account, if the credential has not expired and the account is
    /// enabled.
    func liveIdentity(secretHash: String) async throws -> Identity? {
        guard let (credential, account) = try await store.identity(secretHash: secretHash) else { return nil }
        if let expiresAt = credential.expiresAt, expiresAt <= clock() { return nil }
        guard !account.isDisabled else { return nil }
        return Identity(account: account, credential: credential)
    }

    /// ACC-2: sign out ends this session only.
    public func signOut(_ identity: Identity) async throws {
        try await domain.commit(WriteBatch([.deleteCredential(identity.credential)], now: clock()), by: identity.account.id)
    }

    /// ACC-2 (issue 10, finding 9): sign out everywhere ends every credential of the account — sessions, access
    /// tokens and app passwords, this session included. Each request reads its credential afresh, so none of them
    /// is accepted once this returns.
    public func signOutEverywhere(_ identity: Identity) async throws {
        try await domain.commit(
            WriteBatch(
                [
                    .deleteCredentials(
                        identity.account.id, kinds: Credential.Kind.allCases,
                        except: nil)
                ], now: clock()), by: identity.account.id)
    }

    /// ACC-4 (issue 10, finding 9): needs the current password; ends every other credential of the account —
    /// sessions, access tokens, app passwords — keeping only the caller's session (a token used to change the
    /// password ends too: whoever holds it may be who the change shuts out).
    public func changePassword(_ identity: Identity, current: String, new: String) async throws {
        try Rules.password(new, field: "newPassword")
        try await requirePassword(current, of: identity.account, field: "currentPassword")
        let hash = try await domain.passwords.hash(new)
        try await perform(by: identity.account.id) {
            guard var account = try await store.account(id: identity.account.id) else {
                throw DoableError.unauthenticated("Your session has ended.")
            }
            account.passwordHash = hash
            account.updatedAt = clock()
            account.version += 1
            let batch = WriteBatch(
                [
                    .putAccount(account),
                    .deleteCredentials(
                        account.id, kinds: Credential.Kind.allCases,
                        except: identity.credential.kind == .session ? identity.credential.id : nil),
                ], now: clock())
            return (batch, ())
        }
    }

    func requirePassword(_ password: String, of account: Account, field: String) async throws {
        guard try await domain.passwords.verify(password, hash: account.passwordHash) else {
            throw DoableError.forbidden("The password is not correct.", field: field)
        }
    }

    /// ACC-3 and ACC-7: edits the caller's own profile and preferences.
    public func updateProfile(_ identity: Identity, _ patch: ProfilePatch, ifVersion expected: Int64? = nil)
        async throws -> Account
    {
        try await perform(by: identity.account.id) {
            guard var account = try await store.account(id: identity.account.id) else {
                throw DoableError.unauthenticated("Your session has ended.")
            }
            try require(version: account.version, expected: expected, of: "account")
            if let email = patch.email {
                let email = try Rules.email(email)
                // ACC-9: a new address is not proved the member's by the old one's link.
                if Rules.matchKey(email) != Rules.matchKey(account.email) { account.emailVerifiedAt = nil }
                account.email = email
            }
            if let username = patch.username { account.username = try Rules.username(username) }
            if let firstName = patch.firstName { account.firstName = try Rules.personName(firstName, field: "firstName") }
            if let lastName = patch.lastName { account.lastName = try Rules.personName(lastName, field: "lastName") }
            if let gender = patch.gender { account.gender = gender }
            if let description = patch.genderDescription { account.genderDescription = description }
            if patch.gender != nil && patch.genderDescription == nil && account.gender != .selfDescribed {
                account.genderDescription = nil
            }
            account.genderDescription = try Rules.gender(account.gender, description: account.genderDescription)
            if let dateOfBirth = patch.dateOfBirth {
                if let dateOfBirth { try Rules.dateOfBirth(dateOfBirth, today: CivilDate.today(in: .gmt, now: clock())) }
                account.dateOfBirth = dateOfBirth
            }
            if let level = patch.educationLevel { account.educationLevel = level }
            if let phone = patch.phone { account.phone = try phone.map(Rules.phone) }
            if let showEmail = patch.showEmail { account.showEmail = showEmail }
            if let showPhone = patch.showPhone { account.showPhone = showPhone }
            let wasPlaying = account.preferences.gameOptIn
            if let preferences = patch.preferences { account.preferences = try apply(preferences, to: account.preferences) }
            account.updatedAt = clock()
            account.version += 1
            let game = try await domain.game.gameSwitchOperations(
                account, turningOn: !wasPlaying && account.preferences.gameOptIn, now: clock())
            return (WriteBatch([.putAccount(account)] + game, now: clock()), account)
        }
    }

    func apply(_ patch: PreferencesPatch, to preferences: Preferences) throws -> Preferences {
        var result = preferences
        if let zone = patch.timeZone { result.timeZone = try Rules.timeZone(zone) }
        if let weekStart = patch.weekStart { result.weekStart = weekStart }
        if let theme = patch.theme { result.theme = theme }
        if let accent = patch.accentColor {
            result.accentColor = try Rules.color(accent, field: "preferences.accentColor")
        }
        if let sort = patch.defaultSort { result.defaultSort = sort }
        if let quietHours = patch.quietHours {
            if let quietHours {
                _ = try Rules.clockTime(quietHours.start, field: "preferences.quietHours.start")
                _ = try Rules.clockTime(quietHours.end, field: "preferences.quietHours.end")
            }
            result.quietHours = quietHours
        }
        if let inApp = patch.inApp { result.notificationChannels.inApp = inApp }
        if let email = patch.email { result.notificationChannels.email = email }
        if let webhook = patch.webhook { result.notificationChannels.webhook = webhook }
        if let push = patch.push { result.notificationChannels.push = push }
        // After the defaults: a kind changed in part starts from what it has now, the new defaults included.
        for (kind, change) in patch.byKind.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard PreferencesPatch.kindsWithChannels.contains(kind) else {
                throw DoableError.invalid(
                    "preferences.notificationChannels.byKind.\(kind.rawValue)",
                    "'\(kind.rawValue)' notifications are shown in the app only.")
            }
            var channels = result.notificationChannels.channels(for: kind)
            if let inApp = change.inApp { channels.inApp = inApp }
            if let email = change.email { channels.email = email }
            if let webhook = change.webhook { channels.webhook = webhook }
            if let push = change.push { channels.push = push }
            result.notificationChannels.byKind[kind.rawValue] = channels
        }
        if let gameOptIn = patch.gameOptIn { result.gameOptIn = gameOptIn }
        if let calDAV = patch.calDAVAccountPassword { result.calDAVAccountPassword = calDAV }
        return result
    }

    /// ACC-3: another member's public profile, or nil when there is no such (enabled) member.
    public func publicProfile(username: String) async throws -> Account? {
        guard (try? Rules.username(username)) != nil, let account = try await store.account(login: username),
            account.username.lowercased() == username.lowercased(), !account.isDisabled
        else { return nil }
        return account
    }

    /// ACC-6: deletes the account and everything that is its own, at once. Needs the password.
    /// What other accounts see changes first, in the same transaction and with their feed entries: the members of
    /// its lists lose them (their devices see the delete), its memberships in others' lists end, their tasks
    /// assigned to it lose the assignee, its comments and its labels on their tasks go. The account's own rows then
    /// go explicitly, never by a cascade. A row that refers to it added meanwhile (a task assigned, a comment) makes
    /// the delete fail on its reference and start again from fresh reads.
    public func deleteAccount(_ identity: Identity, password: String) async throws {
        try await requirePassword(password, of: identity.account, field: "password")
        try await removeAccount(identity.account.id) { _, _ in [] }
    }

    /// ACC-6's delete, for the member or an admin (ADMIN-1): `extra` adds operations (the audit entry).
    func removeAccount(
        _ id: AccountID, extra: @escaping @Sendable (Account, Timestamp) -> [WriteBatch.Operation]
    ) async throws {
        try await perform(by: id) {
            guard let account = try await store.account(id: id) else {
                throw DoableError.unauthenticated("Your session has ended.")
            }
            let now = clock()
            var batch = WriteBatch(now: now)
            var othersTasks: [TaskID: TaskItem] = [:]
            for task in try await store.tasks(assignedTo: account.id) where task.ownerID != account.id {
                othersTasks[task.id, default: task].assigneeID = nil
            }
            for label in try await store.labels(ownerID: account.id) {
                for task in try await store.tasks(labelID: label.id) where task.ownerID != account.id {
                    othersTasks[task.id, default: task].labelIDs.removeAll { $0 == label.id }
                }
            }
            for var task in othersTasks.values.sorted(by: { $0.id < $1.id }) {
                task.updatedAt = now
                task.version += 1
                batch.append(.putTask(task))
            }
            for comment in try await store.comments(authorID: account.id) {
                if let task = try await store.task(id: comment.taskID), task.ownerID != account.id {
                    batch.append(.deleteComment(comment))
                }
            }
            for list in try await store.lists(ownerID: account.id) + store.trash(ownerID: account.id).lists {
                for membership in try await store.memberships(listID: list.id) {
                    batch.append(.deleteMembership(membership))
                }
            }
            for membership in try await store.memberships(accountID: account.id) {
                if var list = try await store.list(id: membership.listID) {
                    list.updatedAt = now
                    list.version += 1
                    batch.append(.putList(list))
                }
                batch.append(.deleteMembership(membership))
            }
            batch.operations += try await domain.market.marketLeaving(account, now: now)
            batch.operations += extra(account, now)
            batch.append(.deleteAccount(account))
            return (batch, ())
        }
    }
}
