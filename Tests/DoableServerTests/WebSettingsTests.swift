import DoableCore
import DoableServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The settings pages, public profiles, labels and list management of the web app (issue 11), driven as a browser
/// without JavaScript would: GET a page for its CSRF token and cookies, POST the form, follow the 303.
@Suite("Web settings, labels and lists")
struct WebSettingsTests {
    // MARK: Profile (ACC-3)

    @Test func ACC3_profileEditShowsErrorsByTheFieldAndKeepsTypedValues() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("ann")
            let page = try await web.get("/settings")
            #expect(page.status == .ok)
            #expect(page.body.contains("<nav class=\"settings-nav\" aria-label=\"Settings\">"))
            #expect(page.body.contains("href=\"/users/ann\""))
            let version = page.hidden("version") ?? ""
            let refused = try await web.post(
                "/settings",
                [
                    "version": version, "email": "ann@example.com", "username": "ann", "firstName": "Annie",
                    "lastName": "Lee", "phone": "0123", "showEmail": "1",
                ])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("id=\"f-phone-error\""))
            #expect(refused.body.contains("value=\"Annie\""), "typed values stay")
            #expect(refused.body.contains("value=\"0123\""))

            let saved = try await web.post(
                "/settings",
                [
                    "version": version, "email": "ann@example.com", "username": "ann_lee", "firstName": "Annie",
                    "lastName": "Lee", "phone": "+14155550123", "gender": "selfDescribed",
                    "genderDescription": "agender", "dateOfBirth": "1990-05-04", "showEmail": "1",
                ])
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/settings")
            let after = try await web.get("/settings")
            #expect(after.body.contains("Profile saved."), "the toast shows on the next page")
            #expect(after.body.contains("value=\"agender\""))
            #expect(after.body.contains("href=\"/users/ann_lee\""))
        }
    }

    @Test func ACC3_staleProfileFormShowsTheCurrentValues() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("bea")
            let version = try await web.get("/settings").hidden("version") ?? ""
            let token = try await web.apiToken("bea")
            _ = try await api.call(.patch, "/api/v1/me", token: token, json: ["firstName": "Beatrix"])
            let stale = try await web.post(
                "/settings",
                [
                    "version": version, "email": "bea@example.com", "username": "bea", "firstName": "Bee",
                    "lastName": "Member",
                ])
            #expect(stale.status == .conflict)
            #expect(stale.body.contains("This was changed elsewhere since you opened it"))
            #expect(stale.body.contains("value=\"Beatrix\""), "the form shows what is stored now")
            let me = try await api.call(.get, "/api/v1/me", token: token)
            #expect(me.string("firstName") == "Beatrix", "the stale form changed nothing")
        }
    }

    @Test func ACC3_publicProfileShowsOnlyChosenContactDetails() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("cara")
            let token = try await web.apiToken("cara")
            _ = try await api.call(
                .patch, "/api/v1/me", token: token,
                json: [
                    "firstName": "Cara", "lastName": "<b>Bold</b>", "phone": "+4930123456", "showPhone": true,
                ])
            let other = WebClient(api.client)
            try await other.register("dan")
            let profile = try await other.get("/users/cara")
            #expect(profile.status == .ok)
            #expect(profile.body.contains("Cara &lt;b&gt;Bold&lt;/b&gt;"), "names are text, never markup")
            #expect(profile.body.contains("+4930123456"))
            #expect(!profile.body.contains("cara@example.com"), "the email was not chosen to be shown")
            let missing = try await other.get("/users/nobody_here")
            #expect(missing.status == .notFound)
            // Issue 27, finding 6: profiles are for members; a stranger is sent to sign in.
            let stranger = try await WebClient(api.client).get("/users/cara")
            #expect(stranger.status == .seeOther || stranger.status == .found)
            #expect(stranger.headers[.location]?.hasPrefix("/signin") == true)
        }
    }

    @Test func ACC3_settingsFormsNeedTheCSRFToken() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("erin")
            let refused = try await web.post("/settings/preferences", ["theme": "dark"], csrf: "")
            #expect(refused.status == .forbidden)
            let stranger = WebClient(api.client)
            let redirected = try await stranger.get("/settings/tokens")
            #expect(redirected.status == .seeOther)
            #expect(redirected.location?.hasPrefix("/signin?next=") == true)
        }
    }

    // MARK: Preferences (ACC-7)

    @Test func ACC7_preferencesAreSavedAndApplied() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("fay")
            let page = try await web.get("/settings/preferences")
            #expect(page.body.contains("<legend>Theme</legend>"))
            #expect(page.body.contains("<option value=\"Europe/Berlin\">"))
            let saved = try await web.post(
                "/settings/preferences",
                [
                    "version": page.hidden("version") ?? "", "theme": "dark", "accent": "custom",
                    "accentCustom": "#112233", "weekStart": "sunday", "defaultSort": "due", "timeZone": "Europe/Berlin",
                    "gameOptIn": "1",
                ])
            #expect(saved.status == .seeOther)
            let after = try await web.get("/settings/preferences")
            #expect(after.body.contains("data-theme=\"dark\""))
            #expect(after.body.contains(":root{--accent:#112233}"))
            #expect(after.body.contains("<option value=\"Europe/Berlin\" selected>"))
            let me = try await api.call(.get, "/api/v1/me", token: try await web.apiToken("fay"))
            let preferences = me["preferences"] as? [String: Any] ?? [:]
            #expect(preferences["weekStart"] as? String == "sunday")
            #expect(preferences["defaultSort"] as? String == "due")
            #expect(preferences["gameOptIn"] as? Bool == true)
            // Quiet hours and channels have their own page (WebNotificationSettingsTests): this form leaves them be.
            let channels = preferences["notificationChannels"] as? [String: Any] ?? [:]
            #expect(channels["inApp"] as? Bool == true && preferences["quietHours"] == nil)
        }
    }

    @Test func ACC7_badPreferenceIsRefusedNextToItsField() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("gus")
            let version = try await web.get("/settings/preferences").hidden("version") ?? ""
            let refused = try await web.post(
                "/settings/preferences",
                [
                    "version": version, "theme": "dark", "timeZone": "Mars/Olympus",
                ])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("id=\"f-timeZone-error\""))
            #expect(refused.body.contains("<option value=\"Mars/Olympus\" selected>"), "the typed value stays")
        }
    }

    // MARK: Password (ACC-4)

    @Test func ACC4_passwordChangeKeepsThisBrowserAndEndsOtherCredentials() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("hal", password: "old password")
            let other = try await web.apiToken("hal", password: "old password")
            _ = try await web.get("/settings/password")
            let mismatch = try await web.post(
                "/settings/password",
                [
                    "currentPassword": "old password", "newPassword": "new password", "confirmPassword": "other",
                ])
            #expect(mismatch.status == .badRequest)
            #expect(mismatch.body.contains("id=\"f-confirmPassword-error\""))
            let wrong = try await web.post(
                "/settings/password",
                [
                    "currentPassword": "not it", "newPassword": "new password", "confirmPassword": "new password",
                ])
            #expect(wrong.status == .forbidden)
            #expect(wrong.body.contains("id=\"f-currentPassword-error\""))
            #expect(!wrong.body.contains("not it"), "passwords are never echoed")

            let changed = try await web.post(
                "/settings/password",
                [
                    "currentPassword": "old password", "newPassword": "new password", "confirmPassword": "new password",
                ])
            #expect(changed.status == .seeOther)
            let after = try await web.get("/settings/password")
            #expect(after.status == .ok, "this browser stays signed in")
            #expect(after.body.contains("Password changed."))
            #expect(try await api.call(.get, "/api/v1/me", token: other).status == .unauthorized)
            let signIn = try await api.call(
                .post, "/api/v1/sessions",
                json: ["login": "hal", "password": "new password"])
            #expect(signIn.status == .created)
        }
    }

    /// Issue 10, finding 8, in the browser: wrong passwords on the password and delete forms count against the
    /// sign-in limit of the account.
    @Test func ACC4_ACC6_passwordChecksGoThroughTheSignInLimiter() async throws {
        try await TestServer(limits: .init(perAccount: 2, windowSeconds: 600)).run { api in
            let web = WebClient(api.client)
            try await web.register("ida", password: "right password")
            _ = try await web.get("/settings/password")
            for _ in 0..<2 {
                let wrong = try await web.post(
                    "/settings/password",
                    [
                        "currentPassword": "wrong", "newPassword": "new password", "confirmPassword": "new password",
                    ])
                #expect(wrong.status == .forbidden)
            }
            let limited = try await web.post(
                "/settings/account/delete",
                [
                    "password": "right password", "confirmed": "1",
                ])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.body.contains("Too many wrong passwords"))
            #expect(try await web.get("/settings").status == .ok, "the account was not deleted")
        }
    }

    // MARK: Tokens (ACC-5)

    @Test func ACC5_newSecretIsShownOnceAfterARedirectNeverPlainInACookieThenRevoked() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("joe")
            _ = try await web.get("/settings/tokens")
            let blank = try await web.post("/settings/tokens", ["name": " ", "kind": "accessToken", "scope": "read"])
            #expect(blank.status == .badRequest)
            #expect(blank.body.contains("id=\"f-name-error\""))
            let made = try await web.post(
                "/settings/tokens",
                [
                    "name": "Backup script", "kind": "accessToken", "scope": "read",
                ])
            // Issue 34: redirect-after-POST, so that reloading the page that shows the secret makes no second token.
            #expect(made.status == .seeOther && made.headers[.location] == "/settings/tokens")
            #expect(made.body.firstMatch(of: /dpat_/) == nil)
            let created = try await web.get("/settings/tokens")
            let secret = try #require(created.body.firstMatch(of: /dpat_[A-Za-z0-9_-]{43}/)).output
            for cookie in made.headers[values: .setCookie] + created.headers[values: .setCookie] {
                #expect(!cookie.contains(secret), "the secret travels sealed, never as it is")
            }
            let me = try await api.call(.get, "/api/v1/me", token: String(secret))
            #expect(me.status == .ok)
            let write = try await api.call(.post, "/api/v1/lists", token: String(secret), json: ["name": "No"])
            #expect(write.status == .forbidden, "a read-only token cannot write")

            let listed = try await web.get("/settings/tokens")
            #expect(listed.body.contains("Backup script"))
            #expect(!listed.body.contains(String(secret)), "the secret is shown only once")
            let tokens = try await api.call(.get, "/api/v1/tokens", token: try await web.apiToken("joe"))
            #expect(tokens.array("tokens").filter { $0["name"] as? String == "Backup script" }.count == 1)
            let id = try #require(listed.body.firstMatch(of: /settings\/tokens\/([0-9a-f-]{36})\/revoke/)).output.1
            let asked = try await web.post("/settings/tokens/\(id)/revoke", ["back": "/settings/tokens"])
            #expect(asked.status == .ok)
            #expect(asked.body.contains("name=\"confirmed\" value=\"1\""), "revoking asks first")
            #expect(try await api.call(.get, "/api/v1/me", token: String(secret)).status == .ok)
            let revoked = try await web.post("/settings/tokens/\(id)/revoke", ["confirmed": "1"])
            #expect(revoked.status == .seeOther)
            #expect(try await api.call(.get, "/api/v1/me", token: String(secret)).status == .unauthorized)
        }
    }

    @Test func ACC5_appPasswordIsMadeWithItsKind() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("kim")
            _ = try await web.get("/settings/tokens")
            let made = try await web.post(
                "/settings/tokens",
                [
                    "name": "Phone calendar", "kind": "appPassword", "scope": "readWrite",
                ])
            #expect(made.status == .seeOther)
            let created = try await web.get("/settings/tokens")
            #expect(created.body.firstMatch(of: /dapp_[A-Za-z0-9_-]{43}/) != nil)
            let tokens = try await api.call(.get, "/api/v1/tokens", token: try await web.apiToken("kim"))
            let listed = tokens.array("tokens").first { $0["name"] as? String == "Phone calendar" }
            #expect(listed?["kind"] as? String == "appPassword" && listed?["scope"] as? String == "readWrite")
        }
    }

    // MARK: Export and delete (ACC-6)

    @Test func ACC6_exportDownloadsJSONAndICS() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("lou")
            let token = try await web.apiToken("lou")
            _ = try await api.createTask(token, ["title": "Water plants", "due": futureDay()])
            let json = try await web.get("/settings/export?format=json")
            #expect(json.status == .ok)
            #expect(json.headers[.contentDisposition] == "attachment; filename=\"doable-export.json\"")
            let object = try JSONSerialization.jsonObject(with: Data(json.body.utf8)) as? [String: Any] ?? [:]
            #expect((object["account"] as? [String: Any])?["username"] as? String == "lou")
            #expect((object["tasks"] as? [[String: Any]])?.first?["title"] as? String == "Water plants")
            let ics = try await web.get("/settings/export?format=ics")
            #expect(ics.headers[.contentType]?.hasPrefix("text/calendar") == true)
            #expect(ics.headers[.contentDisposition] == "attachment; filename=\"doable-tasks.ics\"")
            #expect(ics.body.contains("BEGIN:VTODO") && ics.body.contains("SUMMARY:Water plants"))
            #expect(try await web.get("/settings/export?format=xml").status == .badRequest)
        }
    }

    @Test func ACC6_deleteAccountNeedsThePasswordAndConfirmation() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("max", password: "my password")
            let page = try await web.get("/settings/account")
            #expect(page.body.contains("data-confirm=\"Delete your account"))
            let unconfirmed = try await web.post("/settings/account/delete", ["password": "my password"])
            #expect(unconfirmed.status == .badRequest)
            #expect(unconfirmed.body.contains("id=\"f-confirmed-error\""))
            let wrong = try await web.post("/settings/account/delete", ["password": "wrong one", "confirmed": "1"])
            #expect(wrong.status == .forbidden)
            #expect(wrong.body.contains("id=\"f-password-error\""))
            let deleted = try await web.post("/settings/account/delete", ["password": "my password", "confirmed": "1"])
            #expect(deleted.status == .seeOther)
            #expect(deleted.location == "/signin?deleted=1")
            #expect(deleted.headers[values: .setCookie].contains { $0.hasPrefix("doable_session=;") })
            let signIn = try await api.call(
                .post, "/api/v1/sessions",
                json: ["login": "max", "password": "my password"])
            #expect(signIn.status == .unauthorized)
        }
    }

    // MARK: Labels (TASK-6)

    @Test func TASK6_labelsAreCreatedRenamedRecolouredAndDeleted() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("ned")
            let token = try await web.apiToken("ned")
            _ = try await web.get("/labels")
            let created = try await web.post("/labels", ["name": "<i>errand</i>", "color": "#FF0000"])
            #expect(created.status == .seeOther)
            let labels = try await api.call(.get, "/api/v1/labels", token: token).array("labels")
            let id = try #require(labels.first?["id"] as? String)
            let page = try await web.get("/labels")
            #expect(page.body.contains("href=\"/search?label=\(id)\""))
            #expect(page.body.contains("&lt;i&gt;errand&lt;/i&gt;") && !page.body.contains("<i>errand"))
            #expect(page.body.contains(".sw-xFF0000{--swatch:#FF0000}"))

            let refused = try await web.post("/labels/\(id)", ["name": "", "color": "#00FF00", "version": "1"])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("id=\"label-\(id)-error\""))
            let renamed = try await web.post(
                "/labels/\(id)", ["name": "call", "color": "#00ff00", "version": "1"],
                fetch: true)
            #expect(renamed.status == .ok)
            #expect(renamed.body.contains("\"ok\":true"))
            let stale = try await web.post("/labels/\(id)", ["name": "old", "color": "#000000", "version": "1"])
            #expect(stale.status == .conflict)
            #expect(stale.body.contains("This was changed elsewhere since you opened it"))
            #expect(stale.body.contains("value=\"call\""), "the row shows the current name")
            let now = try await api.call(.get, "/api/v1/labels", token: token).array("labels").first
            #expect(now?["name"] as? String == "call" && now?["color"] as? String == "#00FF00")

            let asked = try await web.post("/labels/\(id)/delete", ["back": "/labels"])
            #expect(asked.status == .ok && asked.body.contains("name=\"confirmed\" value=\"1\""))
            let deleted = try await web.post("/labels/\(id)/delete", ["confirmed": "1"])
            #expect(deleted.status == .seeOther)
            #expect(try await api.call(.get, "/api/v1/labels", token: token).array("labels").isEmpty)
        }
    }

    // MARK: Lists (LIST-1..4)

    @Test func LIST1_createListWithPaletteOrCustomColourAndIcon() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("ola")
            let token = try await web.apiToken("ola")
            let form = try await web.get("/lists/new")
            #expect(form.body.contains("<legend>Colour</legend>"))
            #expect(form.body.contains(".sw-green{--swatch:#16A34A}"))
            let green = try await web.post("/lists", ["name": "Garden", "color": "green", "icon": "🌱"])
            #expect(green.status == .seeOther)
            let custom = try await web.post(
                "/lists",
                [
                    "name": "Groceries", "color": "custom", "customColor": "#aabbcc", "description": "Food",
                ])
            #expect(custom.status == .seeOther)
            let lists = try await api.call(.get, "/api/v1/lists", token: token).array("lists")
            let garden = lists.first { $0["name"] as? String == "Garden" }
            let groceries = lists.first { $0["name"] as? String == "Groceries" }
            #expect(garden?["color"] as? String == "green" && garden?["icon"] as? String == "🌱")
            #expect(groceries?["color"] as? String == "#AABBCC")
            #expect(custom.location == "/lists/\(groceries?["id"] as? String ?? "")")

            let taken = try await web.post("/lists", ["name": "garden", "color": "custom", "customColor": "#12"])
            #expect(taken.status == .badRequest)
            #expect(taken.body.contains("id=\"f-color-error\""))
            #expect(taken.body.contains("value=\"#12\""), "the typed colour stays")
            let duplicate = try await web.post("/lists", ["name": "garden", "color": "red"])
            #expect(duplicate.status == .conflict)
            #expect(duplicate.body.contains("id=\"f-name-error\"") && duplicate.body.contains("value=\"garden\""))
        }
    }

    @Test func LIST2_editListAndAStaleFormShowsTheCurrentValues() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("pam")
            let token = try await web.apiToken("pam")
            let id = try await api.createList(token, "Work")
            let edit = try await web.get("/lists/\(id)/edit")
            #expect(edit.status == .ok)
            let version = edit.hidden("version") ?? ""
            #expect(edit.body.contains("value=\"blue\" checked"))
            let saved = try await web.post(
                "/lists/\(id)",
                [
                    "version": version, "name": "Office", "description": "Desk things", "color": "purple", "icon": "",
                ])
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/lists/\(id)")
            let stale = try await web.post(
                "/lists/\(id)",
                [
                    "version": version, "name": "Studio", "color": "red",
                ])
            #expect(stale.status == .conflict)
            #expect(stale.body.contains("This was changed elsewhere since you opened it"))
            #expect(stale.body.contains("value=\"Office\"") && stale.body.contains("value=\"purple\" checked"))
            let list = try await api.call(.get, "/api/v1/lists/\(id)", token: token)
            #expect(list.string("name") == "Office" && list.string("color") == "purple")

            let inbox =
                try await api.call(.get, "/api/v1/lists", token: token).array("lists")
                .first { $0["isInbox"] as? Bool == true }?["id"] as? String ?? ""
            let inboxEdit = try await web.get("/lists/\(inbox)/edit")
            #expect(inboxEdit.body.contains("The Inbox keeps its name."))
            let renamed = try await web.post(
                "/lists/\(inbox)",
                [
                    "version": inboxEdit.hidden("version") ?? "", "name": "Elsewhere", "color": "blue",
                ])
            #expect(renamed.status == .conflict)
            #expect(renamed.body.contains("The Inbox cannot be renamed."))
        }
    }

    @Test func LIST2_listsAreArchivedAndReordered() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("quin")
            let token = try await web.apiToken("quin")
            let a = try await api.createList(token, "Alpha")
            let b = try await api.createList(token, "Beta")
            let c = try await api.createList(token, "Gamma")
            func order() async throws -> [String] {
                try await api.call(.get, "/api/v1/lists", token: token).array("lists")
                    .compactMap { $0["name"] as? String }
            }
            _ = try await web.get("/lists")
            #expect(try await web.post("/lists/\(c)/move", ["direction": "up"]).status == .seeOther)
            #expect(try await order() == ["Inbox", "Alpha", "Gamma", "Beta"])
            #expect(try await web.post("/lists/\(a)/move", ["direction": "down"]).status == .seeOther)
            #expect(try await order() == ["Inbox", "Gamma", "Alpha", "Beta"])
            let dragged = try await web.post("/lists/\(b)/move", ["before": a], fetch: true)
            #expect(dragged.status == .ok && dragged.body.contains("\"ok\":true"))
            #expect(try await order() == ["Inbox", "Gamma", "Beta", "Alpha"])

            #expect(try await web.post("/lists/\(b)/archive", ["archived": "1"]).status == .seeOther)
            var page = try await web.get("/lists")
            #expect(page.body.contains("Archived &#39;Beta&#39;."))
            #expect(archivedSection(page).contains("Beta"))
            #expect(try await web.post("/lists/\(b)/archive", ["archived": "1"]).status == .seeOther)
            page = try await web.get("/lists")
            #expect(archivedSection(page).contains("Beta"), "pressing Archive twice keeps it archived")
            #expect(try await web.post("/lists/\(b)/archive", [:]).status == .seeOther)
            page = try await web.get("/lists")
            #expect(!archivedSection(page).contains("Beta"), "without a state it toggles")
        }
    }

    /// The archived section of /lists: from its heading to the end of `main`.
    private func archivedSection(_ page: WebPageResponse) -> Substring {
        guard let start = page.body.range(of: "id=\"archived-heading\""),
            let end = page.body.range(of: "</main>", range: start.upperBound..<page.body.endIndex)
        else { return "" }
        return page.body[start.upperBound..<end.lowerBound]
    }

    @Test func LIST3_deleteListAsksFirstAndTheInboxIsRefused() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("rae")
            let token = try await web.apiToken("rae")
            let id = try await api.createList(token, "Old stuff")
            _ = try await api.createTask(token, ["title": "Thing", "listId": id])
            _ = try await web.get("/lists")
            let asked = try await web.post("/lists/\(id)/delete", ["back": "/lists"])
            #expect(asked.status == .ok)
            #expect(asked.body.contains("its open task go to the trash"))
            #expect(asked.body.contains("name=\"confirmed\" value=\"1\""))
            let deleted = try await web.post("/lists/\(id)/delete", ["confirmed": "1"])
            #expect(deleted.status == .seeOther && deleted.location == "/lists")
            let trash = try await api.call(.get, "/api/v1/trash", token: token)
            #expect((trash["lists"] as? [[String: Any]])?.first?["name"] as? String == "Old stuff")

            let inbox =
                try await api.call(.get, "/api/v1/lists", token: token).array("lists")
                .first { $0["isInbox"] as? Bool == true }?["id"] as? String ?? ""
            let refused = try await web.post("/lists/\(inbox)/delete", ["confirmed": "1"])
            #expect(refused.status == .conflict)
            #expect(refused.body.contains("The Inbox cannot be deleted."))
        }
    }

    @Test func LIST4_listsPageShowsOpenCountsAndMoveButtons() async throws {
        try await TestServer.fresh { api in
            let web = WebClient(api.client)
            try await web.register("sam")
            let token = try await web.apiToken("sam")
            let id = try await api.createList(token, "Chores")
            _ = try await api.createTask(token, ["title": "Sweep", "listId": id])
            _ = try await api.createTask(token, ["title": "Mop", "listId": id])
            let page = try await web.get("/lists")
            #expect(page.status == .ok)
            #expect(page.body.contains("2 open tasks"))
            #expect(page.body.contains("id=\"move-up-\(id)\""))
            #expect(!page.body.contains("id=\"move-down-\(id)\""), "the last list cannot move down")
            #expect(page.body.contains("href=\"/lists/\(id)/edit\""))
            #expect(page.body.contains("<span class=\"badge\">Inbox</span>"))
        }
    }
}
