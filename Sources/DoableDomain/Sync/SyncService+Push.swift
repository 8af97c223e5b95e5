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
        var failure: (any Error)?
        var clampedCount = 0
        for mutation in ordered where mutation.id > last {
            guard mutation.id == last + 1 else { break }
            var clock = mutation.clock.clamped(notAfter: clock())
            if clock != mutation.clock {
                // Clamped readings of one push share the server's millisecond; their order is the device's.
                clock.counter = clampedCount
                clampedCount += 1
            }
            let scope = SyncScope(clientID: clientID, accountID: account, mutationID: mutation.id, clock: clock)
            do {
                let superseded = try await SyncScope.$current.withValue(scope) {
                    try await apply(mutation, identity: identity, scope: scope)
                }
                if !scope.recorded { try await domain.commit(WriteBatch(scope.record, now: self.clock()), by: account) }
                results.append(SyncResult(id: mutation.id, status: .applied, superseded: superseded))
            } catch let error as DoableError {
                if case .conflict(_, "mutation", _) = error {
                    results.append(SyncResult(id: mutation.id, status: .duplicate))
                } else {
                    do {
                        try await reject(mutation, error: error, scope: scope)
                        results.append(SyncResult(id: mutation.id, status: .rejected, error: error))
                    } catch DoableError.conflict(_, "mutation", _) {
                        results.append(SyncResult(id: mutation.id, status: .duplicate))
                    } catch {
                        failure = error
                        break
                    }
                }
            } catch {
                failure = error
                break
            }
            last = mutation.id
        }
        return PushOutcome(lastMutationID: last, results: results, failure: failure)
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
            let clocks = try await store.fieldClocks(entityIDs: [id.description])[id.description] ?? [:]
            let superseded = ClockedField.dropSuperseded(from: &input, clocks: clocks, clock: clock)
            input.isRestoringPreviousValues = true
            scope.claim(id.description, ClockedField.fields(of: input))
            if !ClockedField.fields(of: input).isEmpty { _ = try await domain.tasks.updateTask(identity, id: id, input) }
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
        ClockedField.isSuperseded(field, in: try await store.fieldClocks(entityIDs: [entity])[entity] ?? [:], by: clock)
    }
}
