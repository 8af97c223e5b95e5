/// Issue 31's answers and requests (API/AccountSecurityDTOs.swift).
extension OpenAPI {
    static let securitySchemas: [String: JSONValue] = [
        "Accepted": obj(["message": text("What happens next, for people.")], description: "ACC-8, ACC-9: taken."),
        "TwoFactorStatus": obj(
            [
                "enabled": boolean("Sign-in asks for a code."),
                "pending": boolean("A set-up was started and not yet confirmed."),
                "recoveryCodesLeft": integer("Recovery codes not yet used.", minimum: 0, maximum: 10),
            ], description: "ACC-10."),
        "TwoFactorEnrolment": obj(
            [
                "secret": text("The secret in Base32, to type into the app.", pattern: "^[A-Z2-7]{32}$"),
                "otpauthUri": text("otpauth://totp/… (SHA-1, 6 digits, 30 s).", pattern: "^otpauth://totp/"),
                "qrSvg": text("The URI as a QR code, an SVG document (dark on white)."),
            ], description: "ACC-10: the secret is shown again only until the set-up is confirmed."),
        "RecoveryCodes": obj(
            [
                "recoveryCodes": array(
                    text(pattern: "^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{2}$"), minItems: 10, maxItems: 10,
                    description: "Each signs in once instead of a code; shown only here.")
            ], description: "ACC-10."),
        "Invitation": obj(
            [
                "id": idSchema,
                "email": nullable(described("Email", "Only this address may register with it; null: anyone.")),
                "listId": nullable(described("Id", "A list shared with the address; it joins it on registering.")),
                "role": nullable(ref("ListRole")),
                "createdBy": idSchema,
                "createdAt": timestamp,
                "expiresAt": timestamp,
            ], description: "ACC-12: an invitation not yet used."),
        "IssuedInvitation": obj(
            [
                "invitation": ref("Invitation"),
                "url": text("The link to open, shown only in this answer.", format: "uri"),
                "emailed": boolean("Whether the link was emailed to the invitation's address."),
            ], description: "ACC-12."),
        "AdminAccount": obj(
            [
                "id": idSchema,
                "username": ref("Username"),
                "email": ref("Email"),
                "displayName": text(minLength: 1),
                "isAdmin": bool,
                "isDisabled": bool,
                "disabledReason": nullable(text("Shown to the member at sign-in.")),
                "emailVerified": bool,
                "twoFactorEnabled": bool,
                "createdAt": timestamp,
                "lastSeenAt": nullable(described("Timestamp", "When a credential of it was last used; null: never.")),
            ], description: "ADMIN-1: an account as the admins see it."),
        "AdminAccountPage": obj(
            ["accounts": array(ref("AdminAccount")), "total": integer("Accounts matching the search.", minimum: 0)],
            description: "ADMIN-1."),
        "AuditEntry": obj(
            [
                "id": idSchema,
                "at": timestamp,
                "actorId": nullable(described("Id", "Null: the server's command line (doable admin …).")),
                "actorName": text("The admin's username then, or “command line”."),
                "action": text(
                    enum: [
                        "disable", "enable", "delete", "grantAdmin", "revokeAdmin", "create", "resetPasswordLink",
                        "invite", "revokeInvitation",
                    ]),
                "targetId": nullable(idSchema),
                "targetName": text("The account's username then; empty for an invitation."),
                "detail": text("A disable's reason, an invitation's address."),
            ], description: "ADMIN-2: one admin action."),
    ]

    static let securityRequestSchemas: [String: JSONValue] = [
        "PasswordResetRequest": obj(["email": text("The account's email address.", maxLength: 254)]),
        "ResetPasswordRequest": obj(["password": password]),
        "ConfirmTwoFactorRequest": obj(["code": text("The 6 digits the app shows now.")]),
        "SecondFactorRequest": obj(
            [
                "totp": text("The 6-digit code of the authenticator app …"),
                "recoveryCode": text("… or one of the recovery codes."),
            ], required: []),
        "DisableTwoFactorRequest": obj(
            [
                "password": text("The current password."),
                "totp": text("The 6-digit code of the authenticator app …"),
                "recoveryCode": text("… or one of the recovery codes."),
            ], required: ["password"]),
        "CreateInvitationRequest": obj(
            [
                "email": nullable(described("Email", "Only this address may register with it; emailed to it.")),
                "expiresInDays": integer("Default 7.", minimum: 1, maximum: 90),
            ], required: []),
        "DisableAccountRequest": obj(
            ["reason": text("Shown to the member at sign-in; 1 to 500 characters.", minLength: 1, maxLength: 500)]),
    ]
}
