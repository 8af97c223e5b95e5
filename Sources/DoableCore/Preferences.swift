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

    public init() {}

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
    }

    public struct NotificationChannels: Sendable, Equatable, Codable {
        public var inApp: Bool = true
        public var email: Bool = false
        public var webhook: Bool = false
        public init() {}
    }
}

/// TASK-5: how a task listing is ordered.
public enum TaskSort: String, Sendable, Codable, CaseIterable {
    case manual, due, priority, created, title
}
