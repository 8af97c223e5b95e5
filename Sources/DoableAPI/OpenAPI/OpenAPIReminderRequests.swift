/// What the reminder and webhook operations accept.
extension OpenAPI {
    static let atInput = text(
        """
        An RFC 3339 date-time (an offset is converted to UTC), not more than a minute in the past and at most 10 years \
        ahead.
        """,
        format: "date-time")
    static let offsetInput = integer(
        "Minutes from the date, -527,040 to 527,040 (a year either way); negative is before. Default 0.", minimum: -527_040,
        maximum: 527_040)
    static let anchorInput = described("ReminderAnchor", "The task must have this date (400 naming relativeTo otherwise).")

    // `at` (a string) excludes relativeTo and offsetMinutes; offsetMinutes needs relativeTo; `at: null` counts as
    // absent.
    static let neitherAnchorNorOffset: JSONValue = .object([
        "anyOf": .array([requiring("relativeTo"), requiring("offsetMinutes")])
    ])
    static let atAlone: JSONValue = .object([
        "required": .array([.string("at")]), "properties": .object(["at": .object(["type": .string("string")])]),
        "not": neitherAnchorNorOffset,
    ])
    static let relative: JSONValue = .object([
        "required": .array([.string("relativeTo")]), "properties": .object(["at": nullType]),
    ])
    static let noTrigger: JSONValue = .object(["properties": .object(["at": nullType]), "not": neitherAnchorNorOffset])

    static let reminderRequestSchemas: [String: JSONValue] = [
        "CreateReminderRequest": obj(
            ["at": nullable(atInput), "relativeTo": anchorInput, "offsetMinutes": offsetInput], required: [],
            description: """
                NOTIF-1: either `at` (a moment), or `relativeTo` with `offsetMinutes`; `at: null` counts as absent. \
                Both, neither, or offsetMinutes without relativeTo: 400 naming the field (at, or relativeTo).
                """,
            examples: [
                .object(["relativeTo": .string("due"), "offsetMinutes": .int(-15)]),
                .object(["at": .string("2099-01-30T08:00:00Z")]),
            ],
            oneOf: [atAlone, relative]),
        "UpdateReminderRequest": obj(
            [
                "at": nullable(atInput),
                "relativeTo": anchorInput,
                "offsetMinutes": offsetInput,
                "silenced": boolean(
                    """
                    NOTIF-3: true silences it (and ends a snooze) until the task's next occurrence; false lets it fire \
                    again.
                    """),
            ], required: [],
            description: """
                NOTIF-1 and NOTIF-3: a new trigger (as for a new reminder; it replaces the old one, and the reminder \
                may fire again for its new moment), and or `silenced`; only what is given changes.
                """,
            examples: [.object(["silenced": .bool(true)]), .object(["relativeTo": .string("start")])],
            oneOf: [atAlone, relative, noTrigger]),
        "SnoozeReminderRequest": obj(
            [
                "minutes": integer("Fire again this many minutes from now, 1 to 10,080 (a week).", minimum: 1, maximum: 10_080),
                "until": text("Fire again at this moment: in the future, at most 366 days ahead.", format: "date-time"),
                "preset": text(
                    "5m, 1h, or tomorrow (09:00 tomorrow in the member's time zone).", enum: ["5m", "1h", "tomorrow"]),
            ], required: [],
            description: """
                NOTIF-3: exactly one of `minutes`, `until` and `preset`. It works also after the reminder fired, and \
                ends silencing.
                """,
            examples: [.object(["preset": .string("1h")]), .object(["minutes": .int(20)])],
            oneOf: [requiring("minutes"), requiring("until"), requiring("preset")]),
        "CreatePushSubscriptionRequest": obj(
            [
                "endpoint": text(
                    """
                    The push service's URL for the device (http or https with a host, at most 2,000 bytes, not this \
                    server, and not a loopback, private, link-local or unique-local address unless an admin allows \
                    the range with --allow-outgoing: OPS-7). The same endpoint again renews its keys.
                    """, minLength: 1, maxLength: 2000),
                "expirationTime": nullable(.object(["type": .string("number")])),
                "keys": obj(
                    [
                        "p256dh": text("The browser's P-256 public key, uncompressed (65 bytes), base64url."),
                        "auth": text("The browser's 16-byte authentication secret, base64url."),
                    ]),
            ], optional: ["expirationTime"],
            description: "REACH-3: what the browser's `PushSubscription.toJSON()` gives. An account has at most 20 devices."),
        "CreateWebhookRequest": obj(
            [
                "url": text(
                    """
                    An http:// or https:// address with a host, without user name or password, at most 2,000 bytes \
                    after trimming spaces, not this server itself, and not a loopback, private, link-local or \
                    unique-local address in any written form (OPS-7; an admin may allow ranges with \
                    --allow-outgoing). The addresses a host name resolves to are checked again at each call; \
                    redirects are not followed.
                    """,
                    minLength: 1, maxLength: 2000),
                "events": array(
                    ref("WebhookEvent"), minItems: 1, maxItems: 100, description: "At least one; repeats are dropped."),
            ], description: "INTEROP-4: an account has at most 20 webhooks.",
            examples: [
                .object([
                    "url": .string("https://example.com/doable-hook"),
                    "events": .array([.string("reminder"), .string("task.completed")]),
                ])
            ]),
    ]
}
