import PublicInit

/// GAME: a member's game — points, XP, the companion, the streak's days off, what they own — in one row, so that a
/// purchase, a reward or an equip is one versioned write (two at once cannot both spend the same points). Whether the
/// game is on is the member's `Preferences.gameOptIn`; the profile stays when it is off, and comes back with it.
public struct GameProfile: Sendable, Equatable, Codable {
    public var accountID: AccountID
    /// Strict mode: a task done after its deadline earns nothing (kind mode, the default, still pays a little).
    public var isStrict: Bool
    /// Points to spend; what rewards, streak bonuses, purchases and buy-backs add up to (`LedgerEntry`). Taking a
    /// reward back may leave it below zero.
    public var points: Int
    /// Experience: only ever grows by rewards and falls by rewards taken back; the level follows from it.
    public var xp: Int
    public var companion: Companion
    /// GAME-3: what the member owns (item id → when bought) and which of it is equipped.
    public var owned: [StoreItemID: Timestamp]
    public var equipped: [StoreItemID]
    /// GAME-5: badges earned, with the moment.
    public var badges: [Badge: Timestamp]
    /// Net number of tasks completed with the game on (a completion taken back counts off): the task badges.
    public var completedCount: Int
    /// GAME-4: weekdays off (0 Monday … 6 Sunday) and days off (a vacation); neither break nor extend the streak.
    public var offWeekdays: Set<Int>
    public var offDays: Set<CivilDate>
    /// The last day closed (the member's midnight passed and the day's record was written); days after it are open.
    public var lastClosedDay: CivilDate
    /// The day whose "streak about to break" warning was sent, so it goes once.
    public var warnedDay: CivilDate?
    /// The encouragement line said last (never twice in a row), and when the companion was last petted.
    public var lastLine: Int?
    public var pettedAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64

    public init(
        accountID: AccountID, isStrict: Bool = false, points: Int = 0, xp: Int = 0, companion: Companion,
        owned: [StoreItemID: Timestamp] = [:], equipped: [StoreItemID] = [], badges: [Badge: Timestamp] = [:],
        completedCount: Int = 0, offWeekdays: Set<Int> = [], offDays: Set<CivilDate> = [],
        lastClosedDay: CivilDate, warnedDay: CivilDate? = nil, lastLine: Int? = nil, pettedAt: Timestamp? = nil,
        createdAt: Timestamp, updatedAt: Timestamp, version: Int64 = 1
    ) {
        self.accountID = accountID
        self.isStrict = isStrict
        self.points = points
        self.xp = xp
        self.companion = companion
        self.owned = owned
        self.equipped = equipped
        self.badges = badges
        self.completedCount = completedCount
        self.offWeekdays = offWeekdays
        self.offDays = offDays
        self.lastClosedDay = lastClosedDay
        self.warnedDay = warnedDay
        self.lastLine = lastLine
        self.pettedAt = pettedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// GAME-2: the level its XP reached.
    public var level: Int { LevelCurve.level(forXP: xp) }

    /// Whether `day` is a day off (a weekday off, or a day marked off).
    public func isOff(_ day: CivilDate) -> Bool {
        offWeekdays.contains(ZonedCalendar.weekday(of: day)) || offDays.contains(day)
    }
}

/// GAME-2: the companion the member named and chose the looks of.
@PublicInit
public struct Companion: Sendable, Equatable, Codable {
    /// 1–30 characters (`GameValidation.companionName`).
    public var name: String
    public var species: Species
    public var color: Color

    public static let `default` = Companion(name: "Pip", species: .cat, color: .amber)

    public enum Species: String, Sendable, Codable, CaseIterable { case cat, dog, fox, owl, bunny, dragon }

    public enum Color: String, Sendable, Codable, CaseIterable {
        case amber, coral, rose, violet, sky, teal, moss, slate
    }

    private enum CodingKeys: String, CodingKey { case name, species, color, colour }

    /// Profiles stored before the API said `color` (SPEC's name) hold `colour`; both read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        species = try container.decode(Species.self, forKey: .species)
        color =
            try container.decodeIfPresent(Color.self, forKey: .color)
            ?? container.decode(Color.self, forKey: .colour)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(species, forKey: .species)
        try container.encode(color, forKey: .color)
    }
}

/// GAME-2: how the companion feels, from the last days (`Mood.of`).
public enum Mood: String, Sendable, Codable, CaseIterable { case happy, neutral, sad }

/// GAME-5: the milestones.
public enum Badge: String, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
    case firstTask, tasks10, tasks100, tasks1000, streak7, streak30, streak100, recurring10, perfectWeek
}
