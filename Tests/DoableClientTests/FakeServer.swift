import DoableAPI
import DoableClient
import DoableCore
import Foundation

/// A transport failure, as a real network gives one.
struct TransportDown: Error {}

/// A tiny in-process model of the sync server (docs/sync.md): it applies the mutations the tests use, numbers every
/// change in one feed, and serves compacted pages from a cursor. Knobs make it fail the ways a real one does.
actor FakeServer: SyncServer {
    let account: AccountRecord
    var lists: [ListID: ListRecord] = [:]
    var tasks: [TaskID: TaskRecord] = [:]
    var labels: [LabelID: LabelRecord] = [:]
    /// The feed: each entity's last change (`task:<id>`), and whether it is gone for good.
    private var feed: [String: (sequence: Int64, isGone: Bool)] = [:]
    private var sequence: Int64 = 0
    private var handled: [UUID: Int64] = [:]
    private var rejected: [UUID: [Int64: MutationError]] = [:]
    var time: Timestamp

    var isOffline = false
    var pageLimit = 5000
    /// Pull pages served before every later pull fails.
    var pullPagesBeforeFailure: Int?
    var pullPagesServed = 0
    var resetNextPull = false
    var handlesPushes = true
    private(set) var pushes: [PushRequest] = []
    private(set) var pulls = 0

    init(time: Timestamp = Timestamp(milliseconds: 1_780_000_000_000)) {
        self.time = time
        let inbox = ListRecord(
            id: .make(at: time), name: "Inbox", isInbox: true, ownerId: .make(at: time),
            createdAt: time, updatedAt: time)
        account = AccountRecord(
            id: inbox.ownerId, email: "ada@example.com", username: "ada", inboxId: inbox.id,
            preferences: AccountPreferences(timeZone: "Europe/Berlin"), createdAt: time,
            updatedAt: time)
        lists[inbox.id] = inbox
        sequence = 2
        feed["account:\(account.id)"] = (1, false)
        feed["list:\(inbox.id)"] = (2, false)
    }

    /// Changes the server's state or knobs from a test; returns what `change` returns.
    @discardableResult
    func update<T: Sendable>(_ change: @Sendable (isolated FakeServer) -> T) -> T { change(self) }

    func touch(_ entity: String, _ id: some CustomStringConvertible, gone: Bool = false) {
        sequence += 1
        feed["\(entity):\(id)"] = (sequence, gone)
    }

    /// Loses an entity without a trace in the feed (as when the feed's retention has passed).
    func forget(task id: TaskID) {
        tasks[id] = nil
        feed["task:\(id)"] = nil
    }

    func push(_ request: PushRequest) async throws -> PushResponse {
        pushes.append(request)
        if isOffline { throw TransportDown() }
        var last = handled[request.clientId] ?? 0
        var results: [MutationResult] = []
        for mutation in request.mutations where handlesPushes {
            if mutation.id <= last {
                let error = rejected[request.clientId]?[mutation.id]
                results.append(
                    MutationResult(
                        id: mutation.id, status: error == nil ? .duplicate : .rejected,
                        error: error))
                continue
            }
            guard mutation.id == last + 1 else { break }
            if let error = apply(mutation) {
                rejected[request.clientId, default: [:]][mutation.id] = error
                results.append(MutationResult(id: mutation.id, status: .rejected, error: error))
            } else {
                results.append(MutationResult(id: mutation.id, status: .applied))
            }
            last = mutation.id
        }
        handled[request.clientId] = last
        return PushResponse(lastMutationId: last, serverTime: time, results: results)
    }

    func pull(_ request: PullRequest) async throws -> PullResponse {
        pulls += 1
        if isOffline { throw TransportDown() }
        if let limit = pullPagesBeforeFailure, pullPagesServed >= limit { throw TransportDown() }
        pullPagesServed += 1
        let cursor = request.cursor.flatMap { Int64($0) }
        let reset = cursor == nil || resetNextPull
        resetNextPull = false
        let from = reset ? 0 : cursor!
        let changed = feed.filter { $0.value.sequence > from && !(reset && $0.value.isGone) }
            .sorted { $0.value.sequence < $1.value.sequence }
        let page = changed.prefix(pageLimit)
        let more = changed.count > page.count
        var answer = PullResponse(
            cursor: String(more ? page.last!.value.sequence : sequence), more: more,
            reset: reset, lastMutationId: handled[request.clientId] ?? 0, serverTime: time)
        for (key, entry) in page {
            let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
            if entry.isGone {
                answer.deleted.append(DeletedEntity(entity: parts[0], id: parts[1]))
                continue
            }
            switch parts[0] {
            case "account": answer.account = AccountDTO(fake: account)
            case "list": answer.lists += ListID(parts[1]).flatMap { lists[$0] }.map { [ListDTO(fake: $0)] } ?? []
            case "task": answer.tasks += TaskID(parts[1]).flatMap { tasks[$0] }.map { [TaskDTO(fake: $0)] } ?? []
            case "label": answer.labels += LabelID(parts[1]).flatMap { labels[$0] }.map { [$0] } ?? []
            default: break
            }
        }
        return answer
    }
}
