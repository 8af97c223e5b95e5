import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Testing
@testable import DoableHTTP

/// Issue 31 through the API, on both engines: forgotten passwords (ACC-8), confirmed addresses (ACC-9), two-factor
/// sign-in (ACC-10), sessions and devices (ACC-11), who may join (ACC-12), administration and its audit log
/// (ADMIN-1, ADMIN-2), and sign-in limits shared through the database (OPS-2).
@Suite("Accounts to rely on", .serialized)
struct AccountSecurityTests {
    static func identity(_ server: EngineServer, _ token: String) async throws -> Identity {
        try #require(try await server.domain.accounts.authenticate(secret: token))
    }

    static func signIn(_ api: APIClient, _ login: String, _ password: String = "correct horse", _ extra: [String: Any] = [:])
        async throws -> APIResponse
    {
        var body: [String: Any] = ["login": login, "password": password]
        body.merge(extra) { $1 }
        return try await api.call(.post, "/api/v1/sessions", json: body)
    }

    @Test(arguments: APIEngine.available)
    func ACC8_aResetLinkSetsANewPasswordOnceAndEndsEveryCredential(_ engine: APIEngine) async throws {
        let clock = ShiftedClock(.now)
        try await EngineServer.run(engine, clock: clock.now) { api, server in
            let ann = try await api.register("ann")
            let token = try #require(
                try await api.call(.post, "/api/v1/tokens", token: ann, json: ["name": "script"])["secret"] as? String)
            // Asking answers the same whether an account has the address or not.
            for email in ["ann@example.com", "nobody@example.com", "ANN@example.com"] {
                let asked = try await api.call(.post, "/api/v1/password-resets", json: ["email": email])
                #expect(asked.status == .accepted)
                #expect(asked.string("message").contains("cannot send email"), "no --smtp-url in this server")
            }
            let bad = try await api.call(.post, "/api/v1/password-resets", json: ["email": 5])
            #expect(bad.status == .badRequest && bad.errorField == "email")
            // Three links an hour per account: the two asks above made two; the third is made, the fourth is not.
            #expect(try await server.domain.accounts.requestPasswordReset(email: "ann@example.com") != nil)
            #expect(try await server.domain.accounts.requestPasswordReset(email: "ann@example.com") == nil)
            clock.pass(seconds: 3_601)
            let issued = try #require(try await server.domain.accounts.requestPasswordReset(email: "ann@example.com"))
            let short = try await api.call(
                .post, "/api/v1/password-resets/\(issued.secret)", json: ["password": "short"])
            #expect(short.status == .badRequest && short.errorField == "password")
            let reset = try await api.call(
                .post, "/api/v1/password-resets/\(issued.secret)", json: ["password": "a brand new secret"])
            #expect(reset.status == .noContent)
            for old in [ann, token] {
                #expect(try await api.call(.get, "/api/v1/me", token: old).status == .unauthorized)
            }
            #expect(try await Self.signIn(api, "ann").status == .unauthorized)
            #expect(try await Self.signIn(api, "ann", "a brand new secret").status == .created)
            let again = try await api.call(
                .post, "/api/v1/password-resets/\(issued.secret)", json: ["password": "yet another secret"])
            #expect(again.status == .notFound && again.errorField == "token", "a link works once")
            let forged = try await api.call(
                .post, "/api/v1/password-resets/drst_forged", json: ["password": "yet another secret"])
            #expect(forged.status == .notFound)
            // A link is valid an hour.
            let late = try await server.domain.accounts.adminPasswordResetLink(account: "ann")
            clock.pass(seconds: 3_601)
            let expired = try await api.call(
                .post, "/api/v1/password-resets/\(late.secret)", json: ["password": "yet another secret"])
            #expect(expired.status == .notFound)
            #expect(try await Self.signIn(api, "ann", "a brand new secret").status == .created)
        }
    }

    @Test(arguments: APIEngine.available)
    func ACC10_twoFactorSignInAsksForACodeAndAcceptsEachCodeOnce(_ engine: APIEngine) async throws {
        // A second into a 30-second step, on a clock that moves only when told: no step ends unasked, however long a
        // busy machine makes the test.
        let clock = ShiftedClock(
            Timestamp(milliseconds: Timestamp.now.milliseconds / 30_000 * 30_000 + 1_000), ticks: false)
        try await EngineServer.run(engine, clock: clock.now) { api, _ in
            let ann = try await api.register("ann")
            let confirmEarly = try await api.call(.post, "/api/v1/me/totp/confirm", token: ann, json: ["code": "123456"])
            #expect(confirmEarly.status == .conflict && confirmEarly.errorCode == "totp_not_started")
            let started = try await api.call(.post, "/api/v1/me/totp", token: ann)
            #expect(started.status == .created)
            let secret = try #require(Base32.decoded(started.string("secret")))
            #expect(started.string("otpauthUri").hasPrefix("otpauth://totp/Doable:ann?secret="))
            #expect(started.string("qrSvg").hasPrefix("<svg"))
            let code = { TOTP.code(secret: secret, at: clock.now()) }
            let wrong = try await api.call(.post, "/api/v1/me/totp/confirm", token: ann, json: ["code": "000000"])
            #expect(wrong.status == .badRequest && wrong.errorField == "code")
            #expect(try await api.call(.get, "/api/v1/me/totp", token: ann)["enabled"] as? Bool == false)
            let confirmed = try await api.call(.post, "/api/v1/me/totp/confirm", token: ann, json: ["code": code()])
            #expect(confirmed.status == .ok)
            let recovery = try #require(confirmed["recoveryCodes"] as? [String])
            #expect(recovery.count == 10 && Set(recovery).count == 10)
            #expect(try await api.call(.get, "/api/v1/me", token: ann)["twoFactorEnabled"] as? Bool == true)

            let noCode = try await Self.signIn(api, "ann")
            #expect(noCode.status == .unauthorized && noCode.errorCode == "totp_required")
            let wrongPasswordWithCode = try await Self.signIn(api, "ann", "not my password", ["totp": code()])
            #expect(wrongPasswordWithCode.errorCode == "unauthenticated", "the code is not looked at before the password")
            // The step the confirmation used is spent: the same code again is refused.
            let reused = try await Self.signIn(api, "ann", "correct horse", ["totp": code()])
            #expect(reused.status == .unauthorized && reused.errorCode == "totp_invalid")
            clock.pass(seconds: 30)
            let fresh = try await Self.signIn(api, "ann", "correct horse", ["totp": code()])
            #expect(fresh.status == .created)
            let replay = try await Self.signIn(api, "ann", "correct horse", ["totp": code()])
            #expect(replay.errorCode == "totp_invalid", "a code is accepted once within its window")
            let withRecovery = try await Self.signIn(
                api, "ann", "correct horse", ["recoveryCode": recovery[0].uppercased()])
            #expect(withRecovery.status == .created)
            let recoveryAgain = try await Self.signIn(api, "ann", "correct horse", ["recoveryCode": recovery[0]])
            #expect(recoveryAgain.errorCode == "totp_invalid", "a recovery code works once")
            #expect(try await api.call(.get, "/api/v1/me/totp", token: ann)["recoveryCodesLeft"] as? Int == 9)

            // Tokens keep working without a code; making one needs a code.
            let tokenWithout = try await api.call(.post, "/api/v1/tokens", token: ann, json: ["name": "cli"])
            #expect(tokenWithout.status == .unauthorized && tokenWithout.errorCode == "totp_required")
            let tokenWith = try await api.call(
                .post, "/api/v1/tokens", token: ann, json: ["name": "cli", "recoveryCode": recovery[1]])
            #expect(tokenWith.status == .created)
            let pat = try #require((tokenWith["secret"] as? String))
            #expect(try await api.call(.get, "/api/v1/tasks", token: pat).status == .ok)

            // Turning it off needs the password and a code.
            let offWrongPassword = try await api.call(
                .delete, "/api/v1/me/totp", token: ann, json: ["password": "nope", "recoveryCode": recovery[2]])
            #expect(offWrongPassword.status == .forbidden && offWrongPassword.errorField == "password")
            let offNoCode = try await api.call(.delete, "/api/v1/me/totp", token: ann, json: ["password": "correct horse"])
            #expect(offNoCode.errorCode == "totp_required")
            let off = try await api.call(
                .delete, "/api/v1/me/totp", token: ann, json: ["password": "correct horse", "recoveryCode": recovery[2]])
            #expect(off.status == .noContent)
            #expect(try await Self.signIn(api, "ann").status == .created)
        }
    }

    @Test(arguments: APIEngine.available)
    func ACC11_sessionsListTheirDevicesAndAnyCanBeEnded(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            _ = try await api.register("ann")
            let phone = try await api.call(
                .post, "/api/v1/sessions", json: ["login": "ann", "password": "correct horse"],
                headers: [
                    .userAgent:
                        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
                ]
            ).string("token")
            let laptop = try await api.call(
                .post, "/api/v1/sessions", json: ["login": "ann", "password": "correct horse"],
                headers: [.userAgent: "DoableClient"]
            ).string("token")
            let sessions = try await api.call(.get, "/api/v1/sessions", token: laptop).array("sessions")
            #expect(sessions.count == 3)
            let mine = try #require(sessions.first { $0["isCurrent"] as? Bool == true })
            #expect(mine["deviceName"] as? String == "doable CLI")
            let phoneRow = try #require(sessions.first { $0["deviceName"] as? String == "Chrome on Android" })
            #expect(phoneRow["lastUsedAt"] is String && phoneRow["createdAt"] is String)
            #expect(phoneRow.keys.contains("address"))
            let ended = try await api.call(.delete, "/api/v1/sessions/\(phoneRow["id"] as? String ?? "")", token: laptop)
            #expect(ended.status == .noContent)
            #expect(try await api.call(.get, "/api/v1/me", token: phone).status == .unauthorized)
            #expect(try await api.call(.get, "/api/v1/me", token: laptop).status == .ok)
            let unknown = try await api.call(.delete, "/api/v1/sessions/\(UUID().uuidString)", token: laptop)
            #expect(unknown.status == .notFound)
        }
    }

    @Test(arguments: APIEngine.available)
    func ACC12_closedRegistrationRefusesEveryone(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine, policy: AccountPolicy(registration: .closed)) { api, server in
            let refused = try await api.call(
                .post, "/api/v1/accounts",
                json: [
                    "email": "bo@example.com", "password": "correct horse", "username": "bo", "firstName": "Bo",
                    "lastName": "Li",
                ])
            #expect(refused.status == .forbidden && refused.errorCode == "registration_closed")
            var input = Registration(email: "root@example.com", password: "correct horse", username: "root")
            input.firstName = "Root"
            input.lastName = "Admin"
            let made = try await server.domain.accounts.adminCreateAccount(input, isAdmin: false)
            #expect(made.isAdmin, "the first account the command line makes is an admin")
            #expect(try await Self.signIn(api, "root").status == .created)
        }
    }

    @Test(arguments: APIEngine.available)
    func ACC12_invitationsLetOnePersonJoinOnceAndSharingInvitesAnUnknownEmail(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine, policy: AccountPolicy(registration: .invite)) { api, server in
            var rootInput = Registration(email: "root@example.com", password: "correct horse", username: "root")
            rootInput.firstName = "Root"
            rootInput.lastName = "Admin"
            _ = try await server.domain.accounts.adminCreateAccount(rootInput, isAdmin: true)
            let root = try await Self.signIn(api, "root").string("token")
            let body: (String, String?) -> [String: Any] = { name, invitation in
                var body: [String: Any] = [
                    "email": "\(name)@example.com", "password": "correct horse", "username": name, "firstName": "A",
                    "lastName": "B",
                ]
                if let invitation { body["invitation"] = invitation }
                return body
            }
            let without = try await api.call(.post, "/api/v1/accounts", json: body("cyd", nil))
            #expect(without.status == .forbidden && without.errorCode == "invitation_required")
            let made = try await api.call(.post, "/api/v1/invitations", token: root, json: ["email": "cyd@example.com"])
            #expect(made.status == .created)
            let url = made.string("url")
            let secret = String(url.split(separator: "/").last ?? "")
            #expect(url.contains("/join/dinv_"))
            let otherEmail = try await api.call(.post, "/api/v1/accounts", json: body("dee", secret))
            #expect(otherEmail.status == .badRequest && otherEmail.errorField == "email")
            let joined = try await api.call(.post, "/api/v1/accounts", json: body("cyd", secret))
            #expect(joined.status == .created)
            let twice = try await api.call(.post, "/api/v1/accounts", json: body("cyd2", secret))
            #expect(twice.status == .notFound && twice.errorField == "invitation")
            #expect(try await api.call(.get, "/api/v1/invitations", token: root).array("invitations").isEmpty)
            // A member who is not an admin may not invite (no --members-may-invite).
            let cy = joined.string("token")
            #expect(try await api.call(.post, "/api/v1/invitations", token: cy, json: [:]).status == .forbidden)
            // Sharing with an email that has no account invites it, with the list waiting.
            let list = try await api.createList(root, "Groceries")
            let shared = try await api.call(
                .post, "/api/v1/lists/\(list)/members", token: root, json: ["login": "dee@example.com", "role": "editor"])
            #expect(shared.status == .accepted)
            let deeSecret = String(shared.string("url").split(separator: "/").last ?? "")
            let dee = try await api.call(.post, "/api/v1/accounts", json: body("dee", deeSecret))
            #expect(dee.status == .created)
            let lists = try await api.call(.get, "/api/v1/lists", token: dee.string("token")).array("lists")
            #expect(lists.contains { $0["name"] as? String == "Groceries" && $0["role"] as? String == "editor" })
            // A withdrawn invitation is gone.
            let spare = try await api.call(.post, "/api/v1/invitations", token: root, json: ["expiresInDays": 2])
            let spareID = try #require((spare["invitation"] as? [String: Any])?["id"] as? String)
            #expect(try await api.call(.delete, "/api/v1/invitations/\(spareID)", token: root).status == .noContent)
            let spareSecret = String(spare.string("url").split(separator: "/").last ?? "")
            #expect(try await api.call(.post, "/api/v1/accounts", json: body("edd", spareSecret)).status == .notFound)
            let tooLong = try await api.call(.post, "/api/v1/invitations", token: root, json: ["expiresInDays": 91])
            #expect(tooLong.status == .badRequest && tooLong.errorField == "expiresInDays")
        }
    }

    @Test(arguments: APIEngine.available)
    func ACC9_unverifiedMembersCannotShareOrPostUntilTheyConfirm(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine, policy: AccountPolicy(requireVerifiedEmail: true)) { api, server in
            let ann = try await api.register("ann")
            _ = try await api.register("bob")
            #expect(try await api.call(.get, "/api/v1/me", token: ann)["emailVerified"] as? Bool == false)
            let list = try await api.createList(ann, "Chores")
            let refused = try await api.call(
                .post, "/api/v1/lists/\(list)/members", token: ann, json: ["login": "bob", "role": "viewer"])
            #expect(refused.status == .forbidden && refused.errorCode == "email_unverified")
            let identity = try await Self.identity(server, ann)
            let issued = try #require(try await server.domain.accounts.requestEmailVerification(identity))
            let verified = try await api.call(.post, "/api/v1/email-verifications/\(issued.secret)")
            #expect(verified.status == .ok && verified["emailVerified"] as? Bool == true)
            let shared = try await api.call(
                .post, "/api/v1/lists/\(list)/members", token: ann, json: ["login": "bob", "role": "viewer"])
            #expect(shared.status == .created)
            #expect(try await api.call(.post, "/api/v1/email-verifications/\(issued.secret)").status == .notFound)
            // A new address is not confirmed by the old one's link.
            let changed = try await api.call(.patch, "/api/v1/me", token: ann, json: ["email": "ann.new@example.com"])
            #expect(changed["emailVerified"] as? Bool == false)
        }
    }

    @Test(arguments: APIEngine.available)
    func ADMIN1_ADMIN2_adminsDisableEnableGrantAndDeleteAndEveryActionIsLogged(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, server in
            let root = try await api.register("root")
            _ = try await server.domain.accounts.setAdmin(nil, account: "root", isAdmin: true)
            let bob = try await api.register("bob")
            let bobID = try #require(try await api.call(.get, "/api/v1/me", token: bob)["id"] as? String)
            let rootID = try #require(try await api.call(.get, "/api/v1/me", token: root)["id"] as? String)
            #expect(try await api.call(.get, "/api/v1/admin/accounts", token: bob).status == .notFound)
            let page = try await api.call(.get, "/api/v1/admin/accounts?q=BO", token: root)
            #expect(page["total"] as? Int == 1)
            #expect(page.array("accounts").first?["username"] as? String == "bob")
            let noReason = try await api.call(.post, "/api/v1/admin/accounts/\(bobID)/disable", token: root, json: [:])
            #expect(noReason.status == .badRequest && noReason.errorField == "reason")
            let disabled = try await api.call(
                .post, "/api/v1/admin/accounts/\(bobID)/disable", token: root, json: ["reason": "Spam postings"])
            #expect(disabled["isDisabled"] as? Bool == true)
            #expect(try await api.call(.get, "/api/v1/me", token: bob).status == .unauthorized, "sessions end at once")
            let signIn = try await Self.signIn(api, "bob")
            #expect(signIn.status == .forbidden && signIn.errorCode == "account_disabled")
            let message = (signIn["error"] as? [String: Any])?["message"] as? String
            #expect(message?.contains("Spam postings") == true)
            #expect(try await Self.signIn(api, "bob", "wrong password").errorCode == "unauthenticated")
            _ = try await api.call(.post, "/api/v1/admin/accounts/\(bobID)/enable", token: root)
            #expect(try await Self.signIn(api, "bob").status == .created)
            let lastAdmin = try await api.call(.post, "/api/v1/admin/accounts/\(rootID)/revoke", token: root)
            #expect(lastAdmin.status == .conflict && lastAdmin.errorCode == "last_admin")
            let selfDisable = try await api.call(
                .post, "/api/v1/admin/accounts/\(rootID)/disable", token: root, json: ["reason": "x"])
            #expect(selfDisable.errorCode == "self_disable")
            _ = try await api.call(.post, "/api/v1/admin/accounts/\(bobID)/grant", token: root)
            #expect(try await api.call(.post, "/api/v1/admin/accounts/\(rootID)/revoke", token: root).status == .ok)
            let deleted = try await api.call(.delete, "/api/v1/admin/accounts/\(rootID)", token: root)
            #expect(deleted.status == .notFound, "root is no longer an admin")
            let bobFresh = try await Self.signIn(api, "bob").string("token")
            #expect(try await api.call(.delete, "/api/v1/admin/accounts/\(rootID)", token: bobFresh).status == .noContent)
            #expect(try await Self.signIn(api, "root").status == .unauthorized)
            let audit = try await api.call(.get, "/api/v1/admin/audit", token: bobFresh).array("entries")
            #expect(
                audit.map { $0["action"] as? String ?? "" }
                    == ["delete", "revokeAdmin", "grantAdmin", "enable", "disable", "grantAdmin"])
            #expect(audit.first?["actorName"] as? String == "bob" && audit.first?["targetName"] as? String == "root")
            #expect(audit.last?["actorName"] as? String == "command line")
            #expect(audit.first { $0["action"] as? String == "disable" }?["detail"] as? String == "Spam postings")
        }
    }

    /// OPS-2: two servers on one database (two `Domain`s, each with its own limiter over the database's ledger) lock
    /// an account together: failures counted by one are seen by the other.
    @Test(arguments: APIEngine.available)
    func OPS2_signInLimitsHoldAcrossProcessesSharingTheDatabase(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, server in
            _ = try await api.register("ann")
            let limits = SignInLimiter.Limits(perAccount: 4, windowSeconds: 600)
            let first = SignInLimiter(limits: limits, ledger: DatabaseSignInLedger(domain: server.domain))
            let otherDomain = Domain(store: server.store, passwords: PasswordHasher(cost: 4))
            let second = SignInLimiter(limits: limits, ledger: DatabaseSignInLedger(domain: otherDomain))
            let flows = [
                SignInFlow(accounts: server.domain.accounts, limiter: first),
                SignInFlow(accounts: otherDomain.accounts, limiter: second),
            ]
            for attempt in 0..<4 {
                await #expect(throws: DoableError.self) {
                    _ = try await flows[attempt % 2].signIn(
                        login: "ann", password: "wrong", secondFactor: nil, userAgent: nil, address: "192.0.2.\(attempt)")
                }
            }
            for flow in flows {
                do {
                    _ = try await flow.signIn(
                        login: "ann", password: "correct horse", secondFactor: nil, userAgent: nil, address: "192.0.2.9")
                    Issue.record("a locked account signed in")
                } catch DoableError.rateLimited {
                } catch { Issue.record("unexpected \(error)") }
            }
        }
    }
}
