/// Issue 31: forgotten passwords (ACC-8), email confirmation (ACC-9), two-factor sign-in (ACC-10), sessions and
/// devices (ACC-11), invitations (ACC-12).
extension OpenAPI {
    static let secondFactorNeeded = """
        `totp_required` when no code was sent, `totp_invalid` when it is wrong or was used already.
        """

    static let securityPaths: [String: [String: Operation]] = [
        "/api/v1/password-resets": [
            "post": Operation(
                tag: "Accounts", id: "requestPasswordReset",
                summary: "ACC-8: email a link to reset the password of the account with this address.",
                description: """
                    Always 202, whether an account has the address or not. The link works once, for an hour. At most 3 \\
                    links per account an hour (more asks send nothing, and answer the same) and 10 asks per client \\
                    address in 15 minutes (then 429).
                    """,
                body: "PasswordResetRequest", status: 202, ok: ok(ref("Accepted"), "Taken."), statuses: [429],
                isPublic: true, tooMany: "Too many asks from this address (Retry-After).")
        ],
        "/api/v1/password-resets/{token}": [
            "post": Operation(
                tag: "Accounts", id: "resetPassword",
                summary: "ACC-8: set a new password with a reset link's secret; ends every session, token and app password.",
                parameters: [pathParameter("token", "The secret of the reset link (the part after /reset-password/).", text(maxLength: 200))],
                body: "ResetPasswordRequest", status: 204, statuses: [404], isPublic: true,
                notFound: "The link does not exist, has expired or was used already (`field` token).")
        ],
        "/api/v1/email-verifications/{token}": [
            "post": Operation(
                tag: "Accounts", id: "verifyEmail", summary: "ACC-9: confirm an email address with the link's secret.",
                parameters: [pathParameter("token", "The secret of the confirmation link (the part after /verify-email/).", text(maxLength: 200))],
                ok: ok(ref("Account"), "Confirmed."), statuses: [404], isPublic: true,
                notFound: "The link does not exist, has expired, was used, or the account's address changed since.")
        ],
        "/api/v1/me/email-verification": [
            "post": Operation(
                tag: "Accounts", id: "sendEmailVerification",
                summary: "ACC-9: email a new link to confirm the account's address (at most 3 an hour).",
                status: 202, ok: ok(ref("Accepted"), "Sent."), conflicts: ["already_verified", "no_mail_server"],
                tooMany: "3 links were sent this hour, or 10 emails were asked for from this address in 15 minutes.")
        ],
        "/api/v1/sessions/{id}": [
            "delete": Operation(
                tag: "Accounts", id: "endSession",
                summary: "ACC-11: end one session, access token or app password of the account (this one too).",
                parameters: [idParameter], status: 204, statuses: [404])
        ],
        "/api/v1/me/totp": [
            "get": Operation(
                tag: "Accounts", id: "getTwoFactor", summary: "ACC-10: whether two-factor sign-in is on.",
                ok: ok(ref("TwoFactorStatus")), isReadOnly: true),
            "post": Operation(
                tag: "Accounts", id: "startTwoFactor",
                summary: "ACC-10: start setting up two-factor sign-in: a new secret, not in force until confirmed.",
                status: 201, ok: ok(ref("TwoFactorEnrolment"), "Scan the QR code or type the secret into the app."),
                conflicts: ["totp_enabled", "edit_conflict"]),
            "delete": Operation(
                tag: "Accounts", id: "disableTwoFactor",
                summary: "ACC-10: turn two-factor sign-in off; needs the password and a code.",
                description: "The password check counts against the sign-in limits.",
                body: "DisableTwoFactorRequest", status: 204, statuses: [429], conflicts: ["edit_conflict"],
                unauthorized: "No valid credentials, or " + secondFactorNeeded, forbidden: wrongPassword,
                tooMany: passwordRecheckLimited, unauthorizedCodes: ["unauthenticated", "totp_required", "totp_invalid"]),
        ],
        "/api/v1/me/totp/confirm": [
            "post": Operation(
                tag: "Accounts", id: "confirmTwoFactor",
                summary: "ACC-10: confirm the set-up with the app's first code; answers the recovery codes, once.",
                body: "ConfirmTwoFactorRequest", ok: ok(ref("RecoveryCodes")),
                conflicts: ["totp_not_started", "edit_conflict"],
                badRequest: "The code is not the one the app shows now (`field` code).")
        ],
        "/api/v1/me/totp/recovery-codes": [
            "post": Operation(
                tag: "Accounts", id: "renewRecoveryCodes",
                summary: "ACC-10: ten new recovery codes in place of the old; needs a code.",
                body: "SecondFactorRequest", ok: ok(ref("RecoveryCodes")), conflicts: ["totp_disabled", "edit_conflict"],
                unauthorized: "No valid credentials, or " + secondFactorNeeded,
                unauthorizedCodes: ["unauthenticated", "totp_required", "totp_invalid"])
        ],
        "/api/v1/invitations": [
            "get": Operation(
                tag: "Accounts", id: "listInvitations",
                summary: "ACC-12: invitations not yet used — an admin sees everyone's, a member their own.",
                ok: ok(wrapper("invitations", "Invitation")), isReadOnly: true),
            "post": Operation(
                tag: "Accounts", id: "createInvitation",
                summary: "ACC-12: a single-use invitation link, optionally for one email (emailed to it).",
                description: "Admins, and members when the server runs with --members-may-invite.",
                body: "CreateInvitationRequest", status: 201, ok: ok(ref("IssuedInvitation"), "Made; the link is shown once."),
                forbidden: """
                    The caller may not invite (`forbidden`), or registration is closed (`registration_closed`), or \\
                    the token may only read.
                    """,
                forbiddenCodes: ["forbidden", "registration_closed"]),
        ],
        "/api/v1/invitations/{id}": [
            "delete": Operation(
                tag: "Accounts", id: "revokeInvitation",
                summary: "ACC-12: withdraw an invitation not yet used (its maker or an admin).",
                parameters: [idParameter], status: 204, statuses: [404])
        ],
    ]

    static let accountAdminNotFound =
        "The caller is not an admin (admin paths answer 404 to everyone else), or no account has this id."

    static let adminAccountPaths: [String: [String: Operation]] = [
        "/api/v1/admin/accounts": [
            "get": Operation(
                tag: "Admin", id: "adminListAccounts",
                summary: "ADMIN-1: accounts, oldest first, with when they were made and last seen (admins only).",
                parameters: [
                    query("q", text(maxLength: 254), "Words in the email, username or name (any case)."),
                    query("limit", integer(minimum: 1, maximum: 500, default: 50), "How many."),
                    query("offset", integer(minimum: 0, maximum: 1_000_000, default: 0), "How many to skip."),
                ],
                ok: ok(ref("AdminAccountPage")), statuses: [400, 404], isReadOnly: true,
                badRequest: "`limit`, `offset` or `q` is out of range.", notFound: accountAdminNotFound)
        ],
        "/api/v1/admin/accounts/{id}": [
            "delete": Operation(
                tag: "Admin", id: "adminDeleteAccount",
                summary: "ADMIN-1: delete an account and everything of its own, as ACC-6 (admins only).",
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["last_admin", "self_delete"],
                notFound: accountAdminNotFound)
        ],
        "/api/v1/admin/accounts/{id}/disable": [
            "post": Operation(
                tag: "Admin", id: "adminDisableAccount",
                summary: "ADMIN-1: disable an account; every session, stream and token of it ends at once.",
                description: "The reason is shown to the member when they sign in with the right password.",
                parameters: [idParameter], body: "DisableAccountRequest", ok: ok(ref("AdminAccount")),
                statuses: [404], conflicts: ["last_admin", "self_disable", "edit_conflict"],
                notFound: accountAdminNotFound)
        ],
        "/api/v1/admin/accounts/{id}/enable": [
            "post": Operation(
                tag: "Admin", id: "adminEnableAccount", summary: "ADMIN-1: enable a disabled account again.",
                parameters: [idParameter], ok: ok(ref("AdminAccount")), statuses: [404], conflicts: ["edit_conflict"],
                notFound: accountAdminNotFound)
        ],
        "/api/v1/admin/accounts/{id}/grant": [
            "post": Operation(
                tag: "Admin", id: "adminGrantAdmin", summary: "ADMIN-1: make the account an admin.",
                parameters: [idParameter], ok: ok(ref("AdminAccount")), statuses: [404], conflicts: ["edit_conflict"],
                notFound: accountAdminNotFound)
        ],
        "/api/v1/admin/accounts/{id}/revoke": [
            "post": Operation(
                tag: "Admin", id: "adminRevokeAdmin", summary: "ADMIN-1: take the admin role away (never the last admin's).",
                parameters: [idParameter], ok: ok(ref("AdminAccount")), statuses: [404],
                conflicts: ["last_admin", "edit_conflict"], notFound: accountAdminNotFound)
        ],
        "/api/v1/admin/audit": [
            "get": Operation(
                tag: "Admin", id: "adminAuditLog",
                summary: "ADMIN-2: every admin action, newest first: who, what, when, to whom (admins only).",
                parameters: [
                    query("limit", integer(minimum: 1, maximum: 500, default: 100), "How many."),
                    query("before", ref("Id"), "Entries older than this one (for the next page)."),
                ],
                ok: ok(wrapper("entries", "AuditEntry")), statuses: [400, 404], isReadOnly: true,
                badRequest: "`limit` or `before` is not valid.", notFound: accountAdminNotFound)
        ],
    ]
}
