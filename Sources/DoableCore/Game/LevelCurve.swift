/// GAME-2: levels 1–100 from XP. Going from level L to L+1 takes `50 + 10·(L−1)` XP — each level a little harder:
/// level 2 at 50 XP, 3 at 110, 10 at 810, 100 at 53,460 (the table in docs/game.md).
public enum LevelCurve {
    public static let maximumLevel = 100

    /// XP needed to go from `level` to the next.
    public static func step(from level: Int) -> Int { 50 + 10 * (max(1, level) - 1) }

    /// Total XP at which `level` is reached (0 for level 1).
    public static func xpToReach(level: Int) -> Int {
        let l = min(max(level, 1), maximumLevel) - 1
        return 50 * l + 10 * (l * (l - 1) / 2)
    }

    public static func level(forXP xp: Int) -> Int {
        var low = 1, high = maximumLevel
        while low < high {
            let middle = (low + high + 1) / 2
            if xpToReach(level: middle) <= xp { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The level, the XP gained into it and the XP the next level needs (0 at the top).
    public static func progress(xp: Int) -> (level: Int, into: Int, needed: Int) {
        let level = level(forXP: xp)
        guard level < maximumLevel else { return (level, 0, 0) }
        return (level, xp - xpToReach(level: level), step(from: level))
    }
}
