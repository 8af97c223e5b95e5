import DoableCore
import Testing

/// Whole-day dates in quick add, typed on Wednesday 14 January 2026 (UTC, weeks starting Monday).
@Suite("Quick add: dates")
struct QuickAddDateTests {
    typealias F = QuickAddFixture

    @Test func TASK1_quickAddToday() {
        let result = F.parse("Buy milk today")
        #expect(result.title == "Buy milk")
        #expect(result.due == F.day("2026-01-14"))
    }

    @Test(arguments: ["tomorrow", "Tomorrow", "TOMORROW", "tmr", "tmrw"])
    func TASK1_quickAddTomorrowAndItsShortForms(word: String) {
        let result = F.parse("Pay rent \(word)")
        #expect(result.title == "Pay rent")
        #expect(result.due == F.day("2026-01-15"))
    }

    @Test func TASK1_quickAddWeekdayNamesAreTheNextSuchDay() {
        #expect(F.parse("Gym fri").due == F.day("2026-01-16"))
        #expect(F.parse("Gym Friday").due == F.day("2026-01-16"))
        #expect(F.parse("Gym thu").due == F.day("2026-01-15"))
        #expect(F.parse("Gym thursday").due == F.day("2026-01-15"))
        #expect(F.parse("Gym mon").due == F.day("2026-01-19"))
        #expect(F.parse("Gym tue").due == F.day("2026-01-20"))
        #expect(F.parse("Gym tues").due == F.day("2026-01-20"))
    }

    @Test func TASK1_quickAddTodaysWeekdayNameMeansToday() {
        #expect(F.parse("Bins wednesday").due == F.day("2026-01-14"))
        #expect(F.parse("Bins on wed").due == F.day("2026-01-14"))
    }

    @Test func TASK1_quickAddMondayAtTheStartIsADate() {
        let result = F.parse("Monday meeting prep")
        #expect(result.title == "meeting prep")
        #expect(result.due == F.day("2026-01-19"))
    }

    @Test func TASK1_quickAddShortWeekdaysThatAreWordsNeedContext() {
        let sunCream = F.parse("Buy sun cream")
        #expect(sunCream.due == nil)
        #expect(sunCream.title == "Buy sun cream")
        #expect(F.parse("Sat exam prep").due == nil)
        #expect(F.parse("Wed anniversary").due == nil)
        #expect(F.parse("Picnic on sun").due == F.day("2026-01-18"))
        #expect(F.parse("Picnic on sun").title == "Picnic")
        #expect(F.parse("Market by sat").due == F.day("2026-01-17"))
        #expect(F.parse("Market this sat").due == F.day("2026-01-17"))
        #expect(F.parse("Market sat 9am").due == F.moment("2026-01-17T09:00:00Z"))
    }

    @Test func TASK1_quickAddThisWeekdayIsTheComingOne() {
        #expect(F.parse("Report this fri").due == F.day("2026-01-16"))
        #expect(F.parse("Report this fri").title == "Report")
    }

    @Test func TASK1_quickAddNextWeekdayIsThatDayOfNextWeek() {
        #expect(F.parse("Dentist next fri").due == F.day("2026-01-23"))
        #expect(F.parse("Dentist next friday").due == F.day("2026-01-23"))
        #expect(F.parse("Dentist next mon").due == F.day("2026-01-19"))
        #expect(F.parse("Dentist next wed").due == F.day("2026-01-21"))
        #expect(F.parse("Dentist next fri").title == "Dentist")
    }

    @Test func TASK1_quickAddNextWeekIsTheMembersWeekStart() {
        #expect(F.parse("Plan next week", weekStart: .monday).due == F.day("2026-01-19"))
        #expect(F.parse("Plan next week", weekStart: .sunday).due == F.day("2026-01-18"))
        #expect(F.parse("Plan next week", weekStart: .saturday).due == F.day("2026-01-17"))
        #expect(F.parse("Plan next week").title == "Plan")
    }

    @Test func TASK1_quickAddNextWeekOnTheLastDayOfTheWeekIsTomorrow() {
        let sunday = F.at("2026-01-18T10:00:00Z")
        #expect(F.parse("Plan next week", now: sunday, weekStart: .monday).due == F.day("2026-01-19"))
        #expect(F.parse("Plan next week", now: sunday, weekStart: .sunday).due == F.day("2026-01-25"))
    }

    @Test func TASK1_quickAddNextSundayDependsOnTheWeekStart() {
        #expect(F.parse("Hike next sun", weekStart: .monday).due == F.day("2026-01-25"))
        #expect(F.parse("Hike next sun", weekStart: .sunday).due == F.day("2026-01-18"))
        #expect(F.parse("Hike next sun", weekStart: .saturday).due == F.day("2026-01-18"))
    }

    @Test func TASK1_quickAddWeekendIsSaturday() {
        #expect(F.parse("Clean garage this weekend").due == F.day("2026-01-17"))
        #expect(F.parse("Clean garage this weekend").title == "Clean garage")
        #expect(F.parse("Clean garage by the weekend").due == F.day("2026-01-17"))
        #expect(F.parse("Clean garage on weekend").due == F.day("2026-01-17"))
        #expect(F.parse("Clean garage next weekend").due == F.day("2026-01-24"))
    }

    @Test func TASK1_quickAddWeekendOnASundayIsToday() {
        let sunday = F.at("2026-01-18T10:00:00Z")
        #expect(F.parse("Clean garage this weekend", now: sunday).due == F.day("2026-01-18"))
        #expect(F.parse("Clean garage next weekend", now: sunday).due == F.day("2026-01-24"))
    }

    @Test func TASK1_quickAddBareWeekendIsNotADate() {
        let result = F.parse("Plan weekend trip")
        #expect(result.due == nil)
        #expect(result.title == "Plan weekend trip")
    }

    @Test func TASK1_quickAddInSomeDaysWeeksMonthsYears() {
        #expect(F.parse("Follow up in 3 days").due == F.day("2026-01-17"))
        #expect(F.parse("Follow up in 3 days").title == "Follow up")
        #expect(F.parse("Follow up in 1 day").due == F.day("2026-01-15"))
        #expect(F.parse("Follow up in 2 weeks").due == F.day("2026-01-28"))
        #expect(F.parse("Follow up in a week").due == F.day("2026-01-21"))
        #expect(F.parse("Follow up in 1 month").due == F.day("2026-02-14"))
        #expect(F.parse("Follow up in one year").due == F.day("2027-01-14"))
    }

    @Test func TASK1_quickAddInAMonthKeepsToTheMonthsLastDay() {
        let endOfJanuary = F.at("2026-01-31T10:00:00Z")
        #expect(F.parse("Invoice in 1 month", now: endOfJanuary).due == F.day("2026-02-28"))
    }

    @Test func TASK1_quickAddInHoursAndMinutesIsAMoment() {
        #expect(F.parse("Check oven in 2 hours").due == F.moment("2026-01-14T12:00:00Z"))
        #expect(F.parse("Check oven in 30 minutes").due == F.moment("2026-01-14T10:30:00Z"))
        #expect(F.parse("Check oven in an hour").due == F.moment("2026-01-14T11:00:00Z"))
    }

    @Test func TASK1_quickAddACountWithoutInIsNotADate() {
        let result = F.parse("Rest 3 days")
        #expect(result.due == nil)
        #expect(result.title == "Rest 3 days")
    }

    @Test(arguments: ["31 jan", "jan 31", "31 january", "january 31st", "31st of January", "Jan 31st", "31st jan"])
    func TASK1_quickAddNamedMonthDates(phrase: String) {
        let result = F.parse("Tax return \(phrase)")
        #expect(result.due == F.day("2026-01-31"))
        #expect(result.title == "Tax return")
        #expect(result.tokens.map(\.text) == [phrase])
    }

    @Test func TASK1_quickAddNamedMonthDateWithAYear() {
        #expect(F.parse("Renew passport jan 31 2027").due == F.day("2027-01-31"))
        #expect(F.parse("Renew passport 3 march 2027").due == F.day("2027-03-03"))
    }

    @Test func TASK1_quickAddPastDayThisYearRollsToNextYear() {
        #expect(F.parse("Party 5 jan").due == F.day("2027-01-05"))
        #expect(F.parse("Party dec 31").due == F.day("2026-12-31"))
        #expect(F.parse("Party jan 14").due == F.day("2026-01-14"))
    }

    @Test func TASK1_quickAddTwentyNinthOfFebruaryIsTheNextLeapYears() {
        #expect(F.parse("Leap party feb 29").due == F.day("2028-02-29"))
    }

    @Test func TASK1_quickAddDaysThatDoNotExistStayInTheTitle() {
        let result = F.parse("Party feb 30")
        #expect(result.due == nil)
        #expect(result.title == "Party feb 30")
        #expect(F.parse("Party 31th jan").due == nil)
        #expect(F.parse("Party 32 jan").due == nil)
    }

    @Test func TASK1_quickAddISODates() {
        #expect(F.parse("Launch 2026-03-05").due == F.day("2026-03-05"))
        #expect(F.parse("Launch 2026-03-05").title == "Launch")
        #expect(F.parse("Launch 2026-02-30").due == nil)
    }

    @Test func TASK1_quickAddYearRolloverAroundNewYear() {
        let newYearsEve = F.at("2026-12-31T10:00:00Z")
        #expect(F.parse("Brunch tomorrow", now: newYearsEve).due == F.day("2027-01-01"))
        #expect(F.parse("Brunch 2 jan", now: newYearsEve).due == F.day("2027-01-02"))
        #expect(F.parse("Brunch next week", now: newYearsEve).due == F.day("2027-01-04"))
        #expect(F.parse("Brunch in 1 month", now: newYearsEve).due == F.day("2027-01-31"))
        #expect(F.parse("Brunch fri", now: newYearsEve).due == F.day("2027-01-01"))
    }

    @Test func TASK1_quickAddOnAndByJoinTheDate() {
        let result = F.parse("Submit report by fri")
        #expect(result.title == "Submit report")
        #expect(result.tokens.map(\.text) == ["by fri"])
        #expect(F.parse("Dinner on 31 jan").title == "Dinner")
        #expect(F.parse("Decide on colours").title == "Decide on colours")
    }
}
