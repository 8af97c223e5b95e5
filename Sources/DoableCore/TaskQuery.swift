/// TASK-5 and TASK-7: which of a member's live tasks to list, and in what order.
public struct TaskQuery: Sendable, Equatable {
    /// Whose tasks: the caller's own (or, with `listID`, the list owner's)…
    public var ownerID: AccountID
    /// …and those in these lists shared with the caller (COLLAB-3), whose owners are `sharedOwnerIDs`.
    public var sharedListIDs: [ListID] = []
    public var sharedOwnerIDs: [AccountID] = []
    public var listID: ListID?
    public var parentID: TaskID?
    /// Tasks that carry every one of these labels.
    public var labelIDs: [LabelID] = []
    public var statuses: [TaskStatus] = []
    public var priorities: [TaskPriority] = []
    public var dueFrom: Timestamp?
    public var dueTo: Timestamp?
    public var assigneeID: AccountID?
    /// VIEW-2: only tasks that repeat (a calendar shows their later occurrences).
    public var repeatsOnly = false
    /// Words that must all appear (as word prefixes) in the title or notes.
    public var text: String?
    public var sort: TaskSort = .manual
    public var limit: Int = 200
    public var offset: Int = 0

    public init(ownerID: AccountID) { self.ownerID = ownerID }

    /// The search words: letters and digits, lower-cased, in NFC (stored text is NFC, so "Café" typed with a
    /// combining accent finds it too); empty when there is nothing to search for.
    public var searchWords: [String] {
        guard let text else { return [] }
        return Rules.matchKey(text)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .prefix(16)
            .map(String.init)
    }
}
