import DoableCore
import Foundation

/// Export files written from each format's documentation (INTEROP-5): Todoist's CSV template export (the current
/// columns and the older ones), Taskwarrior's `task export` (every attribute `task` writes), and iCalendar VTODOs
/// in the shapes Apple Reminders, Thunderbird and tasks.org send.
enum ImportFixtures {
    /// 2026-11-20 12:00 UTC, a Friday.
    static let now = Timestamp(rfc3339: "2026-11-20T12:00:00Z")!
    static let berlin = ImportContext(zone: TimeZone(identifier: "Europe/Berlin")!, now: now)
    static let utc = ImportContext(zone: .gmt, now: now)

    /// Todoist's current export: DESCRIPTION, DURATION and DURATION_UNIT, sections, notes, blank separators.
    static let todoist = """
        TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT
        task,Plan the garden @home @outdoor,Raised beds this year,4,1,Ann Lee (12345678),,2026-12-01,en,Europe/Berlin,90,minute
        task,Buy seeds @shopping,,3,2,Ann Lee (12345678),,Dec 3 2026 10:00,en,Europe/Berlin,,
        task,Compare prices,,1,3,Ann Lee (12345678),,,en,Europe/Berlin,,
        note,"Check the organic ones first, then ""heirloom"" ones",,,,Ann Lee (12345678),,,,,,
        ,,,,,,,,,,,
        section,Weekly,,,,,,,,,,
        task,Water the plants,"Line one
        line two",2,1,Ann Lee (12345678),,every monday,en,Europe/Berlin,,
        task,Mow the lawn @home,,1,1,Ann Lee (12345678),,when it stops raining,en,,1,day
        task,,,1,1,Ann Lee (12345678),,,en,,,
        """.replacingOccurrences(of: "\n", with: "\r\n")

    /// An export from before Todoist had descriptions and durations.
    static let todoistOld = """
        TYPE,CONTENT,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE
        task,Call mum,4,1,Ann (1),,,en,
        task,Pay rent @bills,1,1,Ann (1),,1 Jan 2027,en,UTC
        task,Sort the receipts,2,3,Ann (1),,tomorrow 5pm,en,UTC
        """

    static let report = "a1b2c3d4-0000-4000-8000-000000000001"
    static let figures = "a1b2c3d4-0000-4000-8000-000000000002"
    static let charts = "a1b2c3d4-0000-4000-8000-000000000003"
    static let rent = "a1b2c3d4-0000-4000-8000-000000000005"
    static let both = "a1b2c3d4-0000-4000-8000-000000000008"

    /// `task export` of Taskwarrior 2.6: every attribute it writes, each status, a recurring template with an
    /// instance, and dependencies that nest and one that cannot.
    static let taskwarrior = """
        [
        {"id":1,"description":"Write the report","due":"20261130T170000Z","end":null,"entry":"20261101T090000Z",\
        "modified":"20261120T100000Z","project":"Work.Reports","priority":"H","scheduled":"20261125T080000Z",\
        "status":"pending","uuid":"\(report)","tags":["writing","q4"],"urgency":12.3,\
        "depends":["\(figures)","\(charts)"],\
        "annotations":[{"entry":"20261102T101500Z","description":"Ask Bea for the figures"},\
        {"entry":"20261103T080000Z","description":"Template in the shared drive"}]},
        {"id":2,"description":"Gather figures","entry":"20261101T090500Z","modified":"20261101T090500Z",\
        "priority":"M","status":"pending","uuid":"\(figures)","urgency":3.9},
        {"id":0,"description":"Draw charts","end":"20261110T120000Z","entry":"20261101T091000Z",\
        "modified":"20261110T120000Z","status":"completed","uuid":"\(charts)","urgency":0},
        {"id":0,"description":"Old idea","end":"20261105T120000Z","entry":"20261001T091000Z",\
        "modified":"20261105T120000Z","status":"deleted","uuid":"a1b2c3d4-0000-4000-8000-000000000004","urgency":0},
        {"id":0,"description":"Pay rent","due":"20261201T000000Z","entry":"20261001T090000Z","mask":"--",\
        "modified":"20261101T000000Z","recur":"monthly","status":"recurring","until":"20271231T000000Z",\
        "uuid":"\(rent)","tags":["bills"],"urgency":1.2},
        {"id":3,"description":"Pay rent","due":"20261201T000000Z","entry":"20261101T000000Z","imask":1,\
        "modified":"20261101T000000Z","parent":"\(rent)","recur":"monthly","status":"pending",\
        "uuid":"a1b2c3d4-0000-4000-8000-000000000006","tags":["bills"],"urgency":1.2},
        {"id":4,"description":"Stretch","entry":"20261101T090000Z","modified":"20261101T090000Z","status":"waiting",\
        "wait":"20261205T000000Z","priority":"L","uuid":"a1b2c3d4-0000-4000-8000-000000000007","urgency":-3},
        {"id":5,"description":"Review both","entry":"20261101T090000Z","modified":"20261101T090000Z",\
        "status":"pending","depends":"\(figures),a1b2c3d4-0000-4000-8000-000000000099","uuid":"\(both)","urgency":2}
        ]
        """

    /// VTODOs as Apple Reminders, Thunderbird and tasks.org write them; one VEVENT, which is not a task.
    static let iCalendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Apple Inc.//iOS 17.0//EN
        BEGIN:VTODO
        UID:parent-1@example.com
        DTSTAMP:20261101T090000Z
        CREATED:20261101T090000Z
        SUMMARY:Paint the fence
        DESCRIPTION:White\\, two coats
        DUE;VALUE=DATE:20261205
        PRIORITY:1
        CATEGORIES:Home,Outdoor
        RRULE:FREQ=WEEKLY;BYDAY=SA
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        TRIGGER;RELATED=END:-PT15H
        END:VALARM
        END:VTODO
        BEGIN:VTODO
        UID:child-1@example.com
        DTSTAMP:20261101T090000Z
        SUMMARY:Buy paint
        RELATED-TO;RELTYPE=PARENT:parent-1@example.com
        STATUS:COMPLETED
        COMPLETED:20261110T160000Z
        PERCENT-COMPLETE:100
        END:VTODO
        BEGIN:VTODO
        UID:odd-rule@example.com
        DTSTAMP:20261101T090000Z
        SUMMARY:Check the gutters
        DUE:20261210T100000Z
        RRULE:FREQ=HOURLY;INTERVAL=2
        END:VTODO
        BEGIN:VEVENT
        UID:event-1@example.com
        DTSTAMP:20261101T090000Z
        DTSTART:20261201T100000Z
        SUMMARY:Dentist
        END:VEVENT
        END:VCALENDAR
        """.replacingOccurrences(of: "\n", with: "\r\n")
}
