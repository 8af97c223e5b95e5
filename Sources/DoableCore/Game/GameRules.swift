/// GAME-1 and GAME-4: the constants of the game's formulas, which an admin may change (`PATCH
/// /api/v1/admin/game/rules`, the admin page). `docs/game.md` explains each with worked examples; the formulas that
/// use them are `RewardFormula`, `StreakBonus` and `StreakRestore`. Every value is a whole number.
public struct GameRules: Sendable, Equatable, Codable {
    /// Points (and XP) for any task done on time.
    public var basePoints = 10
    /// One extra point per this many minutes of the task's estimate…
    public var minutesPerBonusPoint = 10
    /// …up to this many extra points.
    public var durationBonusCap = 12
    /// Extra points per whole day a task with a deadline is done before it…
    public var pointsPerDayEarly = 2
    /// …up to this many.
    public var earlyBonusCap = 10
    /// A repeating task done on every occurrence so far (none missed) earns this percentage of its reward.
    public var recurringPercent = 150
    /// A task done after its deadline earns this percentage of the base (kind mode); strict mode: nothing.
    public var latePercent = 25
    /// A task completed within this many seconds of being created earns only `minimumPoints` (no farming).
    public var farmingSeconds = 60
    public var minimumPoints = 1
    /// XP is this percentage of the points of a reward.
    public var xpPercent = 100
    /// A kept day pays this many points per day of the streak…
    public var streakBonusPerDay = 2
    /// …counting at most this many days.
    public var streakBonusCapDays = 10
    /// Buying back a broken streak costs this, plus `restorePerDay` per day of the streak lost, within `restoreHours`.
    public var restoreBase = 30
    public var restorePerDay = 5
    public var restoreHours = 48
    /// The local hour (0–23) after which the "streak about to break" warning may go out.
    public var warningHour = 19

    public init() {}

    public static let `default` = GameRules()

    /// Each constant's name (as in JSON), its value and the range an admin may set it to.
    public var constants: [(name: String, value: Int, range: ClosedRange<Int>)] {
        [
            ("basePoints", basePoints, 1...1000), ("minutesPerBonusPoint", minutesPerBonusPoint, 1...1440),
            ("durationBonusCap", durationBonusCap, 0...1000), ("pointsPerDayEarly", pointsPerDayEarly, 0...1000),
            ("earlyBonusCap", earlyBonusCap, 0...1000), ("recurringPercent", recurringPercent, 100...1000),
            ("latePercent", latePercent, 0...100), ("farmingSeconds", farmingSeconds, 0...86_400),
            ("minimumPoints", minimumPoints, 0...1000), ("xpPercent", xpPercent, 0...1000),
            ("streakBonusPerDay", streakBonusPerDay, 0...1000), ("streakBonusCapDays", streakBonusCapDays, 0...1000),
            ("restoreBase", restoreBase, 0...100_000), ("restorePerDay", restorePerDay, 0...10_000),
            ("restoreHours", restoreHours, 1...720), ("warningHour", warningHour, 0...23),
        ]
    }

    /// Sets the constant named `name`; a name it does not have or a value out of its range is a `DoableError`
    /// naming the field `field`.`name`.
    public mutating func set(_ name: String, to value: Int, field: String = "rules") throws {
        guard let constant = constants.first(where: { $0.name == name }) else {
            throw DoableError.invalid("\(field).\(name)", "Unknown game constant \(name).")
        }
        guard constant.range.contains(value) else {
            throw DoableError.invalid(
                "\(field).\(name)",
                "\(name) must be between \(constant.range.lowerBound) and \(constant.range.upperBound).")
        }
        switch name {
        case "basePoints": basePoints = value
        case "minutesPerBonusPoint": minutesPerBonusPoint = value
        case "durationBonusCap": durationBonusCap = value
        case "pointsPerDayEarly": pointsPerDayEarly = value
        case "earlyBonusCap": earlyBonusCap = value
        case "recurringPercent": recurringPercent = value
        case "latePercent": latePercent = value
        case "farmingSeconds": farmingSeconds = value
        case "minimumPoints": minimumPoints = value
        case "xpPercent": xpPercent = value
        case "streakBonusPerDay": streakBonusPerDay = value
        case "streakBonusCapDays": streakBonusCapDays = value
        case "restoreBase": restoreBase = value
        case "restorePerDay": restorePerDay = value
        case "restoreHours": restoreHours = value
        default: warningHour = value
        }
    }
}
