import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

/// Every `Store` engine must behave the same: each test runs once per engine in `Engine.available`, on a fresh
/// store. Serialized, because PostgreSQL cases share one server.
@Suite(.serialized)
struct StoreConformanceTests {
    // MARK: Accounts (ACC)

    @Test(arguments: Engine.available)
    func ACC1_accountIsFoundByIdEmailOrUsernameIgnoringCase(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (account, _) = try await store.register("Ada_L", email: "Ada.Lovelace@Example.com")

            let byID = try await store.account(id: account.id)
            let byEmail = try await store.account(login: "ada.lovelace@EXAMPLE.COM")
            let byUsername = try await store.account(login: "ada_l")
            let unknown = try await store.account(login: "nobody")
            let unknownID = try await store.account(id: .make())
            #expect(byID == account)
            #expect(byEmail == account)
            #expect(byUsername == account)
            #expect(unknown == nil)
            #expect(unknownID == nil)
        }
    }

    @Test(arguments: Engine.available)
    func ACC1_everyAccountFieldRoundTrips(engine: Engine) async throws {
        try await withStore(engine) { store in
            var preferences = Preferences()
            preferences.timeZone = "Europe/Zurich"
            preferences.theme = .dark
            preferences.defaultSort = .due
            preferences.quietHours = .init(start: "22:00", end: "07:00", mode: .defer)
            preferences.notificationChannels.webhook = true
            preferences.gameOptIn = true
            let account = makeAccount("grace") {
                $0.gender = .selfDescribed
                $0.genderDescription = "Two-spirit"
                $0.dateOfBirth = CivilDate(year: 1906, month: 12, day: 9)
                $0.educationLevel = .doctorate
                $0.phone = "+41446681800"
                $0.showEmail = true
                $0.showPhone = true
                $0.isAdmin = true
                $0.isDisabled = true
                $0.preferences = preferences
                $0.firstName = "Grace ✨"
            }
            try await store.write(.putAccount(account), .putList(makeInbox(of: account)))

            let stored = try await store.account(id: account.id)
            #expect(stored == account)
        }
    }

    @Test(arguments: Engine.available)
    func ACC1_emailAndUsernameAreUniqueIgnoringCase(engine: Engine) async throws {
        try await withStore(engine) { store in
            _ = try await store.register("ada", email: "ada@example.com")

            let sameEmail = makeAccount("other", email: "ADA@example.COM")
            let emailError = await error { try await store.write(.putAccount(sameEmail)) }
            let sameUsername = makeAccount("ADA", email: "someone@example.com")
            let usernameError = await error { try await store.write(.putAccount(sameUsername)) }

            #expect(emailError as? StoreError == .duplicate(key: "email"))
            #expect(usernameError as? StoreError == .duplicate(key: "username"))
            let missing = try await store.account(id: sameEmail.id)
            #expect(missing == nil)
        }
    }

    @Test(arguments: Engine.available)
    func SYNC2_aStalePutIsAVersionConflictAndChangesNothing(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (account, inbox) = try await store.register("ada")
            let task = makeTask(in: inbox, "Write notes")
            try await store.write(.putTask(task))

            let renamed = edited(account) { $0.firstName = "Augusta" }
            try await store.write(.putAccount(renamed))
            let stale = edited(account) { $0.firstName = "Stale" }
            let accountError = await error { try await store.write(.putAccount(stale)) }

            let moved = edited(task) { $0.title = "Write the notes" }
            try await store.write(.putTask(moved))
            let staleTask = edited(task) { $0.title = "Stale" }
            let taskError = await error { try await store.write(.putTask(staleTask)) }
            let skipped = edited(edited(moved) { $0.title = "Skipped" }) { _ in }
            let skipError = await error { try await store.write(.putTask(skipped)) }
            let reinserted = makeTask(in: inbox, "Again") { $0.id = task.id }
            let insertError = await error { try await store.write(.putTask(reinserted)) }

            #expect(accountError as? StoreError == .versionConflict(entity: "accounts", id: account.id.description))
            #expect(taskError as? StoreError == .versionConflict(entity: "tasks", id: task.id.description))
            #expect(isVersionConflict(skipError))
            #expect(isVersionConflict(insertError))
            let storedAccount = try await store.account(id: account.id)
            let storedTask = try await store.task(id: task.id)
            #expect(storedAccount == renamed)
            #expect(storedTask == moved)
        }
    }

    // MARK: Credentials (ACC-2, ACC-5)

    @Test(arguments: Engine.available)
    func ACC5_credentialIsFoundBySecretHashOnly(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (account, _) = try await store.register("ada")
            var token = makeCredential(account, kind: .accessToken, secret: "s3cret", created: 5)
            token.scope = .read
            token.expiresAt = at(3600)
            let session = makeCredential(account, kind: .session, created: 1)
            let changes = try await store.write(.putCredential(token), .putCredential(session))

            let found = try await store.credential(secretHash: "sha256:s3cret")
            let notFound = try await store.credential(secretHash: "sha256:S3CRET")
            let all = try await store.credentials(of: account.id)
            #expect(found == token)
            #expect(notFound == nil)
            #expect(all == [session, token])
            #expect(changes.isEmpty)

            try await store.write(.deleteCredential(token))
            let afterRevoke = try await store.credentials(of: account.id)
            #expect(afterRevoke == [session])
        }
    }

    @Test(arguments: Engine.available)
    func ACC2_signOutEverywhereKeepsTheCurrentSessionAndOtherKinds(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (account, _) = try await store.register("ada")
            let (other, _) = try await store.register("bob")
            let current = makeCredential(account, kind: .session, created: 1)
            let phone = makeCredential(account, kind: .session, created: 2)
            let laptop = makeCredential(account, kind: .session, created: 3)
            let token = makeCredential(account, kind: .accessToken, created: 4)
            let appPassword = makeCredential(account, kind: .appPassword, created: 5)
            let othersSession = makeCredential(other, kind: .session, created: 6)
            try await store.write(
                .putCredential(current), .putCredential(phone), .putCredential(laptop),
                .putCredential(token), .putCredential(appPassword), .putCredential(othersSession))

            try await store.write(.deleteCredentials(account.id, kinds: [.session], except: current.id))
            let afterSignOut = try await store.credentials(of: account.id)
            #expect(afterSignOut == [current, token, appPassword])

            try await store.write(.deleteCredentials(account.id, kinds: [], except: nil))
            let afterNoKinds = try await store.credentials(of: account.id)
            #expect(afterNoKinds == [current, token, appPassword])

            try await store.write(.deleteCredentials(account.id, kinds: [.session, .appPassword], except: nil))
            let afterAll = try await store.credentials(of: account.id)
            let othersAfter = try await store.credentials(of: other.id)
            #expect(afterAll == [token])
            #expect(othersAfter == [othersSession])
        }
    }

    @Test(arguments: Engine.available)
    func OPS3_pingAnswers(engine: Engine) async throws {
        try await withStore(engine) { store in
            try await store.ping()
        }
    }
}
