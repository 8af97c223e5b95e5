import DoableCore
import DoableDomain
import DoableServer
@_spi(StoreWriting) import DoableStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import DoableHTTP

/// Issue 31 in the web app: password reset (ACC-8), email verification (ACC-9), two-factor sign-in (ACC-10),
/// sessions and devices (ACC-11), invitations and registration modes (ACC-12), and the admin area's accounts and
/// audit log (ADMIN-1, ADMIN-2). Each bad input gets a clear 4xx page or a form error, and nothing changes.
@Suite struct WebAccountsSecurityTests {
    /// A server with its own account policy (the shared `TestServer` keeps the defaults); `body` also gets a
    /// Domain over the same store with open registration, to make accounts the policy would refuse.
    private func withPolicy(
        _ policy: AccountPolicy, _ body: @Sendable (Domain, Domain, WebClient, APIClient) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doable-test-\(UUID().uuidString)")
        let store = try SQLiteStore(directory: directory)
        let domain = Domain(store: store, passwords: PasswordHasher(cost: 4), accountPolicy: policy)
        let open = Domain(store: store, passwords: PasswordHasher(cost: 4))
        let app = Application(router: buildRouter(domain: domain, limiter: SignInLimiter()))
        do {
            try await app.test(.router) { client in
                try await body(domain, open, WebClient(client), APIClient(client: client))
            }
        } catch {
            try? await store.close()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        try await store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    private func linkSecret(of page: WebPageResponse, after prefix: String) -> String? {
        WebClient.first("\(prefix)(d[a-z]{3}_[A-Za-z0-9_-]+)", in: page.body)
    }

    @Test func ACC8_aResetLinkSetsThePasswordEndsEverySessionAndSignsIn() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            try await web.register("ann")
            // Without a mail server the page says who can make a link, and the form is not offered.
            let stranger = WebClient(api.client)
            let forgot = try await stranger.get("/forgot-password")
            #expect(forgot.body.contains("doable admin reset-password"))
            #expect(!forgot.body.contains("action=\"/forgot-password\""))
            #expect(try await stranger.get("/signin").body.contains("href=\"/forgot-password\""))

            let issued = try await server.domain.accounts.adminPasswordResetLink(account: "ann")
            let form = try await stranger.get("/reset-password/\(issued.secret)")
            #expect(form.status == .ok && form.body.contains("Choose a new password"))
            let differ = try await stranger.post(
                "/reset-password/\(issued.secret)", [("password", "new password 1"), ("confirmPassword", "other one")])
            #expect(differ.status == .badRequest && differ.body.contains("The two passwords differ"))
            let short = try await stranger.post(
                "/reset-password/\(issued.secret)", [("password", "short"), ("confirmPassword", "short")])
            #expect(short.status == .badRequest && short.body.contains("aria-invalid=\"true\""))
            let done = try await stranger.post(
                "/reset-password/\(issued.secret)",
                [("password", "new password 1"), ("confirmPassword", "new password 1")])
            #expect(done.status == .seeOther && done.location == "/today")
            #expect(done.setCookies.contains { $0.hasPrefix("doable_session=dses_") })
            #expect(try await stranger.get("/today").status == .ok)
            // The old session ended with the reset.
            #expect(try await web.get("/today").location?.hasPrefix("/signin") == true)
            // Used, unknown: a page that says the link does not work.
            let used = try await stranger.get("/reset-password/\(issued.secret)")
            #expect(used.status == .notFound && used.body.contains("This link does not work"))
            let again = try await stranger.post(
                "/reset-password/\(issued.secret)",
                [("password", "new password 2"), ("confirmPassword", "new password 2")])
            #expect(again.status == .notFound && again.body.contains("expired or was used already"))
            #expect(try await stranger.get("/reset-password/drst_forged").status == .notFound)
        }
    }

    @Test func ACC10_twoFactorEnrolSignInWithACodeOnceAndARecoveryCodeOnce() async throws {
        // A second into a 30-second step, on a clock that moves only when told: no step ends unasked, however long a
        // busy machine makes the test.
        let clock = ShiftedClock(
            Timestamp(milliseconds: Timestamp.now.milliseconds / 30_000 * 30_000 + 1_000), ticks: false)
        let server = try TestServer(clock: clock.now)
        try await server.runWeb { web, api in
            try await web.register("ann")
            #expect(try await web.get("/settings/two-factor").body.contains("Two-factor sign-in is off"))
            let started = try await web.post("/settings/two-factor/start")
            #expect(started.status == .seeOther)
            let pending = try await web.get("/settings/two-factor")
            #expect(pending.body.contains("<div class=\"qr-card\"><svg"))
            let account = try #require(try await server.domain.accounts.account(login: "ann"))
            let encoded = try #require(account.twoFactor?.secret)
            let key = try #require(Base32.decoded(encoded))
            let code = { TOTP.code(secret: key, at: clock.now()) }
            let wrong = try await web.post("/settings/two-factor/confirm", [("code", "000000")])
            #expect(wrong.status == .badRequest && wrong.body.contains("The code is not correct"))
            let on = try await web.post("/settings/two-factor/confirm", [("code", code())])
            #expect(on.status == .ok && on.body.contains("Your recovery codes"))
            let recovery = try #require(WebClient.first("<li><code>([0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{2})</code>", in: on.body))
            #expect(on.body.contains("Two-factor sign-in is on"))
            // Making a token now needs a code.
            let token = try await web.post("/settings/tokens", [("name", "CLI"), ("kind", "accessToken"), ("scope", "readWrite")])
            #expect(token.status == .unauthorized && token.body.contains("f-totp-error"))

            // Signing in asks for the code after the password; the password is not written into the page.
            let phone = WebClient(api.client)
            let asked = try await phone.post("/signin", [("login", "ann"), ("password", "correct horse")])
            #expect(asked.status == .ok && asked.body.contains("Enter your code"))
            #expect(!asked.body.contains("correct horse"))
            let sealed = try #require(asked.hidden("pending"))
            let forged = try await phone.post("/signin/code", [("pending", sealed + "x"), ("totp", code())])
            #expect(forged.status == .badRequest && forged.body.contains("enter your password again"))
            let bad = try await phone.post("/signin/code", [("pending", sealed), ("totp", "123456")])
            #expect(bad.status == .unauthorized && bad.body.contains("aria-invalid=\"true\""))
            // The code that confirmed enrolment was used in its window: the next window's code is needed.
            clock.pass(seconds: 30)
            let fresh = code()
            let signedIn = try await phone.post("/signin/code", [("pending", sealed), ("totp", fresh)])
            #expect(signedIn.status == .seeOther && signedIn.location == "/today")
            let laptop = WebClient(api.client)
            let second = try await laptop.post("/signin", [("login", "ann"), ("password", "correct horse")])
            let secondPending = try #require(second.hidden("pending"))
            let replay = try await laptop.post(
                "/signin/code", [("pending", secondPending), ("totp", fresh)])
            #expect(replay.status == .unauthorized && replay.body.contains("used already"))
            let byRecovery = try await laptop.post(
                "/signin/code", [("pending", secondPending), ("recoveryCode", recovery)])
            #expect(byRecovery.status == .seeOther)
            let tablet = WebClient(api.client)
            let third = try await tablet.post("/signin", [("login", "ann"), ("password", "correct horse")])
            let thirdPending = try #require(third.hidden("pending"))
            let reused = try await tablet.post(
                "/signin/code", [("pending", thirdPending), ("recoveryCode", recovery)])
            #expect(reused.status == .unauthorized && reused.body.contains("used already"))
            #expect(try await web.get("/settings/two-factor").body.contains("You have 9 unused recovery codes"))

            // Off needs the password and a code.
            let wrongPassword = try await web.post(
                "/settings/two-factor/disable", [("password", "not it at all"), ("offCode", "123456")])
            #expect(wrongPassword.status == .forbidden)
            clock.pass(seconds: 30)
            let off = try await web.post("/settings/two-factor/disable", [("password", "correct horse"), ("offCode", code())])
            #expect(off.status == .seeOther)
            #expect(try await server.domain.accounts.account(login: "ann")?.hasTwoFactor == false)
        }
    }

    @Test func ACC11_sessionsAndDevicesListEveryCredentialAndEndOne() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            try await web.register("ann")
            let phone = WebClient(api.client)
            let signedIn = try await phone.post("/signin", [("login", "ann"), ("password", "correct horse")])
            #expect(signedIn.status == .seeOther)
            let page = try await web.get("/settings/sessions")
            #expect(page.status == .ok)
            #expect(page.body.components(separatedBy: "class=\"session-item").count - 1 == 2)
            #expect(page.body.contains("This device"))
            let cookie = try #require(web.cookies["doable_session"])
            let identity = try #require(try await server.domain.accounts.authenticate(secret: cookie))
            let other = try #require(
                try await server.domain.accounts.credentials(identity).first { $0.id != identity.credential.id })
            let asks = try await web.post("/settings/sessions/\(other.id)/end")
            #expect(asks.status == .ok && asks.body.contains("End "))
            let ended = try await web.post("/settings/sessions/\(other.id)/end", [("confirmed", "1")])
            #expect(ended.status == .seeOther)
            #expect(try await phone.get("/today").location?.hasPrefix("/signin") == true)
            let own = try await web.post("/settings/sessions/\(identity.credential.id)/end", [("confirmed", "1")])
            #expect(own.location == "/signin")
            #expect(try await web.get("/today").location?.hasPrefix("/signin") == true)
        }
    }

    @Test func ADMIN1_adminsDisableWithAReasonEnableAndKeepTheLastAdmin() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            try await web.register("ann")
            _ = try await server.domain.accounts.setAdmin(nil, account: "ann", isAdmin: true)
            let ben = WebClient(api.client)
            try await ben.register("ben")
            #expect(try await ben.get("/admin/accounts").status == .notFound)
            #expect(try await ben.get("/admin/audit").status == .notFound)

            let list = try await web.get("/admin/accounts?q=ben")
            #expect(list.status == .ok && list.body.contains("@ben") && !list.body.contains("@ann"))
            let benAccount = try #require(try await server.domain.accounts.account(login: "ben"))
            let annAccount = try #require(try await server.domain.accounts.account(login: "ann"))
            let noReason = try await web.post("/admin/accounts/\(benAccount.id)/disable", [("reason", "  ")])
            #expect(noReason.status == .badRequest && noReason.body.contains("f-reason-error"))
            #expect(try await ben.get("/today").status == .ok)
            let disabled = try await web.post(
                "/admin/accounts/\(benAccount.id)/disable", [("reason", "Spam in shared lists")])
            #expect(disabled.status == .seeOther)
            #expect(try await ben.get("/today").location?.hasPrefix("/signin") == true)
            // Ben's browser reads the sign-in page again: its old session (and the CSRF token bound to it) ended.
            try await ben.get("/signin")
            let refused = try await ben.post("/signin", [("login", "ben"), ("password", "correct horse")])
            #expect(refused.status == .forbidden && refused.body.contains("Spam in shared lists"))
            #expect(try await web.post("/admin/accounts/\(benAccount.id)/enable").status == .seeOther)
            #expect(try await ben.post("/signin", [("login", "ben"), ("password", "correct horse")]).status == .seeOther)

            // The last admin and one's own account are refused on the page, and nothing changes.
            let lastAdmin = try await web.post("/admin/accounts/\(annAccount.id)/admin", [("isAdmin", "0")])
            #expect(lastAdmin.status == .conflict && lastAdmin.body.contains("the last admin"))
            let selfDisable = try await web.post("/admin/accounts/\(annAccount.id)/disable", [("reason", "test")])
            #expect(selfDisable.status == .conflict && selfDisable.body.contains("cannot disable your own account"))
            #expect(try await server.domain.accounts.account(login: "ann")?.isAdmin == true)
            let deleteAsks = try await web.post("/admin/accounts/\(benAccount.id)/delete")
            #expect(deleteAsks.status == .ok && deleteAsks.body.contains("Delete ben?"))
            #expect(try await server.domain.accounts.account(login: "ben") != nil)
            let deleted = try await web.post("/admin/accounts/\(benAccount.id)/delete", [("confirmed", "1")])
            #expect(deleted.location == "/admin/accounts")
            #expect(try await server.domain.accounts.account(login: "ben") == nil)

            let audit = try await web.get("/admin/audit")
            #expect(audit.body.contains("<strong>ann</strong> disabled <strong>ben</strong>"))
            #expect(audit.body.contains("“Spam in shared lists”"))
            #expect(audit.body.contains("<strong>ann</strong> enabled <strong>ben</strong>"))
            #expect(audit.body.contains("<strong>ann</strong> deleted <strong>ben</strong>"))
        }
    }

    @Test func ACC12_inviteModeRegistersOnlyThroughALiveInvitationForItsEmail() async throws {
        try await withPolicy(AccountPolicy(registration: .invite)) { domain, open, web, api in
            let register = try await web.get("/register")
            #expect(register.body.contains("Registration is by invitation") && !register.body.contains("name=\"username\""))
            let refused = try await web.post(
                "/register",
                [
                    ("email", "x@example.com"), ("username", "xavier"), ("password", "correct horse"),
                    ("firstName", "X"), ("lastName", "Y"),
                ])
            #expect(refused.status == .forbidden)
            // An admin (made on the command line) invites from the settings.
            var ann = Registration(email: "ann@example.com", password: "correct horse", username: "ann")
            ann.firstName = "Ann"
            ann.lastName = "Lee"
            _ = try await open.accounts.register(ann)
            _ = try await domain.accounts.setAdmin(nil, account: "ann", isAdmin: true)
            let admin = WebClient(api.client)
            _ = try await admin.post("/signin", [("login", "ann"), ("password", "correct horse")])
            #expect(try await admin.get("/settings").body.contains("href=\"/settings/invitations\""))
            let badDays = try await admin.post("/settings/invitations", [("email", "cleo@example.com"), ("days", "400")])
            #expect(badDays.status == .badRequest && badDays.body.contains("f-days-error"))
            let made = try await admin.post("/settings/invitations", [("email", "cleo@example.com"), ("days", "7")])
            #expect(made.status == .created && made.body.contains("Invitation made"))
            let secret = try #require(linkSecret(of: made, after: "/join/"))
            let join = try await web.get("/join/\(secret)")
            #expect(join.status == .ok && join.body.contains("value=\"cleo@example.com\" required") && join.body.contains("readonly"))
            let otherEmail = try await web.post(
                "/join/\(secret)",
                [
                    ("invitation", secret), ("email", "someone@example.com"), ("username", "cleo"),
                    ("password", "correct horse"), ("firstName", "Cleo"), ("lastName", "Park"),
                ])
            #expect(otherEmail.status == .badRequest && otherEmail.body.contains("This invitation is for cleo@example.com"))
            let joined = try await web.post(
                "/join/\(secret)",
                [
                    ("invitation", secret), ("email", "cleo@example.com"), ("username", "cleo"),
                    ("password", "correct horse"), ("firstName", "Cleo"), ("lastName", "Park"),
                ])
            #expect(joined.status == .seeOther && joined.location == "/today")
            let stranger = WebClient(api.client)
            let used = try await stranger.get("/join/\(secret)")
            #expect(used.status == .notFound && used.body.contains("This invitation does not work"))
            #expect(try await stranger.get("/join/dinv_forged").status == .notFound)
        }
    }

    @Test func ACC12_closedRegistrationHidesTheLinkAndExplains() async throws {
        try await withPolicy(AccountPolicy(registration: .closed)) { _, _, web, _ in
            #expect(!(try await web.get("/signin").body.contains("href=\"/register\"")))
            let page = try await web.get("/register")
            #expect(page.body.contains("Registration is closed") && !page.body.contains("name=\"username\""))
            #expect(try await web.get("/join/dinv_anything").status == .forbidden)
        }
    }

    @Test func ACC9_unverifiedMembersSeeTheBannerUntilTheLinkConfirms() async throws {
        try await withPolicy(AccountPolicy(requireVerifiedEmail: true)) { domain, _, web, _ in
            try await web.register("ann")
            let today = try await web.get("/today")
            #expect(today.body.contains("Confirm your email address") && today.body.contains("Send the link again"))
            let resent = try await web.post("/verify-email", [("back", "/today")])
            #expect(resent.status == .seeOther && resent.location == "/today")
            #expect(try await web.get("/verify-email/dver_forged").status == .notFound)
            let cookie = try #require(web.cookies["doable_session"])
            let identity = try #require(try await domain.accounts.authenticate(secret: cookie))
            // Three links an hour (the one sent at registration and the resend count).
            let issued = try #require(try await domain.accounts.requestEmailVerification(identity))
            let verified = try await web.get("/verify-email/\(issued.secret)")
            #expect(verified.status == .seeOther && verified.location == "/today")
            #expect(!(try await web.get("/today").body.contains("Send the link again")))
        }
    }

    @Test func ACC12_sharingWithAnUnknownEmailInvitesIt() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            try await web.register("ann")
            let token = try await web.apiToken("ann")
            let listID = try await api.createList(token, "Groceries")
            let invited = try await web.post("/lists/\(listID)/members", [("login", "dora@example.com"), ("role", "editor")])
            #expect(invited.status == .created && invited.body.contains("Invited dora@example.com"))
            #expect(linkSecret(of: invited, after: "/join/") != nil)
            // The page's script gets the words in its toast.
            let fetched = try await web.post(
                "/lists/\(listID)/members", [("login", "eve@example.com"), ("role", "viewer")], fetch: true)
            let message = (fetched.json["toast"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.hasPrefix("Invited eve@example.com: they join the list when they register"))
        }
    }
}
