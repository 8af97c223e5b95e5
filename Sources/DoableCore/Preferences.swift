/// ACC-7: how a member wants Doable to behave for them.
public struct Preferences: Sendable, Equatable, Codable {
    public var timeZone: String = "UTC"
    public var weekStart: Weekday = .monday
    public var theme: Theme = .system
    public var accentColor: String = "#2563EB"
    public var defaultSort: TaskSort = .manual
    public var quietHours: QuietHours?
    public var notificationChannels: NotificationChannels = NotificationChannels()
    public var gameOptIn: Bool = false
    /// INTEROP-1: whether the account's password signs CalDAV clients in (app passwords always do).
    public var calDAVAccountPassword: Bool = true

    public init() {}

    enum CodingKeys: String, CodingKey {
        case timeZone, weekStart, theme, accentColor, defaultSort, quietHours, notificationChannels, gameOptIn,
            calDAVAccountPassword
    }

    /// Every key may be missing in preferences stored before it existed: it takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Preferences()
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone) ?? defaults.timeZone
        weekStart = try container.decodeIfPresent(Weekday.self, forKey: .weekStart) ?? defaults.weekStart
        theme = try container.decodeIfPresent(Theme.self, forKey: .theme) ?? defaults.theme
        accentColor = try container.decodeIfPresent(String.self, forKey: .accentColor) ?? defaults.accentColor
        defaultSort = try container.decodeIfPresent(TaskSort.self, forKey: .defaultSort) ?? defaults.defaultSort
        quietHours = try container.decodeIfPresent(QuietHours.self, forKey: .quietHours)
        notificationChannels =
            try container.decodeIfPresent(NotificationChannels.self, forKey: .notificationChannels)
            ?? defaults.notificationChannels
        gameOptIn = try container.decodeIfPresent(Bool.self, forKey: .gameOptIn) ?? defaults.gameOptIn
        calDAVAccountPassword =
            try container.decodeIfPresent(Bool.self, forKey: .calDAVAccountPassword)
            ?? defaults.calDAVAccountPassword
    }

    public enum Weekday: String, Sendable, Codable, CaseIterable { case monday, saturday, sunday }
    public enum Theme: String, Sendable, Codable, CaseIterable { case light, dark, system }

    public struct QuietHours: Sendable, Equatable, Codable {
        /// `HH:MM` in the member's time zone; `end` before `start` spans midnight.
        public var start: String
        public var end: String
        public var mode: Mode

        public enum Mode: String, Sendable, Codable, CaseIterable { case silent, `defer` }

        public init(start: String, end: String, mode: Mode) {
            self.start = start
            self.end = end
            self.mode = mode
        }

        /// Minutes after midnight of an `HH:MM` value.
        static func minutes(_ text: String) -> Int {
            let parts = text.split(separator: ":").compactMap { Int($0) }
            return parts.count == 2 ? parts[0] * 60 + parts[1] : 0
        }

        /// NOTIF-3: whether `moment` falls inside the quiet hours, in the member's calendar.
        public func contains(_ moment: Timestamp, in calendar: ZonedCalendar) -> Bool {
            let (hour, minute) = calendar.wallTime(of: moment)
            let now = hour * 60 + minute, from = Self.minutes(start), to = Self.minutes(end)
            if from == to { return false }
            return from < to ? (from <= now && now < to) : (now >= from || now < to)
        }

        /// The moment the quiet hours around `moment` end (the next `end` wall time after it).
        public func end(after moment: Timestamp, in calendar: ZonedCalendar) -> Timestamp {
            let to = Self.minutes(end)
            var day = calendar.day(of: moment)
            for _ in 0..<3 {
                let candidate = calendar.moment(on: day, hour: to / 60, minute: to % 60)
                if candidate > moment { return candidate }
                day = day.adding(days: 1)
            }
            return moment.adding(seconds: 86_400)
        }
    }

    /// NOTIF-2: the channels a member hears each kind of notification on. `inApp`, `email` and `webhook` apply to
    /// every kind not named in `byKind`. Webhooks are on by default: making a webhook that subscribes to an event is
    /// already the member's choice.
    public struct NotificationChannels: Sendable, Equatable, Codable {
        public var inApp: Bool = true
        public var email: Bool = false
        public var webhook: Bool = true
        /// REACH-3: on by default, like webhooks: turning push on for a device is already the member's choice.
        public var push: Bool = true
        /// By `AppNotification.Kind` raw value (`reminder`, `taskAssigned`, …).
        public var byKind: [String: ChannelSet] = [:]
        public init() {}

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            inApp = try container.decodeIfPresent(Bool.self, forKey: .inApp) ?? true
            email = try container.decodeIfPresent(Bool.self, forKey: .email) ?? false
            webhook = try container.decodeIfPresent(Bool.self, forKey: .webhook) ?? true
            push = try container.decodeIfPresent(Bool.self, forKey: .push) ?? true
            byKind = try container.decodeIfPresent([String: ChannelSet].self, forKey: .byKind) ?? [:]
        }

        public func channels(for kind: AppNotification.Kind) -> ChannelSet {
            byKind[kind.rawValue] ?? ChannelSet(inApp: inApp, email: email, webhook: webhook, push: push)
        }
    }

    public struct ChannelSet: Sendable, Equatable, Codable {
        public var inApp: Bool
        public var email: Bool
        public var webhook: Bool
        /// REACH-3: Web Push to each device the member turned it on for.
        public var push: Bool
        public init(inApp: Bool, email: Bool, webhook: Bool, push: Bool = true) {
            self.inApp = inApp
            self.email = email
            self.webhook = webhook
            self.push = push
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            inApp = try container.decode(Bool.self, forKey: .inApp)
            email = try container.decode(Bool.self, forKey: .email)
            webhook = try container.decode(Bool.self, forKey: .webhook)
            push = try container.decodeIfPresent(Bool.self, forKey: .push) ?? true
        }
    }
}

/// TASK-5: how a task listing is ordered.
public enum TaskSort: String, Sendable, Codable, CaseIterable {
    case manual, due, priority, created, title
}
