import DoableCore
import Foundation
import Testing

/// GAME-1: the reward formula, checked against the worked examples of docs/game.md (the same table, row by row).
@Suite("Reward formula")
struct RewardFormulaTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let number: Int
        let situation: String
        let input: RewardInput
        var rules = GameRules.default
        let points: Int
        let xp: Int
        let onTime: Bool?
        let isLate: Bool
        let message: String

        var testDescription: String { "\(number). \(situation)" }
    }

    static let utc = ZonedCalendar(zone: .gmt, weekStart: .monday)
    static let newYork = ZonedCalendar(zone: TimeZone(identifier: "America/New_York")!, weekStart: .monday)

    static func at(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }
    static func day(_ text: String) -> TaskDate { .day(CivilDate(text)!) }

    /// Completed Thursday 2026-11-19 at 15:00 UTC, created weeks before, unless the row says otherwise.
    static let done = at("2026-11-19T15:00:00Z")
    static let created = at("2026-11-01T09:00:00Z")

    static func input(
        minutes: Int? = nil, due: TaskDate? = nil, completedAt: Timestamp = done,
        insertedAt: Timestamp = created, calendar: ZonedCalendar = utc, isRecurring: Bool = false,
        previousOnTime: Bool = true, isStrict: Bool = false, opens: String? = nil,
        previousDoneOn: String? = nil
    ) -> RewardInput {
        RewardInput(
            estimatedMinutes: minutes, due: due, completedAt: completedAt, insertedAt: insertedAt,
            calendar: calendar, isRecurring: isRecurring, previousOccurrenceOnTime: previousOnTime,
            isStrict: isStrict, occurrenceOpens: opens.flatMap { CivilDate($0) },
            previousOccurrenceDoneOn: previousDoneOn.flatMap { CivilDate($0) })
    }

    static let admin: GameRules = {
        var rules = GameRules.default
        rules.basePoints = 20
        rules.minutesPerBonusPoint = 15
        rules.pointsPerDayEarly = 5
        rules.xpPercent = 50
        return rules
    }()

    static let stingyLate: GameRules = {
        var rules = GameRules.default
        rules.latePercent = 5
        return rules
    }()

    static let noFarmingWindow: GameRules = {
        var rules = GameRules.default
        rules.farmingSeconds = 0
        return rules
    }()

    /// The table in docs/game.md ("Worked examples"), in the same order.
    static let examples: [Example] = [
        Example(
            number: 1, situation: "No deadline, no estimate", input: input(),
            points: 10, xp: 10, onTime: nil, isLate: false, message: "+10 points and 10 XP: base 10."),
        Example(
            number: 2, situation: "No deadline, 45-minute estimate", input: input(minutes: 45),
            points: 14, xp: 14, onTime: nil, isLate: false,
            message: "+14 points and 14 XP: base 10, 45-minute estimate +4."),
        Example(
            number: 3, situation: "Due in 3 days", input: input(due: day("2026-11-22")),
            points: 16, xp: 16, onTime: true, isLate: false,
            message: "+16 points and 16 XP: base 10, 3 days early +6."),
        Example(
            number: 4, situation: "45-minute estimate, due tomorrow",
            input: input(minutes: 45, due: day("2026-11-20")),
            points: 16, xp: 16, onTime: true, isLate: false,
            message: "+16 points and 16 XP: base 10, 45-minute estimate +4, 1 day early +2."),
        Example(
            number: 5, situation: "Both bonuses capped: 240-minute estimate, 10 days early",
            input: input(minutes: 240, due: day("2026-11-29")),
            points: 32, xp: 32, onTime: true, isLate: false,
            message: "+32 points and 32 XP: base 10, 240-minute estimate +12, 10 days early +10."),
        Example(
            number: 6, situation: "Late (due yesterday), kind mode, 45-minute estimate",
            input: input(minutes: 45, due: day("2026-11-18")),
            points: 2, xp: 2, onTime: false, isLate: true, message: "+2 points and 2 XP: done after its deadline."),
        Example(
            number: 7, situation: "Late (due yesterday), strict mode",
            input: input(minutes: 45, due: day("2026-11-18"), isStrict: true),
            points: 0, xp: 0, onTime: false, isLate: true,
            message: "No points: done after its deadline (strict mode)."),
        Example(
            number: 8, situation: "Repeating, every occurrence on time; 45-minute estimate, due tomorrow",
            input: input(minutes: 45, due: day("2026-11-20"), isRecurring: true, opens: "2026-11-14"),
            points: 24, xp: 24, onTime: true, isLate: false,
            message: "+24 points and 24 XP: base 10, 45-minute estimate +4, 1 day early +2, "
                + "every occurrence on time ×1.5 +8."),
        Example(
            number: 9, situation: "Repeating, previous occurrence late; 45-minute estimate, due tomorrow",
            input: input(
                minutes: 45, due: day("2026-11-20"), isRecurring: true, previousOnTime: false,
                opens: "2026-11-14", previousDoneOn: "2026-11-13"),
            points: 16, xp: 16, onTime: true, isLate: false,
            message: "+16 points and 16 XP: base 10, 45-minute estimate +4, 1 day early +2."),
        Example(
            number: 10, situation: "Repeating, every occurrence on time; 35-minute estimate, no deadline",
            input: input(minutes: 35, isRecurring: true),
            points: 19, xp: 19, onTime: nil, isLate: false,
            message: "+19 points and 19 XP: base 10, 35-minute estimate +3, every occurrence on time ×1.5 +6."),
        Example(
            number: 11, situation: "Farming: created 10 s before; 45-minute estimate, due in 3 days",
            input: input(minutes: 45, due: day("2026-11-22"), insertedAt: done.adding(seconds: -10)),
            points: 1, xp: 1, onTime: true, isLate: false,
            message: "+1 point and 1 XP: made and done within 60 seconds."),
        Example(
            number: 12, situation: "Farming and late: created 10 s before, due yesterday",
            input: input(due: day("2026-11-18"), insertedAt: done.adding(seconds: -10)),
            points: 1, xp: 1, onTime: false, isLate: true,
            message: "+1 point and 1 XP: made and done within 60 seconds."),
        Example(
            number: 13,
            situation: "Due at a moment set in Tokyo (21 Nov 09:00 JST = 20 Nov 19:00 in New York), "
                + "done in New York on 19 Nov at 10:00",
            input: input(
                due: .moment(at("2026-11-21T09:00:00+09:00")),
                completedAt: at("2026-11-19T10:00:00-05:00"), calendar: newYork),
            points: 12, xp: 12, onTime: true, isLate: false,
            message: "+12 points and 12 XP: base 10, 1 day early +2."),
        Example(
            number: 14, situation: "Due at a moment, done one minute after it",
            input: input(due: .moment(at("2026-11-19T14:59:00Z"))),
            points: 2, xp: 2, onTime: false, isLate: true, message: "+2 points and 2 XP: done after its deadline."),
        Example(
            number: 15, situation: "Due 1 Nov 2026 (New York, a 25-hour day: clocks go back), done 23:30 that day",
            input: input(due: day("2026-11-01"), completedAt: at("2026-11-01T23:30:00-05:00"), calendar: newYork),
            points: 10, xp: 10, onTime: true, isLate: false, message: "+10 points and 10 XP: base 10."),
        Example(
            number: 16, situation: "Due 1 Nov 2026 (New York), done 00:30 on 2 Nov",
            input: input(due: day("2026-11-01"), completedAt: at("2026-11-02T00:30:00-05:00"), calendar: newYork),
            points: 2, xp: 2, onTime: false, isLate: true, message: "+2 points and 2 XP: done after its deadline."),
        Example(
            number: 17,
            situation: "Admin constants: base 20, 1 point per 15 minutes, 5 per day early, XP 50%; "
                + "30-minute estimate, due in 3 days",
            input: input(minutes: 30, due: day("2026-11-22")), rules: admin,
            points: 32, xp: 16, onTime: true, isLate: false,
            message: "+32 points and 16 XP: base 20, 30-minute estimate +2, 3 days early +10."),
        Example(
            number: 18, situation: "Admin constant: late pays 5% of the base (10 × 5% = 0); late, kind mode",
            input: input(due: day("2026-11-18")), rules: stingyLate,
            points: 1, xp: 1, onTime: false, isLate: true, message: "+1 point and 1 XP: done after its deadline."),
        Example(
            number: 19, situation: "Admin constant: farming window 0 s; created 10 s before, no deadline",
            input: input(insertedAt: done.adding(seconds: -10)), rules: noFarmingWindow,
            points: 10, xp: 10, onTime: nil, isLate: false, message: "+10 points and 10 XP: base 10."),
        Example(
            number: 20,
            situation: "Created 1 Jan 2000 by a calendar app's CREATED, stored by the server 10 s "
                + "before; 45-minute estimate, due in 3 days",
            input: input(minutes: 45, due: day("2026-11-22"), insertedAt: done.adding(seconds: -10)),
            points: 1, xp: 1, onTime: true, isLate: false,
            message: "+1 point and 1 XP: made and done within 60 seconds."),
        Example(
            number: 21, situation: "Repeating daily, 240-minute estimate, due in 10 days (its day opens 29 Nov)",
            input: input(minutes: 240, due: day("2026-11-29"), isRecurring: true, opens: "2026-11-29"),
            points: 0, xp: 0, onTime: true, isLate: false,
            message: "No points: this occurrence's day has not come (it opens on 2026-11-29)."),
        Example(
            number: 22, situation: "Repeating weekly, due Friday 27 Nov (its week opens Saturday 21 Nov)",
            input: input(due: day("2026-11-27"), isRecurring: true, opens: "2026-11-21"),
            points: 0, xp: 0, onTime: true, isLate: false,
            message: "No points: this occurrence's day has not come (it opens on 2026-11-21)."),
        Example(
            number: 23,
            situation: "Repeating weekly, due Wednesday 25 Nov (its week opened Thursday 19 Nov); "
                + "the previous occurrence was done, late, earlier on 19 Nov",
            input: input(
                minutes: 45, due: day("2026-11-25"), isRecurring: true, previousOnTime: false,
                opens: "2026-11-19", previousDoneOn: "2026-11-19"),
            points: 0, xp: 0, onTime: true, isLate: false,
            message: "No points: an occurrence was already done in this period (on 2026-11-19)."),
        Example(
            number: 24,
            situation: "Repeating weekly, due Friday 20 Nov (its week opened Saturday 14 Nov), the "
                + "previous occurrence done on time 13 Nov; 240-minute estimate",
            input: input(
                minutes: 240, due: day("2026-11-20"), isRecurring: true, opens: "2026-11-14",
                previousDoneOn: "2026-11-13"),
            points: 36, xp: 36, onTime: true, isLate: false,
            message: "+36 points and 36 XP: base 10, 240-minute estimate +12, 1 day early +2, "
                + "every occurrence on time ×1.5 +12."),
    ]

    @Test("GAME-1 worked examples", arguments: examples)
    func GAME1_workedExamples(_ example: Example) {
        let reward = RewardFormula.reward(for: example.input, rules: example.rules)
        #expect(reward.points == example.points)
        #expect(reward.xp == example.xp)
        #expect(reward.onTime == example.onTime)
        #expect(reward.isLate == example.isLate)
        #expect(reward.message == example.message)
    }

    @Test func GAME1_tableHasEnoughExamples() {
        #expect(Self.examples.count >= 12)
        #expect(Set(Self.examples.map(\.number)).count == Self.examples.count)
    }

    @Test func GAME1_anOccurrenceBeforeItsDayOrTwiceInItsPeriodIsNotCountedAtAll() {
        for example in Self.examples {
            let reward = RewardFormula.reward(for: example.input, rules: example.rules)
            #expect(reward.counts == !(21...23).contains(example.number), "\(example.number)")
        }
        // The day it opens, it pays; the day before, it does not.
        let opening = Self.input(due: Self.day("2026-11-19"), isRecurring: true, opens: "2026-11-19")
        #expect(RewardFormula.reward(for: opening, rules: .default).points == 15)
        let dayBefore = Self.input(due: Self.day("2026-11-20"), isRecurring: true, opens: "2026-11-20")
        #expect(RewardFormula.reward(for: dayBefore, rules: .default).points == 0)
    }

    @Test func GAME1_partsAddUpToThePoints() {
        for example in Self.examples {
            let reward = RewardFormula.reward(for: example.input, rules: example.rules)
            #expect(reward.parts.reduce(0) { $0 + $1.points } == reward.points, "\(example.number)")
            #expect(!reward.parts.isEmpty, "\(example.number)")
        }
    }

    @Test func GAME1_partsNameEachStep() {
        let reward = RewardFormula.reward(for: Self.examples[7].input, rules: .default)
        #expect(
            reward.parts == [
                Reward.Part(label: "Base", points: 10), Reward.Part(label: "45-minute estimate", points: 4),
                Reward.Part(label: "1 day early", points: 2),
                Reward.Part(label: "Every occurrence on time ×1.5", points: 8),
            ])
        let late = RewardFormula.reward(for: Self.examples[5].input, rules: .default)
        #expect(late.parts == [Reward.Part(label: "Done after its deadline: 25% of the base", points: 2)])
        let strict = RewardFormula.reward(for: Self.examples[6].input, rules: .default)
        #expect(strict.parts == [Reward.Part(label: "Done after its deadline (strict mode)", points: 0)])
        let farmed = RewardFormula.reward(for: Self.examples[10].input, rules: .default)
        #expect(farmed.parts == [Reward.Part(label: "Made and done within 60 seconds", points: 1)])
    }

    @Test func GAME1_farmingWindowIsStrictlyLessThan() {
        let exactly = Self.input(insertedAt: Self.done.adding(seconds: -60))
        #expect(RewardFormula.reward(for: exactly, rules: .default).points == 10)
        let justInside = Self.input(insertedAt: Timestamp(milliseconds: Self.done.milliseconds - 59_999))
        #expect(RewardFormula.reward(for: justInside, rules: .default).points == 1)
    }

    @Test func GAME1_onTimeUsesTheMembersDay() {
        // 23:30 in New York on 1 Nov is already 2 Nov in UTC: on time for the member all the same.
        let lateEvening = Self.at("2026-11-02T04:30:00Z")
        #expect(
            RewardFormula.isOnTime(
                due: Self.day("2026-11-01"), completedAt: lateEvening,
                calendar: Self.newYork) == true)
        #expect(
            RewardFormula.isOnTime(
                due: Self.day("2026-11-01"), completedAt: lateEvening,
                calendar: Self.utc) == false)
        #expect(RewardFormula.isOnTime(due: nil, completedAt: lateEvening, calendar: Self.utc) == nil)
    }

    @Test func GAME1_recurringPercentMultiplierReads() {
        var rules = GameRules.default
        rules.recurringPercent = 200
        let reward = RewardFormula.reward(for: Self.input(isRecurring: true), rules: rules)
        #expect(reward.points == 20)
        #expect(reward.parts.last == Reward.Part(label: "Every occurrence on time ×2", points: 10))
        rules.recurringPercent = 125
        #expect(
            RewardFormula.reward(for: Self.input(minutes: 40, isRecurring: true), rules: rules).parts.last?.label
                == "Every occurrence on time ×1.25")
        rules.recurringPercent = 100
        #expect(RewardFormula.reward(for: Self.input(isRecurring: true), rules: rules).parts.count == 1)
    }

    @Test func GAME1_pointsWithoutXPSayNoXP() {
        var rules = GameRules.default
        rules.xpPercent = 0
        let reward = RewardFormula.reward(for: Self.input(), rules: rules)
        #expect(reward.xp == 0)
        #expect(reward.message == "+10 points: base 10.")
    }
}

extension RewardFormulaTests {
    /// GAME-1: docs/game.md shows the same table: each row's number, situation, points and XP.
    @Test func GAME1_docsShowTheSameTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/game.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### Worked examples").dropFirst().first)
        // The first table of the section: its lines after the header and the |---| line.
        let rows = section.components(separatedBy: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
            .dropFirst(2).map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(rows.count == Self.examples.count)
        for (row, example) in zip(rows, Self.examples) {
            #expect(row.count == 5)
            guard row.count == 5 else { continue }
            #expect(row[0] == "\(example.number)")
            #expect(row[1] == example.situation)
            #expect(row[3] == "\(example.points)" && row[4] == "\(example.xp)", "row \(example.number)")
        }
    }
}
