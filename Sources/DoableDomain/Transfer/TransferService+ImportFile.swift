public import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation

/// Where an import goes (INTEROP-5).
public enum ImportTarget: Sendable, Equatable {
    /// A live list the caller may add tasks to (editor or higher).
    case list(ListID)
    /// The caller's own list of that name (ignoring case), made when there is none.
    case named(String)
    /// A new list named after the format and the day: "Todoist import 2026-11-27".
    case newList
}

/// One task of an import as the member sees it in the report (and the preview).
public struct ImportedTaskPreview: Sendable, Equatable {
    /// Nil in a dry run: nothing was made.
    public var id: TaskID?
    public var title: String
    public var due: TaskDate?
    public var priority: TaskPriority
    public var labels: [String]
    public var parentTitle: String?
    public var isCompleted: Bool
}

/// What an import made, or would make in a dry run, and what it left out and why.
public struct ImportReport: Sendable {
    /// Nil in a dry run that would make a new list.
    public var listID: ListID?
    public var listName: String
    public var isNewList: Bool
    public var isDryRun: Bool
    public var created: Int
    public var skipped: [ImportSkip]
    public var labelsCreated: [String]
    public var remindersCreated: Int
    /// Every task made, in the order made (parents first); a dry run shows the first `importPreviewLimit`.
    public var tasks: [ImportedTaskPreview]
}

extension TransferService {
    public static let importPreviewLimit = 200

    /// INTEROP-5: imports a file read by `ImportReader` into one list, all or nothing: the list (when new), the
    /// labels it needs, every task, their reminders and history are one batch in one transaction. Every field rule
    /// applies but the past-deadline one (TASK-2); an item that breaks one is skipped with its reason, a field that
    /// cannot be kept is dropped with its reason. A dry run checks everything and writes nothing.
    public func importFile(_ identity: Identity, _ file: ImportFile, into target: ImportTarget, dryRun: Bool)
        async throws -> ImportReport
    {
        if dryRun { return try await importBatch(identity, file, into: target, isDryRun: true).1 }
        return try await perform(by: identity.account.id) {
            try await importBatch(identity, file, into: target, isDryRun: false)
        }
    }

    func importBatch(_ identity: Identity, _ file: ImportFile, into target: ImportTarget, isDryRun: Bool)
        async throws -> (WriteBatch, ImportReport)
    {
        let now = clock()
        var batch = WriteBatch(now: now)
        let (list, isNew) = try await importList(identity, target, format: file.format, now: now)
        if isNew { batch.append(.putList(list)) }
        let lastRank =
            isNew
            ? nil
            : try await store.neighbourRanks(listID: list.id, parentID: nil, around: nil).below
        var plan = ImportPlan(
            file: file, list: list, actor: identity.account.id, now: now,
            existingLabels: try await store.labels(ownerID: identity.account.id))
        plan.checkRows { row, task in try checkedRecurrence(row, for: task) }
        plan.placeRows()
        plan.makeTasks(after: lastRank)
        let reminders = plan.makeReminders(calendar: domain.calendar(of: identity.account)) { trigger, task in
            try domain.reminders.validate(trigger, for: task, now: now)
        }
        batch.operations += plan.newLabels.map { .putLabel($0) }
        let calendar = domain.calendar(of: identity.account)
        for task in plan.tasks {
            batch.append(.putTask(task))
            if let completion = Self.importedCompletion(of: task, by: identity, calendar: calendar) {
                batch.append(.addCompletion(completion))
            }
            // `fields` ["import"] marks an import among creations (History: "imported this from Todoist").
            batch.append(
                domain.tasks.activity(
                    task, .created, fields: ["import"], detail: file.format.title, by: identity,
                    at: now))
        }
        batch.operations += reminders.map { .putReminder($0) }
        let previews = isDryRun ? Array(plan.previews.prefix(Self.importPreviewLimit)) : plan.previews
        let report = ImportReport(
            listID: isDryRun && isNew ? nil : list.id, listName: list.name, isNewList: isNew, isDryRun: isDryRun,
            created: plan.tasks.count, skipped: plan.skipped, labelsCreated: plan.newLabels.map(\.name),
            remindersCreated: reminders.count,
            tasks: isDryRun
                ? previews.map {
                    var preview = $0; preview.id = nil; return preview
                } : previews)
        return (batch, report)
    }

    /// The list the tasks go to, and whether it is new (to be put in the same batch).
    func importList(_ identity: Identity, _ target: ImportTarget, format: ImportFormat, now: Timestamp)
        async throws -> (TaskList, Bool)
    {
        let own = try await store.lists(ownerID: identity.account.id)
        let name: String
        switch target {
        case .list(let id):
            return (try await domain.editableList(id, for: identity, field: "listId"), false)
        case .named(let requested):
            do {
                name = try Rules.listName(requested)
            } catch DoableError.invalid(_, let message) {
                throw DoableError.invalid("listName", message)
            }
            if let existing = own.first(where: { Rules.matchKey($0.name) == Rules.matchKey(name) }) {
                return (existing, false)
            }
        case .newList:
            let base = "\(format.title) import \(domain.calendar(of: identity.account).day(of: now))"
            let taken = Set(own.map { Rules.matchKey($0.name) })
            name = ([base] + (2...999).map { "\(base) (\($0))" }).first { !taken.contains(Rules.matchKey($0)) } ?? base
        }
        let list = TaskList(
            id: .make(at: now), ownerID: identity.account.id, name: name,
            rank: RankKey.between(own.last?.rank, nil), createdAt: now, updatedAt: now)
        return (list, true)
    }

    /// TASK-10's rule check for an imported task (its RRULE against its own dates); nil when it has no rule.
    func checkedRecurrence(_ row: ImportRow, for task: TaskItem) throws -> String? {
        guard let rule = row.recurrence else { return nil }
        return try domain.tasks.checkedRecurrence(rule, for: task)
    }
}
