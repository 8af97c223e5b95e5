/// The error shape and the account's answers (API/AccountDTOs.swift).
extension OpenAPI {
    static let errorCodesDescription = """
        Machine-readable: validation_failed, unauthenticated, forbidden, not_found, already_exists, already_member, \
        owner_role, owner_needs_admin, owner_cannot_leave, inbox_protected, in_trash, not_in_trash, task_done, \
        edit_conflict, version_mismatch, payload_too_large, unsupported_media_type, rate_limited, query_timeout, \
        database_unavailable, storage_full, not_ready; for the marketplace and photos posting_assigned, \
        posting_closed, posting_not_assigned, posting_not_done, own_posting, bid_not_open, already_reviewed, \
        too_many_photos, photo_too_large; for the game game_already_on, game_already_off, game_off, item_retired, \
        already_owned, not_enough_points, not_owned, no_streak_to_restore.
        """

    static let accountSchemas: [String: JSONValue] = [
        "Error": obj(
            [
                "error": obj([
                    "code": text(errorCodesDescription),
                    "message": text("A sentence for people."),
                    "field": nullable(text("The input at fault, dotted for nested fields (preferences.timeZone), or null.")),
                ])
            ], description: "INTEROP-3: the one error shape."),
        "QuietHours": obj(
            ["start": ref("ClockTime"), "end": ref("ClockTime"), "mode": ref("QuietHoursMode")],
            description: "NOTIF-3: in the member's time zone; an end before the start spans midnight."),
        "ChannelSet": obj(
            [
                "inApp": boolean("The in-app notification centre."),
                "email": boolean("An email to the account's address (through the server's SMTP server)."),
                "webhook": boolean("A POST to each of the account's webhooks subscribed to the kind's event."),
                "push": boolean("REACH-3: a Web Push message to each device the member turned push on for."),
            ], description: "NOTIF-2: the channels one kind of notification reaches."),
        "NotificationChannels": obj(
            [
                "inApp": boolean("Default true."),
                "email": boolean("Default false."),
                "webhook": boolean("Default true: making a webhook that subscribes to an event is already the choice."),
                "push": boolean("Default true: turning push on for a device is already the choice (REACH-3)."),
                "byKind": .object([
                    "type": .string("object"),
                    "description": .string(
                        """
                        Channels for single kinds of notification, by kind; a kind not named here uses inApp, email and \
                        webhook and push above (reminderMissed is in-app only).
                        """),
                    "propertyNames": text(enum: kindsWithChannels),
                    "additionalProperties": ref("ChannelSet"),
                ]),
            ], description: "NOTIF-2: the channels the member hears notifications on."),
        "Preferences": obj(
            [
                "timeZone": text("An IANA time zone name.", examples: ["Europe/Berlin"]),
                "weekStart": ref("Weekday"),
                "theme": ref("Theme"),
                "accentColor": ref("Color"),
                "defaultSort": ref("TaskSort"),
                "quietHours": ref("QuietHours"),
                "notificationChannels": ref("NotificationChannels"),
                "gameOptIn": bool,
                "calDAVAccountPassword": boolean(
                    "INTEROP-1: whether the account's password signs CalDAV apps in (app passwords always do). Default true."),
            ],
            required: [
                "timeZone", "weekStart", "theme", "accentColor", "defaultSort", "notificationChannels", "gameOptIn",
                "calDAVAccountPassword",
            ], description: "ACC-7. `quietHours` is absent when none are set."),
        "Account": obj(
            [
                "id": idSchema,
                "email": ref("Email"),
                "username": ref("Username"),
                "firstName": text(minLength: 1),
                "lastName": text(minLength: 1),
                "gender": nullable(ref("Gender")),
                "genderDescription": nullable(text("Set only with gender selfDescribed (1 to 30 characters).", minLength: 1)),
                "dateOfBirth": nullable(ref("Day")),
                "educationLevel": nullable(ref("EducationLevel")),
                "phone": nullable(ref("Phone")),
                "showEmail": boolean("Whether the public profile shows the email."),
                "showPhone": boolean("Whether the public profile shows the phone."),
                "isAdmin": bool,
                "emailVerified": boolean("ACC-9: whether the member confirmed the email address."),
                "twoFactorEnabled": boolean("ACC-10: whether sign-in asks for a second factor."),
                "inboxId": idSchema,
                "preferences": ref("Preferences"),
                "createdAt": timestamp,
                "updatedAt": timestamp,
            ], description: "ACC-1 and ACC-3: the signed-in member's own account."),
        "Session": obj([
            "account": ref("Account"),
            "token": text("A session secret for `Authorization: Bearer`; valid for 90 days.", pattern: "^dses_[A-Za-z0-9_-]{43}$"),
        ]),
        "PublicProfile": obj(
            [
                "username": ref("Username"),
                "displayName": text("First and last name, or the username when both are empty.", minLength: 1),
                "email": nullable(described("Email", "Null unless the member chose to show it.")),
                "phone": nullable(ref("Phone")),
                "market": ref("MarketProfile"),
            ], description: "ACC-3: what any member may see of another, with its standing on the marketplace."),
        "Credential": obj(
            [
                "id": idSchema,
                "name": text("Session for sign-in sessions; otherwise as given (1 to 100 characters).", minLength: 1),
                "kind": ref("CredentialKind"),
                "scope": ref("CredentialScope"),
                "createdAt": timestamp,
                "expiresAt": nullable(timestamp),
                "isCurrent": boolean("Whether this is the credential of the request."),
                "deviceName": nullable(text("ACC-11: the device it was made on, from its user agent.")),
                "address": nullable(text("ACC-11: the client address it was last used from.")),
                "lastUsedAt": nullable(described("Timestamp", "ACC-11: when it was last used (up to 5 minutes behind).")),
            ], description: "ACC-5: a session, access token or app password; its secret is never shown again."),
        "IssuedCredential": obj([
            "credential": ref("Credential"),
            "secret": text("Shown only in this response.", pattern: "^(dpat|dapp)_[A-Za-z0-9_-]{43}$"),
        ]),
    ]
}
