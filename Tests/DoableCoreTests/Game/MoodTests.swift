import DoableCore
import Testing

/// GAME-2: the companion's mood from the last three closed days and recent completions.
@Suite("Mood")
struct MoodTests {
    @Test func GAME2_goodDaysMakeItHappy() {
        #expect(Mood.of(recentDays: [.kept, .kept], onTime: 0, late: 0) == .happy)
        #expect(Mood.of(recentDays: [.kept], onTime: 1, late: 0) == .happy)
        #expect(Mood.of(recentDays: [], onTime: 3, late: 0) == .happy)
    }

    @Test func GAME2_nothingMuchIsNeutral() {
        #expect(Mood.of(recentDays: [], onTime: 0, late: 0) == .neutral)
        #expect(Mood.of(recentDays: [.off, .paused, .restored], onTime: 2, late: 0) == .neutral)
        #expect(Mood.of(recentDays: [.kept, .missed], onTime: 1, late: 0) == .neutral)
    }

    @Test func GAME2_missedDaysAndLateTasksMakeItSad() {
        #expect(Mood.of(recentDays: [.missed], onTime: 0, late: 0) == .sad)
        #expect(Mood.of(recentDays: [], onTime: 0, late: 1) == .sad)
        #expect(Mood.of(recentDays: [.kept, .kept, .kept], onTime: 0, late: 5) == .neutral)
        #expect(Mood.of(recentDays: [.missed, .missed, .missed], onTime: 20, late: 0) == .neutral)
    }

    @Test func GAME2_onlyTheLastThreeDaysCount() {
        #expect(Mood.of(recentDays: [.off, .off, .off, .missed, .missed], onTime: 0, late: 0) == .neutral)
        #expect(Mood.of(recentDays: [.missed, .off, .off, .kept, .kept], onTime: 0, late: 0) == .sad)
    }

    @Test func GAME2_completionsAreCapped() {
        // +6 at most for on-time completions, −6 at most for late ones.
        #expect(Mood.of(recentDays: [.missed, .missed, .missed], onTime: 6, late: 0) == .neutral)
        #expect(Mood.of(recentDays: [.missed, .missed, .missed], onTime: 100, late: 0) == .neutral)
        #expect(Mood.of(recentDays: [.kept, .kept, .kept], onTime: 0, late: 100) == .neutral)
    }
}
