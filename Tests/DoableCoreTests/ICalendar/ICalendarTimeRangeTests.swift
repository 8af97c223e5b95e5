import DoableCore
import Foundation
import Testing

/// INTEROP-1: RFC 4791 §9.9's VTODO table, row by row, with the range's boundaries on both sides of each condition.
@Suite("ICalendar time range (RFC 4791 §9.9)")
struct ICalendarTimeRangeTests {
    /// Hours after a fixed origin, so the cases read as small numbers.
    static func at(_ hours: Int64) -> Timestamp { Timestamp(milliseconds: 1_767_225_600_000 + hours * 3_600_000) }
    static func range(_ start: Int64?, _ end: Int64?) -> TimeRange { TimeRange(start: start.map(at), end: end.map(at)) }

    // | Y | Y | N | * | * | (start <= DTSTART+DURATION) AND ((end > DTSTART) OR (end >= DTSTART+DURATION))
    @Test func INTEROP1_row1_startAndDuration() {
        let todo = TodoTimes(start: Self.at(10), duration: 2 * 3600, completed: Self.at(50), created: Self.at(0))
        #expect(Self.range(12, 20).overlaps(todo))  // start == DTSTART+DURATION
        #expect(!Self.range(13, 20).overlaps(todo))
        #expect(Self.range(0, 11).overlaps(todo))  // end > DTSTART
        #expect(!Self.range(0, 10).overlaps(todo))  // end == DTSTART, and end < DTSTART+DURATION
        #expect(Self.range(nil, nil).overlaps(todo))
        // A zero duration: end >= DTSTART+DURATION lets end == DTSTART match.
        let instant = TodoTimes(start: Self.at(10), duration: 0)
        #expect(Self.range(0, 10).overlaps(instant))
    }

    // | Y | N | Y | * | * | ((start < DUE) OR (start <= DTSTART)) AND ((end > DTSTART) OR (end >= DUE))
    @Test func INTEROP1_row2_startAndDue() {
        let todo = TodoTimes(start: Self.at(10), due: Self.at(20))
        #expect(Self.range(19, 30).overlaps(todo))
        #expect(!Self.range(20, 30).overlaps(todo))  // start == DUE
        #expect(Self.range(0, 11).overlaps(todo))
        #expect(!Self.range(0, 10).overlaps(todo))  // end == DTSTART < DUE
        #expect(Self.range(12, 15).overlaps(todo))  // inside
        // DUE == DTSTART: start <= DTSTART and end >= DUE.
        let instant = TodoTimes(start: Self.at(10), due: Self.at(10))
        #expect(Self.range(10, 10).overlaps(instant))
        #expect(Self.range(0, 10).overlaps(instant))
        #expect(!Self.range(11, 20).overlaps(instant))
    }

    // | Y | N | N | * | * | (start <= DTSTART) AND (end > DTSTART)
    @Test func INTEROP1_row3_startOnly() {
        let todo = TodoTimes(start: Self.at(10), created: Self.at(0))
        #expect(Self.range(10, 11).overlaps(todo))
        #expect(!Self.range(11, 20).overlaps(todo))
        #expect(!Self.range(0, 10).overlaps(todo))
        #expect(Self.range(nil, 11).overlaps(todo))
        #expect(Self.range(10, nil).overlaps(todo))
    }

    // | N | N | Y | * | * | (start < DUE) AND (end >= DUE)
    @Test func INTEROP1_row4_dueOnly() {
        let todo = TodoTimes(due: Self.at(20), completed: Self.at(5))
        #expect(Self.range(19, 20).overlaps(todo))
        #expect(!Self.range(20, 30).overlaps(todo))
        #expect(!Self.range(0, 19).overlaps(todo))
        #expect(Self.range(nil, 20).overlaps(todo))
    }

    // | N | N | N | Y | Y | ((start <= CREATED) OR (start <= COMPLETED)) AND ((end >= CREATED) OR (end >= COMPLETED))
    @Test func INTEROP1_row5_completedAndCreated() {
        let todo = TodoTimes(completed: Self.at(20), created: Self.at(10))
        #expect(Self.range(20, 30).overlaps(todo))  // start <= COMPLETED
        #expect(!Self.range(21, 30).overlaps(todo))
        #expect(Self.range(0, 10).overlaps(todo))  // end >= CREATED
        #expect(!Self.range(0, 9).overlaps(todo))
        #expect(Self.range(12, 15).overlaps(todo))
    }

    // | N | N | N | Y | N | (start <= COMPLETED) AND (end >= COMPLETED)
    @Test func INTEROP1_row6_completedOnly() {
        let todo = TodoTimes(completed: Self.at(20))
        #expect(Self.range(20, 20).overlaps(todo))
        #expect(Self.range(0, 20).overlaps(todo))
        #expect(!Self.range(21, 30).overlaps(todo))
        #expect(!Self.range(0, 19).overlaps(todo))
    }

    // | N | N | N | N | Y | (end > CREATED)
    @Test func INTEROP1_row7_createdOnly() {
        let todo = TodoTimes(created: Self.at(10))
        #expect(Self.range(0, 11).overlaps(todo))
        #expect(!Self.range(0, 10).overlaps(todo))
        #expect(Self.range(100, 200).overlaps(todo))
        #expect(Self.range(100, nil).overlaps(todo))
    }

    // | N | N | N | N | N | TRUE
    @Test func INTEROP1_row8_noTimes() {
        #expect(Self.range(0, 1).overlaps(TodoTimes()))
        #expect(Self.range(nil, nil).overlaps(TodoTimes()))
    }

    @Test func INTEROP1_hugeDurationsDoNotTrap() {
        let todo = TodoTimes(start: Self.at(10), duration: .max)
        #expect(Self.range(1_000_000, nil).overlaps(todo))
    }
}
