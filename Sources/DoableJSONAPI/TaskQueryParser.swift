import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// Reads the TASK-5/TASK-7 query parameters of `GET /tasks`; a bad value is a 400 naming the parameter.
struct TaskQueryParser {
    let identity: Identity
    /// The most values one filter takes, repeated or comma-separated (issue 10, finding 2): more is a 400 naming
    /// the parameter. The stores bind each filter's values as one array, so no number reaches an engine limit.
    static let maximumValues = QueryParameterLimitMiddleware.maximumRepeats

    func parse(_ parameters: Parameters) throws -> TaskQuery {
        var query = TaskQuery(ownerID: identity.account.id)
        query.text = parameters.get("q")
        if let list = parameters.get("list") { query.listID = try id(list, "list") }
        if let parent = parameters.get("parent") { query.parentID = try id(parent, "parent") }
        query.labelIDs = unique(try values(parameters, "label").map { try id($0, "label") })
        query.statuses = unique(try values(parameters, "status").map { try choice($0, "status", TaskStatus.self) })
        query.priorities = unique(
            try values(parameters, "priority").map { try choice($0, "priority", TaskPriority.self) })
        if let from = parameters.get("dueFrom") { query.dueFrom = try date(from, "dueFrom").sortKey }
        if let to = parameters.get("dueTo") {
            let date = try date(to, "dueTo")
            query.dueTo = date.isWholeDay ? Timestamp(milliseconds: date.passesAt.milliseconds - 1) : date.sortKey
        }
        if let assignee = parameters.get("assignee") {
            query.assigneeID = assignee == "me" ? identity.account.id : try id(assignee, "assignee")
        }
        if let sort = parameters.get("sort") { query.sort = try choice(sort, "sort", TaskSort.self) }
        if let limit = parameters.get("limit") {
            guard let value = Int(limit), (1...500).contains(value) else {
                throw DoableError.invalid("limit", "'limit' must be a whole number from 1 to 500.")
            }
            query.limit = value
        }
        if let offset = parameters.get("offset") {
            guard let value = Int(offset), (0...1_000_000).contains(value) else {
                throw DoableError.invalid("offset", "'offset' must be a whole number from 0 to 1000000.")
            }
            query.offset = value
        }
        return query
    }

    func values(_ parameters: Parameters, _ name: String) throws -> [String] {
        var values: [String] = []
        for parameter in parameters where parameter.key == name {
            for value in parameter.value.split(separator: ",") where !value.isEmpty {
                guard values.count < Self.maximumValues else {
                    throw DoableError.invalid(name, "'\(name)' takes at most \(Self.maximumValues) values.")
                }
                values.append(String(value))
            }
        }
        return values
    }

    /// The values in their first order, each once.
    func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }

    func id<T>(_ text: String, _ name: String) throws -> EntityID<T> {
        guard let id = EntityID<T>(text) else { throw DoableError.invalid(name, "'\(name)' must be a UUID.") }
        return id
    }

    func choice<E: RawRepresentable & CaseIterable>(_ text: String, _ name: String, _ type: E.Type) throws -> E
    where E.RawValue == String {
        guard let value = E(rawValue: text) else {
            throw DoableError.invalid(name, "'\(name)' must be one of: \(E.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return value
    }

    func date(_ text: String, _ name: String) throws -> TaskDate {
        guard let date = TaskDate(text) else {
            throw DoableError.invalid(name, "'\(name)' must be a date (YYYY-MM-DD) or an RFC 3339 date-time.")
        }
        return date
    }
}
