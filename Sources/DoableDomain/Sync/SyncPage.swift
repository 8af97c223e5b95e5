public import DoableCore

/// SYNC-1 and SYNC-4: one page of what changed for the caller since its cursor, each entity once in its current
/// state (docs/sync.md "Pull").
public struct SyncPage: Sendable {
    public var cursor: SyncCursor
    /// More pages follow at once.
    public var more: Bool
    /// The device empties its replica before applying this page: the pages from here until `more` is false are
    /// the whole state.
    public var reset: Bool
    /// The last of this device's mutations handled, read before the page's data so that the data includes it.
    public var lastMutationID: Int64
    public var account: Account?
    public var lists: [ListView] = []
    public var tasks: [TaskView] = []
    public var labels: [Label] = []
    public var reminders: [Reminder] = []
    /// What is gone for the caller: deleted for good, or no longer shared with it (a list in the trash is a put with
    /// `deletedAt` for its owner, and gone for its members).
    public var deleted: [(entity: Change.Entity, id: String)] = []

    init(cursor: SyncCursor, more: Bool, reset: Bool, lastMutationID: Int64) {
        self.cursor = cursor
        self.more = more
        self.reset = reset
        self.lastMutationID = lastMutationID
    }
}

/// Where a device is in its feed: after a sequence (`"1841"`), or part-way through a full sync that started at a
/// sequence (`"r1841:<last task id>"`, or `"r1841:"` before the first task). Opaque to devices.
public enum SyncCursor: Sendable, Equatable, CustomStringConvertible {
    case after(Int64)
    case full(at: Int64, afterTask: TaskID?)

    public init?(_ text: String) {
        if let sequence = Int64(text), sequence >= 0 {
            self = .after(sequence)
            return
        }
        guard text.hasPrefix("r"), let colon = text.firstIndex(of: ":"),
            let sequence = Int64(text[text.index(after: text.startIndex)..<colon]), sequence >= 0
        else { return nil }
        let rest = text[text.index(after: colon)...]
        if rest.isEmpty {
            self = .full(at: sequence, afterTask: nil)
        } else if let task = TaskID(String(rest)) {
            self = .full(at: sequence, afterTask: task)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .after(let sequence): String(sequence)
        case .full(let sequence, let task): "r\(sequence):\(task?.description ?? "")"
        }
    }
}
