/// ACC: registration, sessions, the profile, its export and deletion, and tokens.
extension OpenAPI {
    static let passwordLimits = """
        Wrong passwords are limited per account, whichever login (email or username, any case) or address they came \
        with, and counting the password checks of a password change or an account deletion: after 5 in 15 minutes the \
        account answers 429 with Retry-After, even to the right password. Per client address (through trusted proxies, \
        see X-Forwarded-For in the README) failures are not locked out but slowed down: past 10, each attempt waits, \
        twice as long per further failure, at most 8 s; more than 16 waiting at once answer 429.
        """
    static let passwordLimited = """
        Too many wrong passwords for this account (Retry-After says when to try again, even with the right password), \
        or too many attempts waiting from this address.
        """
    static let passwordRecheckLimited = """
        Too many wrong passwords for this account (Retry-After says when to try again, even with the right password), \
        or too many attempts waiting from this address, or too many requests of this account at once (more than 16 \
        running and 512 waiting).
        """
    static let wrongPassword = "The token may only read, or the password is wrong (`field` names it)."

    static let accountPaths: [String: [String: Operation]] = [
        "/api/v1/accounts": [
            "post": Operation(
                tag: "Accounts", id: "register", summary: "ACC-1: register; answers with the account and a session token.",
                description: """
                    ACC-12: as the server's registration mode allows: `open` (anyone), `invite` (with `invitation`, \
                    the secret of an invitation link; an invitation for one email takes only that email) or `closed` \
                    (403 `registration_closed`). An invitation to a list makes the new member a member of it. ACC-9: \
                    when the server requires confirmed addresses, a confirmation link is emailed at once.
                    """,
                body: "RegistrationRequest", status: 201, ok: ok(ref("Session"), "Registered and signed in."),
                statuses: [403, 404, 429], conflicts: ["already_exists"], isPublic: true,
                badRequest: """
                    A rule is broken (including a date of birth less than 13 years ago or in the future, a gender \
                    description without gender selfDescribed); `field` names the input.
                    """,
                forbidden: "`registration_closed`, or `invitation_required` (`field` invitation).",
                notFound: "The invitation does not exist, has expired or was used (`field` invitation).",
                tooMany: """
                    This address was told 20 times within 15 minutes that an email or username is taken: its \
                    registrations are refused until the oldest of those answers is 15 minutes old (Retry-After).
                    """,
                forbiddenCodes: ["registration_closed", "invitation_required"])
        ],
        "/api/v1/sessions": [
            "post": Operation(
                tag: "Accounts", id: "signIn", summary: "ACC-2: sign in with email or username and password.",
                description: passwordLimits, body: "SignInRequest", status: 201, ok: ok(ref("Session"), "Signed in; a new session."),
                statuses: [401, 403, 429], conflicts: ["edit_conflict"], isPublic: true,
                unauthorized: """
                    The login or the password is not correct (`unauthenticated`); or the account has two-factor \
                    sign-in (ACC-10) and no code was sent (`totp_required`: send `totp` or `recoveryCode` with the \
                    login and password), or the code is wrong or was used already (`totp_invalid`, which counts as a \
                    wrong password).
                    """,
                forbidden: "`account_disabled`: an admin disabled the account; the message gives their reason.",
                tooMany: passwordLimited, unauthorizedCodes: ["unauthenticated", "totp_required", "totp_invalid"],
                forbiddenCodes: ["account_disabled"]),
            "get": Operation(
                tag: "Accounts", id: "listSessions",
                summary: "ACC-11: every session, access token and app password of the account, with its device.",
                ok: ok(wrapper("sessions", "Credential")), isReadOnly: true),
            "delete": Operation(
                tag: "Accounts", id: "signOutEverywhere", summary: "ACC-2: sign out everywhere: ends every credential of the account.",
                description: """
                    Every session, personal access token and app password of the account ends, this one included; none \
                    is accepted once the answer is sent.
                    """,
                status: 204),
        ],
        "/api/v1/sessions/current": [
            "delete": Operation(
                tag: "Accounts", id: "signOut", summary: "ACC-2: sign out: ends the credential of this request.", status: 204)
        ],
        "/api/v1/me": [
            "get": Operation(
                tag: "Accounts", id: "getMe", summary: "ACC-3: own profile and preferences.", ok: ok(ref("Account")),
                isReadOnly: true),
            "patch": Operation(
                tag: "Accounts", id: "updateMe", summary: "ACC-3 and ACC-7: edit own profile and preferences.", body: "ProfilePatch",
                ok: ok(ref("Account")), conflicts: ["already_exists", "edit_conflict"]),
            "delete": Operation(
                tag: "Accounts", id: "deleteMe", summary: "ACC-6: delete own account and everything of it, at once; needs the password.",
                description: "The password check counts against the sign-in limits.", body: "DeleteAccountRequest", status: 204,
                statuses: [429], forbidden: wrongPassword, tooMany: passwordRecheckLimited),
        ],
        "/api/v1/me/password": [
            "put": Operation(
                tag: "Accounts", id: "changePassword", summary: "ACC-4: change password; ends every other credential of the account.",
                description: """
                    Every other session, personal access token and app password of the account ends; the caller's \
                    session stays (a token used for the change ends too). The check of the current password counts \
                    against the sign-in limits.
                    """,
                body: "ChangePasswordRequest", status: 204, statuses: [429], conflicts: ["edit_conflict"], forbidden: wrongPassword,
                tooMany: passwordRecheckLimited)
        ],
        "/api/v1/me/export": ["get": exportMe],
        "/api/v1/users/{username}": [
            "get": Operation(
                tag: "Accounts", id: "getPublicProfile",
                summary: "ACC-3: another member's public profile, for members (issue 27: not for strangers).",
                parameters: [usernameParameter], ok: ok(ref("PublicProfile")), statuses: [404], isReadOnly: true)
        ],
        "/api/v1/tokens": [
            "get": Operation(
                tag: "Tokens", id: "listTokens", summary: "ACC-5: sessions, access tokens and app passwords.",
                ok: ok(wrapper("tokens", "Credential")), isReadOnly: true),
            "post": Operation(
                tag: "Tokens", id: "createToken", summary: "ACC-5: a new access token or app password; its secret is shown once.",
                body: "CreateTokenRequest", status: 201, ok: ok(ref("IssuedCredential"), "Issued."), conflicts: ["edit_conflict"],
                unauthorized: "No valid credentials; or, with two-factor sign-in on (ACC-10), " + secondFactorNeeded,
                unauthorizedCodes: ["unauthenticated", "totp_required", "totp_invalid"]),
        ],
        "/api/v1/tokens/{id}": [
            "delete": Operation(
                tag: "Tokens", id: "revokeToken", summary: "ACC-5: revoke a session, access token or app password.",
                parameters: [idParameter], status: 204, statuses: [404])
        ],
    ]

    /// ACC-6 and INTEROP-5: the export as JSON, or the tasks alone as iCalendar or CSV.
    static let exportMe = Operation(
        tag: "Accounts", id: "exportMe",
        summary: "ACC-6 and INTEROP-5: everything of mine as JSON, or my tasks as iCalendar or CSV.",
        parameters: [
            query(
                "format", text(enum: ["json", "ics", "csv"]),
                """
                json (the default): everything; ics: the caller's live tasks as VTODOs; csv: the same tasks as a table \
                (RFC 4180, a header row; cells that start with = + - @ get a leading ').
                """)
        ],
        ok: .object([
            "description": .string("OK."),
            "content": .object([
                "application/json": .object(["schema": ref("Export")]),
                "text/calendar": .object(["schema": text("`format=ics`.")]),
                "text/csv": .object([
                    "schema": text(
                        """
                        `format=csv`: id, list, parent id, title, notes, status, priority, due, start, labels, \
                        estimated minutes, recurrence, completed at, created at.
                        """)
                ]),
            ]),
            "headers": .object([
                "Content-Disposition": header(
                    "For ics and csv: `attachment` with the file name doable-tasks.ics or doable-tasks.csv.", text(),
                    required: false)
            ]),
        ]),
        statuses: [400], isReadOnly: true, badRequest: "`format` is not json, ics or csv (`field` format).")

    /// OPS-3 and INTEROP-3: the probes and this document, which never wait on a database query.
    static let operationsPaths: [String: [String: Operation]] = [
        "/healthz": [
            "get": Operation(
                tag: "Operations", id: "getHealth", summary: "OPS-3: liveness; answers while the process runs.",
                ok: ok(obj(["status": text(const: "ok")])), isPublic: true, queriesDatabase: false)
        ],
        "/readyz": [
            "get": Operation(
                tag: "Operations", id: "getReadiness", summary: "OPS-3: readiness; answers 200 once the database answers.",
                ok: ok(obj(["status": text(const: "ready")])), isPublic: true, queriesDatabase: false,
                responses: ["503": errorResponse(503)])
        ],
        "/api/v1/openapi.json": [
            "get": Operation(
                tag: "Operations", id: "getOpenAPIDocument", summary: "INTEROP-3: this OpenAPI 3.1 document.",
                ok: ok(.object(["type": .string("object"), "required": .array([.string("openapi"), .string("info"), .string("paths")])])),
                isPublic: true, queriesDatabase: false)
        ],
    ]
}
