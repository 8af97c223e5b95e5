/// Calendar object resources shaped like what real clients PUT (INTEROP-1), written from their documented and
/// observed output. Lines end in CRLF; a line starting with a space continues the one before (a fold).
enum ICalendarFixtures {
    /// Written with LF for readability; the wire form has CRLF.
    static func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }

    /// Apple Reminders (iOS 17): a VTIMEZONE, TZID dates, X-APPLE properties, a structured location with quoted
    /// parameters, an absolute alarm carrying X-WR-ALARMUID and a RELATED-TO, a folded DESCRIPTION.
    static let appleReminders = crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Apple Inc.//iOS 17.4//EN
        CALSCALE:GREGORIAN
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:DAYLIGHT
        TZOFFSETFROM:+0100
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        DTSTART:19810329T020000
        TZNAME:CEST
        TZOFFSETTO:+0200
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:+0200
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        DTSTART:19961027T030000
        TZNAME:CET
        TZOFFSETTO:+0100
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VTODO
        CREATED:20260110T091523Z
        DESCRIPTION:Ask about the invoice\\, the receipts and the letter from the ta
         x office\\nBring the folder
        DTSTAMP:20260112T184400Z
        DTSTART;TZID=Europe/Berlin:20260115T090000
        DUE;TZID=Europe/Berlin:20260115T090000
        LAST-MODIFIED:20260112T184359Z
        PRIORITY:1
        RELATED-TO;RELTYPE=PARENT:7C3A2F1E-8D4B-4E6F-A1B2-C3D4E5F60718
        SEQUENCE:0
        STATUS:NEEDS-ACTION
        SUMMARY:Call the accountant
        UID:5E1E0B7F-5E3A-4C5B-9D6A-2B9F1C0D7A11
        X-APPLE-SORT-ORDER:758213640
        X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="Unter den Linden 1, 10117
          Berlin";X-APPLE-RADIUS=70.58;X-TITLE="Office: 3rd floor":geo:52.517,13.
         388
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        TRIGGER;VALUE=DATE-TIME:20260115T080000Z
        UID:9A2E4C1B-0F3D-4B6A-8E7C-5D1F2A3B4C5D
        X-WR-ALARMUID:9A2E4C1B-0F3D-4B6A-8E7C-5D1F2A3B4C5D
        RELATED-TO:F1E2D3C4-B5A6-4978-8695-A4B3C2D1E0F9
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    /// Thunderbird (Lightning): its own VTIMEZONE, IN-PROCESS with PERCENT-COMPLETE, CLASS, X-MOZ properties, a
    /// due-relative alarm.
    static let thunderbird = crlf(
        """
        BEGIN:VCALENDAR
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
        VERSION:2.0
        BEGIN:VTIMEZONE
        TZID:America/New_York
        X-LIC-LOCATION:America/New_York
        BEGIN:DAYLIGHT
        TZOFFSETFROM:-0500
        TZOFFSETTO:-0400
        TZNAME:EDT
        DTSTART:19700308T020000
        RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:-0400
        TZOFFSETTO:-0500
        TZNAME:EST
        DTSTART:19701101T020000
        RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VTODO
        CREATED:20260201T120000Z
        LAST-MODIFIED:20260203T083000Z
        DTSTAMP:20260203T083000Z
        UID:d1a8c0a4-6b5e-4f55-9f0e-1d2c3b4a5f60
        SUMMARY:Review the pull request
        STATUS:IN-PROCESS
        PRIORITY:5
        PERCENT-COMPLETE:40
        CLASS:PUBLIC
        CATEGORIES:Work,Code review
        DTSTART;TZID=America/New_York:20260204T090000
        DUE;TZID=America/New_York:20260205T170000
        X-MOZ-GENERATION:3
        X-MOZ-LASTACK:20260203T083000Z
        SEQUENCE:2
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DURATION;RELATED=END:-PT15M
        DESCRIPTION:Default Mozilla Description
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    /// tasks.org through DAVx5: numeric UIDs, a whole-day DUE, a weekly RRULE with an EXDATE, X-APPLE-SORT-ORDER,
    /// a parent and a sibling RELATED-TO, an alarm at the due date.
    static let tasksOrg = crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:+//IDN tasks.org//android-130804//EN
        BEGIN:VTODO
        DTSTAMP:20260301T101010Z
        UID:4217895617859345923
        CREATED:20260301T101000Z
        LAST-MODIFIED:20260301T101010Z
        SUMMARY:Buy milk
        PRIORITY:9
        DUE;VALUE=DATE:20260302
        RELATED-TO;RELTYPE=PARENT:1183952746130296121
        RELATED-TO;RELTYPE=SIBLING:8532199034478210457
        X-APPLE-SORT-ORDER:-1
        CATEGORIES:Shopping
        CATEGORIES:Errands,shopping
        RRULE:FREQ=WEEKLY;BYDAY=MO
        EXDATE;VALUE=DATE:20260309
        BEGIN:VALARM
        TRIGGER;RELATED=END:PT0S
        ACTION:DISPLAY
        DESCRIPTION:Default Tasks.org description
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    /// todoman through vdirsyncer: a floating DUE, LOCATION, PRIORITY:0, PERCENT-COMPLETE:0.
    static let todoman = crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:io.barrera.todoman
        BEGIN:VTODO
        UID:5d9a6b0fe6b04c49b0bd6ab5d9d61a6e@hostname
        SUMMARY:Water the plants
        DTSTAMP:20260305T071500Z
        CREATED:20260305T071500Z
        LAST-MODIFIED:20260305T071500Z
        DUE:20260306T180000
        LOCATION:Balcony
        PRIORITY:0
        STATUS:NEEDS-ACTION
        PERCENT-COMPLETE:0
        SEQUENCE:1
        END:VTODO
        END:VCALENDAR

        """)

    static let all = [appleReminders, thunderbird, tasksOrg, todoman]
}
