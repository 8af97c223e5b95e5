import DoableCore
@_spi(StoreWriting) import DoableStore
public import Foundation

extension SyncService {
    /// SYNC-1 and SYNC-2: applies a device's mutations in order, each at most once and each in the transaction that
    /// records it as handled. A mutation that cannot apply is rejected with its reason and the queue goes on; a
    /// failure of the server's own (a database timeout) stops the push, and the device sends the rest again.
    public func push(_ identity: Identity, clientID: UUID, mutations: [SyncMutation]) async throws -> PushOutcome {
        let account = identity.account.id
        let known = try await store.syncClient(id: clientID)
        if let known, known.accountID != account {
            throw DoableError.conflict(
                code: "client_taken", field: "clientId",
                message: "This client id belongs to another account; make a new one.")
        }
        var last = known?.lastMutationID ?? 0
        let ordered = mutations.sorted { $0.id < $1.id }
        var results = try await earlierResults(of: ordered.filter { $0.id <= last }, clientID: clientID)
        let fresh = Array(ordered.filter { $0.id > last })
        let clocks = scopeClocks(of: fresh)
        var failure: (any Error)?
        var runsAppliedAlone = 0
        var position = 0
        // After a run that could not go together, its mutations go one at a time up to here.
        var aloneUntil = 0
        pushing: while position < fresh.count, fresh[position].id == last + 1 {
            let run = position < aloneUntil ? [] : Self.run(in: fresh, from: position)
            if !run.isEmpty {
                let scopes = run.map { SyncScope(clientID: clientID, accountID: account, mutationID: $0.id, clock: clocks[$0.id]!) }
                do {
                    if let applied = try await applyTogether(run, scopes: scopes, identity: identity) {
                        results += applied
                        last = run[run.count - 1].id
                        position += run.count
                        continue
                    }
                    runsAppliedAlone += 1
                    aloneUntil = position + run.count
                } catch {
                    failure = error
                    break
                }
            }
            let mutation = fresh[position]
            let scope = SyncScope(clientID: clientID, accountID: account, mutationID: mutation.id, clock: clocks[mutation.id]!)
            switch await applyAlone(mutation, scope: scope, identity: identity) {
            case .success(let result): results.append(result)
            case .failure(let error):
                failure = error
                break pushing
            }
            last = mutation.id
            position += 1
        }
        return PushOutcome(lastMutationID: last, results: results, failure: failure, runsAppliedAlone: runsAppliedAlone)
    }

    /// The clock each mutation's writes are stamped with: the device's, but never after the server's own.
    private func scopeClocks(of mutations: [SyncMutation]) -> [Int64: HybridTimestamp] {
        let now = clock()
        var clampedCount = 0
        var clocks: [Int64: HybridTimestamp] = [:]
        for mutation in mutations {
            var clock = mutation.clock.clamped(notAfter: now)
            if clock != mutation.clock {
                // Clamped readings of one push share the server's millisecond; their order is the device's.
                clock.counter = clampedCount
                clampedCount += 1
            }
            clocks[mutation.id] = clock
        }
        return clocks
    }

    /// One mutation in transactions of its own: its result, or the server's own failure that stops the push.
    private func applyAlone(_ mutation: SyncMutation, scope: SyncScope, identity: Identity) async -> Result<SyncResult, any Error> {
        do {
            let superseded = try await applyRecording(mutation, scope: scope, identity: identity)
            return .success(SyncResult(id: mutation.id, status: .applied, superseded: superseded))
        } catch let error as DoableError {
            if case .conflict(_, "mutation", _) = error { return .success(SyncResult(id: mutation.id, status: .duplicate)) }
            do {
                try await reject(mutation, error: error, scope: scope)
                return .success(SyncResult(id: mutation.id, status: .rejected, error: error))
            } catch DoableError.conflict(_, "mutation", _) {
                return .success(SyncResult(id: mutation.id, status: .duplicate))
            } catch {
                return .failure(error)
            }
        } catch {
            return .failure(error)
        }
    }

    /// The mutation's domain operation in its scope, and the device's progress on its own when the operation wrote
    /// nothing (every field superseded). That commit is outside the scope: inside it, `commit` would add the
    /// progress a second time.
    private func applyRecording(_ mutation: SyncMutation, scope: SyncScope, identity: Identity) async throws -> [String] {
        let superseded = try await SyncScope.$current.withValue(scope) {
            try await apply(mutation, identity: identity, scope: scope)
        }
        if !scope.recorded { try await domain.commit(WriteBatch(scope.record, now: self.clock()), by: scope.accountID) }
        return superseded
    }

    /// Issue 32, item 4: consecutive field edits of different tasks (`PushRun`), staged with their reads made
    /// ahead and committed in one transaction. Nil when the run could not go together (a conflict, a mutation
    /// another push handled meanwhile): nothing of it was written, and its mutations go one at a time. Throws the
    /// server's own failures (a timeout, the database down, a full disk), which stop the push.
    private func applyTogether(_ run: [SyncMutation], scopes: [SyncScope], identity: Identity) async throws -> [SyncResult]? {
        let staged = try await PushRun.readingAhead(run.compactMap(\.runnableTaskEdit), from: store)
        var results: [SyncResult] = []
        for (mutation, scope) in zip(run, scopes) {
            do {
                let superseded = try await PushRun.$current.withValue(staged) {
                    try await applyRecording(mutation, scope: scope, identity: identity)
                }
                results.append(SyncResult(id: mutation.id, status: .applied, superseded: superseded))
            } catch let error as DoableError {
                try await PushRun.$current.withValue(staged) { try await reject(mutation, error: error, scope: scope) }
                results.append(SyncResult(id: mutation.id, status: .rejected, error: error))
            } catch {
                return nil
            }
        }
        do {
            try await domain.commitTogether(staged.takeBatches())
        } catch let error as StoreError where [.timedOut, .unavailable, .storageFull].contains(error) {
            throw error
        } catch {
            return nil
        }
        return results
    }

    /// The mutations from `start` that may go together: consecutive numbers, each a field edit of a task no
    /// other edit of the run touches, at most 250 (a push carries at most its controller's limit anyway).
    static func run(in mutations: [SyncMutation], from start: Int) -> [SyncMutation] {
        var run: [SyncMutation] = []
        var tasks = Set<TaskID>()
        for mutation in mutations[start...] {
            guard run.count < 250, let task = mutation.runnableTaskEdit, tasks.insert(task).inserted,
                run.last.map({ $0.id + 1 == mutation.id }) ?? true
            else { break }
            run.append(mutation)
        }
        return run
    }

    /// Mutations handled by an earlier push: rejected ones say so again, with their reason.
    private func earlierResults(of mutations: [SyncMutation], clientID: UUID) async throws -> [SyncResult] {
        guard let first = mutations.first?.id, let last = mutations.last?.id else { return [] }
        let rejections = Dictionary(
            try await store.syncRejections(clientID: clientID, from: first, through: last)
                .map { ($0.mutationID, $0) }, uniquingKeysWith: { first, _ in first })
        return mutations.map { mutation in
            guard let rejection = rejections[mutation.id] else { return SyncResult(id: mutation.id, status: .duplicate) }
            let error = DoableError.conflict(code: rejection.code, field: rejection.field, message: rejection.message)
            return SyncResult(id: mutation.id, status: .rejected, error: error)
        }
    }

    private func reject(_ mutation: SyncMutation, error: DoableError, scope: SyncScope) async throws {
        let now = clock()
        let rejection = SyncRejection(
            clientID: scope.clientID, mutationID: mutation.id, name: mutation.name,
            entityID: mutation.entityID, code: error.code, field: error.field,
            message: error.message, at: now)
        try await domain.commit(WriteBatch([scope.advance, .recordSyncRejection(rejection)], now: now), by: scope.accountID)
    }

    /// Runs the mutation's domain operation, leaving out what later writes superseded; returns those fields.
    private func apply(_ mutation: SyncMutation, identity: Identity, scope: SyncScope) async throws -> [String] {
        let clock = scope.clock.description
        switch try mutation.operation.get() {
        case .createTask(var input):
            input.isRestoringPreviousValues = true
            _ = try await domain.tasks.createTask(identity, input)
        case .updateTask(let id, var input):
            _ = try await domain.tasks.visibleTask(id, for: identity)
            let clocks = try await fieldClocks(of: id.description)
            let superseded = ClockedField.dropSuperseded(from: &input, clocks: clocks, clock: clock)
            input.isRestoringPreviousValues = true
            scope.claim(id.description, ClockedField.fields(of: input))
            if !ClockedField.fields(of: input).isEmpty { _ = try await domain.tasks.updatedTask(identity, id: id, input) }
            return superseded
        case .completeTask(let id):
            if try await isSuperseded(id.description, "status", by: clock) { return ["status"] }
            scope.claim(id.description, ["status"])
            _ = try await domain.tasks.completeTask(identity, id: id, includeSubtasks: false)
        case .reopenTask(let id):
            if try await isSuperseded(id.description, "status", by: clock) { return ["status"] }
            scope.claim(id.description, ["status"])
            _ = try await domain.tasks.reopenTask(identity, id: id)
        case .moveTask(let id, let placement):
            if try await isSuperseded(id.description, "position", by: clock) { return ["position"] }
            scope.claim(id.description, ["position"])
            _ = try await domain.tasks.moveTask(identity, id: id, placement)
        case .deleteTask(let id):
            // Deleting what is in the trash already (another device got there first) changes nothing.
            guard try await domain.tasks.visibleTask(id, for: identity).deletedAt == nil else { return [] }
            try await domain.tasks.deleteTask(identity, id: id)
        case .restoreTask(let id):
            guard try await domain.tasks.visibleTask(id, for: identity).deletedAt != nil else { return [] }
            _ = try await domain.tasks.restoreTask(identity, id: id)
        case .createList(let input):
            _ = try await domain.tasks.createList(identity, input)
        case .updateList(let id, var input):
            let clocks = try await store.fieldClocks(entityIDs: [id.description])[id.description] ?? [:]
            let superseded = ClockedField.dropSuperseded(from: &input, clocks: clocks, clock: clock)
            _ = try await domain.tasks.updateList(identity, id: id, input)
            return superseded
        case .deleteList(let id):
            guard try await store.list(id: id)?.deletedAt == nil else { return [] }
            try await domain.tasks.deleteList(identity, id: id)
        case .restoreList(let id):
            guard try await store.list(id: id)?.deletedAt != nil else { return [] }
            _ = try await domain.tasks.restoreList(identity, id: id)
        case .createLabel(let id, let name, let color):
            _ = try await domain.tasks.createLabel(identity, name: name, color: color, id: id)
        case .updateLabel(let id, var name, var color):
            let clocks = try await store.fieldClocks(entityIDs: [id.description])[id.description] ?? [:]
            let superseded = ClockedField.dropSuperseded(name: &name, color: &color, clocks: clocks, clock: clock)
            _ = try await domain.tasks.updateLabel(identity, id: id, name: name, color: color)
            return superseded
        case .deleteLabel(let id):
            try await domain.tasks.deleteLabel(identity, id: id)
        case .createReminder(let id, let taskID, let trigger):
            _ = try await domain.reminders.createReminder(identity, taskID: taskID, trigger: trigger, id: id)
        case .updateReminder(let id, let trigger, let silenced):
            _ = try await domain.reminders.updateReminder(identity, id: id, trigger: trigger, silenced: silenced)
        case .deleteReminder(let id):
            try await domain.reminders.deleteReminder(identity, id: id)
        }
        return []
    }

    private func isSuperseded(_ entity: String, _ field: String, by clock: String) async throws -> Bool {
        ClockedField.isSuperseded(field, in: try await fieldClocks(of: entity), by: clock)
    }

    private func fieldClocks(of entity: String) async throws -> [String: String] {
        if let known = PushRun.current?.fieldClocks(of: entity) { return known }
        return try await store.fieldClocks(entityIDs: [entity])[entity] ?? [:]
    }
}

extension SyncMutation {
    /// The task of an edit that may share a `PushRun`: one that changes the task's own fields only, not its place,
    /// its status (a completion reads and writes more: the next occurrence, rewards) or its calendar object.
    var runnableTaskEdit: TaskID? {
        guard case .success(.updateTask(let id, let input)) = operation, input.listID == nil, input.parentID == nil,
            input.status == nil, input.rank == nil, input.calendarResource == nil, input.completedAt == nil
        else { return nil }
        return id
    }
}
