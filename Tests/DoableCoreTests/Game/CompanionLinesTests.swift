import DoableCore
import Testing

/// GAME-2: what the companion says.
@Suite("Companion lines")
struct CompanionLinesTests {
    @Test func GAME2_manyDifferentLines() {
        #expect(CompanionLines.encouragements.count >= 24)
        #expect(CompanionLines.lateLines.count >= 8)
        #expect(CompanionLines.pettedLines.count >= 8)
        let all = CompanionLines.encouragements + CompanionLines.lateLines + CompanionLines.pettedLines
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { !$0.isEmpty && !$0.contains("{") && $0.count <= 80 })
    }

    @Test func GAME2_lateLinesNeverScold() {
        let scolding = ["should have", "too late", "shame", "lazy", "disappoint", "again late", "why"]
        for line in CompanionLines.lateLines {
            #expect(!scolding.contains { line.lowercased().contains($0) }, "\(line)")
        }
    }

    @Test(arguments: [CompanionLines.encouragements, CompanionLines.lateLines, CompanionLines.pettedLines])
    func GAME2_pickNeverSaysTheSameLineTwiceInARow(_ lines: [String]) {
        var generator = SplitMix64(seed: 42)
        var last: Int?
        for _ in 0..<1_000 {
            let index = CompanionLines.pick(lines, seed: generator.next(), avoiding: last)
            #expect(lines.indices.contains(index))
            #expect(index != last)
            last = index
        }
    }

    @Test func GAME2_pickAvoidsLastEvenWhenTheSeedPointsAtIt() {
        let lines = ["a", "b", "c"]
        #expect(CompanionLines.pick(lines, seed: 1, avoiding: 1) == 2)
        #expect(CompanionLines.pick(lines, seed: 2, avoiding: 2) == 0)
        #expect(CompanionLines.pick(["only"], seed: 7, avoiding: 0) == 0)
        #expect(CompanionLines.pick(["a", "b"], seed: 0, avoiding: 0) == 1)
    }

    @Test func GAME2_greetingFollowsTheHourAndMood() {
        var seen: Set<String> = []
        for hour in [8, 14, 19, 23] {
            for mood in Mood.allCases {
                let greeting = CompanionLines.greeting(name: "Pip", mood: mood, hour: hour, streak: 0)
                #expect(greeting.contains("Pip"))
                seen.insert(greeting)
            }
        }
        #expect(seen.count == 12)
        #expect(CompanionLines.greeting(name: "Pip", mood: .happy, hour: 8, streak: 0).hasPrefix("Good morning"))
        #expect(CompanionLines.greeting(name: "Pip", mood: .happy, hour: 14, streak: 0).hasPrefix("Good afternoon"))
        #expect(CompanionLines.greeting(name: "Pip", mood: .happy, hour: 19, streak: 0).hasPrefix("Good evening"))
        #expect(
            CompanionLines.greeting(name: "Pip", mood: .happy, hour: 2, streak: 0)
                == CompanionLines.greeting(name: "Pip", mood: .happy, hour: 23, streak: 0))
    }

    @Test func GAME2_greetingMentionsAStreakAboveOne() {
        #expect(CompanionLines.greeting(name: "Pip", mood: .neutral, hour: 9, streak: 5).contains("5 days in a row"))
        #expect(!CompanionLines.greeting(name: "Pip", mood: .neutral, hour: 9, streak: 1).contains("in a row"))
        #expect(!CompanionLines.greeting(name: "Pip", mood: .neutral, hour: 9, streak: 0).contains("in a row"))
    }

    @Test func GAME2_remindersVaryByTaskAndStayTheSameForOne() {
        let titles = (1...40).map { "Task number \($0)" }
        let reminders = titles.map { CompanionLines.reminder(name: "Pip", task: $0) }
        #expect(reminders.allSatisfy { $0.contains("Pip") })
        #expect(zip(reminders, titles).allSatisfy { $0.contains($1) })
        let phrasings = Set(zip(reminders, titles).map { $0.replacingOccurrences(of: $1, with: "") })
        #expect(phrasings.count >= 4)
        #expect(
            CompanionLines.reminder(name: "Pip", task: "Water plants")
                == CompanionLines.reminder(name: "Pip", task: "Water plants"))
    }

    @Test func GAME4_streakWarningNamesTheStreak() {
        let warning = CompanionLines.streakWarning(name: "Pip", streak: 12)
        #expect(warning.contains("Pip") && warning.contains("12-day streak"))
    }
}
