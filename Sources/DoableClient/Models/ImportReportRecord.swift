/// INTEROP-5: the server's answer to an import (`POST /api/v1/imports`), as the API writes it.
public struct ImportReportRecord: Codable, Sendable, Equatable {
    /// Nil in a dry run that would make a new list.
    public var listId: String?
    public var listName: String
    public var listCreated: Bool
    public var dryRun: Bool
    public var created: Int
    public var skipped: [Skip]
    public var labelsCreated: [String]
    public var remindersCreated: Int
    public var tasks: [Task]

    /// Something of the file not imported (`field` nil) or a field left out of an imported task.
    public struct Skip: Codable, Sendable, Equatable {
        public var line: Int?
        public var position: Int?
        public var title: String
        public var field: String?
        public var reason: String

        /// "line 12" or "item 3".
        public var place: String { line.map { "line \($0)" } ?? position.map { "item \($0)" } ?? "" }
    }

    public struct Task: Codable, Sendable, Equatable {
        public var id: String?
        public var title: String
        public var due: String?
        public var priority: String
        public var labels: [String]
        public var parentTitle: String?
        public var completed: Bool
    }
}
