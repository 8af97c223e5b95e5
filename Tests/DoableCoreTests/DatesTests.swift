import DoableCore
import Foundation
import Testing

@Suite("Dates")
struct DatesTests {
    @Test func INTEROP3_timestampsRoundTripAsRFC3339UTC() throws {
        let moment = try #require(Timestamp(rfc3339: "2026-11-21T18:55:26.123Z"))
        #expect(moment.description == "2026-11-21T18:55:26.123Z")
        let offset = try #require(Timestamp(rfc3339: "2026-11-21T20:55:26+02:00"))
        #expect(offset.description == "2026-11-21T18:55:26.000Z")
        #expect(Timestamp(rfc3339: "2026-02-30T10:00:00Z") == nil)
        #expect(Timestamp(rfc3339: "2026-11-21T25:00:00Z") == nil)
        #expect(Timestamp(rfc3339: "2026-11-21") == nil)
        let before1970 = try #require(Timestamp(rfc3339: "1969-12-31T23:59:59Z"))
        #expect(before1970.description == "1969-12-31T23:59:59.000Z")
    }

    @Test func TASK1_civilDatesValidateAndCount() throws {
        #expect(CivilDate("2024-02-29") != nil)
        #expect(CivilDate("2023-02-29") == nil)
        #expect(CivilDate("2024-13-01") == nil)
        let date = try #require(CivilDate("2000-03-01"))
        #expect(CivilDate(daysSinceEpoch: date.daysSinceEpoch) == date)
        #expect(date.adding(days: -1).description == "2000-02-29")
        #expect(try #require(CivilDate("2010-06-15")).years(until: try #require(CivilDate("2023-06-14"))) == 12)
        #expect(try #require(CivilDate("2010-06-15")).years(until: try #require(CivilDate("2023-06-15"))) == 13)
    }

    @Test func TASK2_pastDeadlinesAreRefusedInTheMembersZone() throws {
        let now = try #require(Timestamp(rfc3339: "2026-11-21T23:30:00Z"))
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // It is already 22 November in Berlin: the 21st is in the past there, not in UTC.
        #expect(throws: DoableError.self) {
            try Rules.dueNotInPast(.day(CivilDate("2026-11-21")!), now: now, zone: berlin)
        }
        try Rules.dueNotInPast(.day(CivilDate("2026-11-21")!), now: now, zone: .gmt)
        try Rules.dueNotInPast(.moment(now), now: now, zone: .gmt)
    }
}

@Suite("Ids")
struct IDTests {
    @Test func INTEROP3_idsAreLowerCaseUUIDsAndParseEitherCase() throws {
        for _ in 0..<200 {
            let uuid = UUID()
            #expect(uuid.lowercasedString == uuid.uuidString.lowercased())
            #expect(UUID.parse(uuid.uuidString) == uuid)
            #expect(UUID.parse(uuid.uuidString.lowercased()) == uuid)
        }
        #expect(UUID.parse("01a1ff92-2727-7d8d-95db-f3d36eac2fd") == nil)
        #expect(UUID.parse("01a1ff92x2727-7d8d-95db-f3d36eac2fd5") == nil)
        #expect(UUID.parse("01a1ff92-2727-7d8d-95db-f3d36eac2fzz") == nil)
        let id = TaskID.make()
        #expect(id.uuid.uuidString.lowercased() == id.description)
        #expect(id.description.dropFirst(14).first == "7", "UUIDv7")
    }
}

@Suite("Date limits")
struct DateLimitTests {
    @Test func TASK1_momentsOutsideYearsOneTo9999AreRefused() {
        #expect(Timestamp(rfc3339: "9999-12-31T23:59:59-23:59") == nil)
        #expect(Timestamp(rfc3339: "0001-01-01T00:00:00+01:00") == nil)
        #expect(Timestamp(rfc3339: "9999-12-31T23:59:59Z")?.description == "9999-12-31T23:59:59.000Z")
    }
}
