import DoableCore
@_spi(StoreWriting) import DoableStore

/// ACC-6: everything that is the member's own, in one document.
public struct AccountExport: Sendable {
    public var account: Account
    public var lists: [TaskList]
    public var trashedLists: [TaskList]
    public var tasks: [TaskItem]
    public var labels: [Label]
    public var credentials: [Credential]
    public var calendar: String
}

extension Domain {
    public func export(_ identity: Identity) async throws -> AccountExport {
        let owner = identity.account.id
        let lists = try await store.lists(ownerID: owner)
        let trashedLists = try await store.trash(ownerID: owner).lists
        var tasks: [TaskItem] = []
        for list in lists + trashedLists {
            tasks += try await store.tasks(listID: list.id, includingTrashed: true)
        }
        let labels = try await store.labels(ownerID: owner)
        let calendar = ICalendarWriter.calendar(
            tasks: tasks.filter { $0.deletedAt == nil },
            labelNames: Dictionary(labels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            listNames: Dictionary((lists + trashedLists).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }))
        return AccountExport(account: identity.account, lists: lists, trashedLists: trashedLists, tasks: tasks,
                             labels: labels, credentials: try await store.credentials(of: owner), calendar: calendar)
    }
}
