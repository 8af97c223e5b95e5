import PublicInit

/// INTEROP-1: what CalDAV keeps about a task beyond the task itself: the resource name the client chose, the UID,
/// and the body it last PUT, verbatim. A task made in Doable has none until a client writes it: its name is
/// `<task id>.ics` and its UID the task id.
@PublicInit
public struct CalendarObject: Sendable, Equatable {
    public var taskID: TaskID
    /// The resource name in its calendar collection, as the client chose it (`<UUID>.ics`).
    public var name: String
    public var uid: String
    /// The VCALENDAR text last sent by a client, byte for byte: served as is while the task's version is still
    /// `bodyVersion`, and the source of every property Doable does not model once the task changed.
    public var body: String
    public var bodyVersion: Int64
    /// RELATED-TO named a parent that was not (yet) in the calendar: when a task with that UID arrives there, this
    /// one becomes its subtask.
    public var pendingParentUID: String?
}

/// INTEROP-2: the secret in a member's ICS feed URLs; rotating replaces it, which ends every old URL.
@PublicInit
public struct FeedKey: Sendable, Equatable {
    public var accountID: AccountID
    public var key: String
    public var createdAt: Timestamp
}

/// A calendar object without its body: what a listing of a whole calendar needs (names, UIDs, whether the body
/// still stands) without reading every body.
@PublicInit
public struct CalendarObjectHeader: Sendable, Equatable {
    public var taskID: TaskID
    public var name: String
    public var uid: String
    public var bodyVersion: Int64
    public var pendingParentUID: String?
    /// The body has a DURATION somewhere (a time range must then be judged on the body itself).
    public var mentionsDuration: Bool
}
