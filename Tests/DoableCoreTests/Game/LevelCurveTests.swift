import DoableCore
import Testing

/// GAME-2: levels 1–100 from XP (docs/game.md, "Levels").
@Suite("Level curve")
struct LevelCurveTests {
    @Test(arguments: [
        (0, 1), (49, 1), (50, 2), (109, 2), (110, 3), (300, 5), (810, 10), (2_660, 20),
        (14_210, 50), (52_430, 99), (53_459, 99), (53_460, 100), (1_000_000, 100),
    ])
    func GAME2_levelForXP(_ xp: Int, _ level: Int) {
        #expect(LevelCurve.level(forXP: xp) == level)
    }

    @Test func GAME2_xpToReachMatchesTheDocsTable() {
        let table = [1: 0, 2: 50, 3: 110, 5: 260, 10: 810, 20: 2_660, 50: 14_210, 100: 53_460]
        for (level, xp) in table {
            #expect(LevelCurve.xpToReach(level: level) == xp, "level \(level)")
        }
    }

    @Test func GAME2_eachStepIsLargerAndLevelsAreMonotonic() {
        for level in 1..<LevelCurve.maximumLevel {
            let gap = LevelCurve.xpToReach(level: level + 1) - LevelCurve.xpToReach(level: level)
            #expect(gap == LevelCurve.step(from: level))
            if level > 1 {
                #expect(gap > LevelCurve.xpToReach(level: level) - LevelCurve.xpToReach(level: level - 1))
            }
        }
        var previous = 1
        for xp in stride(from: 0, through: 60_000, by: 7) {
            let level = LevelCurve.level(forXP: xp)
            #expect(level >= previous && level <= LevelCurve.maximumLevel)
            #expect(LevelCurve.xpToReach(level: level) <= xp)
            previous = level
        }
        #expect(LevelCurve.level(forXP: -10) == 1)
        #expect(LevelCurve.level(forXP: Int.max / 2) == 100)
    }

    @Test func GAME2_progressInsideALevel() {
        #expect(LevelCurve.progress(xp: 0) == (1, 0, 50))
        #expect(LevelCurve.progress(xp: 60) == (2, 10, 60))
        #expect(LevelCurve.progress(xp: 60_000) == (100, 0, 0))
    }
}
