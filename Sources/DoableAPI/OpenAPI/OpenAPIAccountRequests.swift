/// What registration, sign-in, the profile and tokens accept (the `allowed:` sets and reads of each handler).
extension OpenAPI {
    static let personName = text("1 to 30 characters after trimming.", minLength: 1, maxLength: 30)
    static let password = text("8 to 72 bytes (UTF-8).", minLength: 8, maxLength: 72)
    static let genderDescription = nullable(
        text("1 to 30 characters, only with gender selfDescribed; otherwise null or empty.", maxLength: 30))
    static let dateOfBirth = nullable(text("YYYY-MM-DD; not in the future and at least 13 years ago.", format: "date"))

    static let accountRequestSchemas: [String: JSONValue] = [
        "RegistrationRequest": obj(
            [
                "email": ref("Email"),
                "password": password,
                "username": ref("Username"),
                "firstName": personName,
                "lastName": personName,
                "gender": nullable(ref("Gender")),
                "genderDescription": genderDescription,
                "dateOfBirth": dateOfBirth,
                "educationLevel": nullable(ref("EducationLevel")),
                "phone": nullable(ref("Phone")),
                "invitation": text("ACC-12: the secret of an invitation link (the part after /join/)."),
            ], required: ["email", "password", "username", "firstName", "lastName"], description: "ACC-1.",
            examples: [
                .object([
                    "email": .string("ann@example.com"), "password": .string("a long secret"), "username": .string("ann"),
                    "firstName": .string("Ann"), "lastName": .string("Lee"), "dateOfBirth": .string("1990-04-01"),
                    "phone": .string("+14155550123"),
                ])
            ]),
        "SignInRequest": obj(
            [
                "login": text("The email or the username (case-insensitive)."), "password": text(),
                "totp": text("ACC-10: the 6-digit code of the authenticator app."),
                "recoveryCode": text("ACC-10: one of the recovery codes (dashes and case ignored)."),
            ], required: ["login", "password"],
            examples: [.object(["login": .string("ann"), "password": .string("a long secret")])]),
        "ProfilePatch": obj(
            [
                "email": ref("Email"),
                "username": ref("Username"),
                "firstName": personName,
                "lastName": personName,
                "gender": nullable(ref("Gender")),
                "genderDescription": genderDescription,
                "dateOfBirth": dateOfBirth,
                "educationLevel": nullable(ref("EducationLevel")),
                "phone": nullable(ref("Phone")),
                "showEmail": bool,
                "showPhone": bool,
                "preferences": preferencesInput,
            ], required: [], description: "ACC-3 and ACC-7: only the fields given change; null clears a nullable one."),
        "ChangePasswordRequest": obj(["currentPassword": text(), "newPassword": password]),
        "DeleteAccountRequest": obj(["password": text("The current password.")]),
        "CreateTokenRequest": obj(
            [
                "name": text("1 to 100 characters after trimming.", minLength: 1, maxLength: 100),
                "kind": text("Default accessToken.", enum: ["accessToken", "appPassword"]),
                "scope": described("CredentialScope", "Default readWrite."),
                "expiresAt": nullable(text("In the future; null or absent for no expiry.", format: "date-time")),
                "totp": text("ACC-10: with two-factor sign-in on, a code of the authenticator app …"),
                "recoveryCode": text("… or one of the recovery codes."),
            ], required: ["name"], description: "ACC-5.",
            examples: [.object(["name": .string("Backup script"), "kind": .string("accessToken"), "scope": .string("read")])]),
    ]

    static let channelChoice: SchemaProperties = ["inApp": bool, "email": bool, "webhook": bool, "push": bool]

    static let preferencesInput = obj(
        [
            "timeZone": text("An IANA time zone name like Europe/Berlin.", pattern: "^[A-Za-z0-9/_+-]{1,64}$"),
            "weekStart": ref("Weekday"),
            "theme": ref("Theme"),
            "accentColor": ref("ColorInput"),
            "defaultSort": ref("TaskSort"),
            "quietHours": nullable(
                obj(
                    [
                        "start": ref("ClockTime"), "end": ref("ClockTime"),
                        "mode": described("QuietHoursMode", "Default silent."),
                    ], required: ["start", "end"])),
            "notificationChannels": obj(
                channelChoice
                    + [
                        "byKind": obj(
                            SchemaProperties(kindsWithChannels.map { (name: $0, schema: obj(channelChoice, required: [])) }),
                            required: [],
                            description: """
                                NOTIF-2: channels per kind of notification; a channel left out keeps what the kind has \
                                now. reminderMissed is in-app only. An unknown kind or channel is refused with 400 naming \
                                it (preferences.notificationChannels.byKind.reminder.email).
                                """)
                    ], required: []),
            "gameOptIn": bool,
            "calDAVAccountPassword": bool,
        ], required: [], description: "ACC-7: only the fields given change; quietHours null clears them.")
}
