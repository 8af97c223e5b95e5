public import DoableCore
import PublicInit

/// A list as a CalDAV calendar collection (INTEROP-1), as the caller sees it.
public struct DAVCalendar: Sendable {
    public var list: TaskList
    /// The caller's role: a viewer's calendar is read-only (no write privileges are advertised).
    public var role: ListRole
    public var owner: Account?
    /// The caller's latest feed sequence about the list: the ctag and the sync token's number.
    public var syncSequence: Int64
    /// The list's place among the caller's lists (apple `calendar-order`), from 1.
    public var order: Int
    /// The URL segment of the calendar: the name the client chose when it made the list, else the list's id.
    public var segment: String

    public var canWrite: Bool { role >= .editor }

    public init(
        list: TaskList, role: ListRole, owner: Account?, syncSequence: Int64, order: Int,
        segment: String? = nil
    ) {
        self.segment = segment ?? list.id.description
        self.list = list
        self.role = role
        self.owner = owner
        self.syncSequence = syncSequence
        self.order = order
    }
}

/// A calendar object resource: one task as a VCALENDAR.
@PublicInit
public struct DAVObject: Sendable {
    public var taskID: TaskID
    /// The resource name within its calendar (`<task id>.ics`, or the name a client chose).
    public var name: String
    /// Strong, quoted (`"…"`), changes whenever the body does.
    public var etag: String
    public var lastModified: Timestamp
    /// The VCALENDAR text; nil when the caller asked for names and ETags only.
    public var body: String?
    /// The body is byte for byte what a client last PUT (a PUT's answer carries an ETag only then).
    public var storedAsSent: Bool = false
}

/// RFC 6578: what changed in a calendar after a sync token.
@PublicInit
public struct DAVSyncResult: Sendable {
    public var changed: [DAVObject]
    /// Names of resources gone from the calendar (deleted, trashed or moved away).
    public var removed: [String]
    /// The new token's sequence.
    public var sequence: Int64
    /// More changes remain: the server answers 507 for the collection and the client asks again from `sequence`.
    public var truncated: Bool
}

/// A calendar's settable properties (MKCALENDAR, extended MKCOL, PROPPATCH); nil leaves one as it is.
@PublicInit
public struct DAVCalendarPatch: Sendable {
    public var displayName: String?
    public var description: String?
    /// `#RRGGBB` or `#RRGGBBAA` (Apple's form); the alpha is dropped.
    public var color: String?
}

/// RFC 4791/6578 preconditions that a CalDAV client understands; anything else comes back as `DoableError`.
public enum DAVError: Error, Sendable, Equatable {
    /// `If-Match` or `If-None-Match` failed: 412.
    case preconditionFailed
    /// Another resource in the calendar has the UID: 409 with `no-uid-conflict` naming its resource name.
    case uidConflict(existingName: String)
    /// The body is not a VTODO Doable can store (`supported-calendar-component`, `valid-calendar-data`,
    /// `valid-calendar-object-resource`): 403 with the condition and the message, or a field rule (a title too long):
    /// 403 with `valid-calendar-data` and the rule's message.
    case invalidObject(CalendarObjectError)
    /// A field rule refused the object (a title too long): the message names the property.
    case refused(property: String, message: String)
    /// The sync token is unknown, malformed or older than the feed keeps: 403 `valid-sync-token`.
    case invalidSyncToken
}
