import DoableCore
import DoableDomain
import Foundation
import Hummingbird

/// Quick add in the browser: the chip preview and the save both run `QuickAddParser` here, so they cannot
/// disagree (issue 11).
struct WebQuickAdd {
    let domain: Domain
    let identity: Identity

    var parser: QuickAddParser { QuickAddParser(preferences: identity.account.preferences) }

    /// "3-10,15-20" → the ranges the member removed chips for.
    static func ignoredRanges(_ text: String?) -> [Range<Int>] {
        (text ?? "").split(separator: ",").prefix(64).compactMap { part in
            let bounds = part.split(separator: "-")
            guard bounds.count == 2, let start = Int(bounds[0]), let end = Int(bounds[1]), start >= 0, end > start,
                end <= 100_000
            else { return nil }
            return start..<end
        }
    }

    func parse(_ text: String, ignoring: String?) -> QuickAddResult {
        parser.parse(text, now: .now, ignoring: Self.ignoredRanges(ignoring))
    }

    /// The list a `#name` names, matched like list names are kept unique (case-insensitively, NFC).
    func list(named name: String, in lists: [ListView]) -> TaskList? {
        let key = Rules.matchKey(name)
        let editable = lists.filter { $0.role >= .editor }
        return editable.first { Rules.matchKey($0.list.name) == key && !$0.list.isArchived }?.list
            ?? editable.first { Rules.matchKey($0.list.name) == key }?.list
    }

    /// The preview the script shows as chips.
    func preview(_ text: String, ignoring: String?) async throws -> Preview {
        let result = parse(text, ignoring: ignoring)
        // Asked on every pause in typing: the lists are read only when the line names one.
        let lists = result.listName == nil ? [] : try await domain.tasks.lists(identity)
        let time = MemberTime(preferences: identity.account.preferences)
        var error: String?
        var offers: [QuickAddOffer] = []
        if result.isTitleMissing && !result.tokens.isEmpty { error = QuickAddResult.missingTitleMessage }
        let tokens = result.tokens.map { token -> Preview.Token in
            let label: String
            switch token.kind {
            case .due:
                if let passed = result.passedTimeToday(now: time.now, zone: time.calendar.zone) {
                    let clock = time.time(of: passed.passed)
                    label = "Due today \(clock), passed"
                    error = error ?? QuickAddResult.passedTimeMessage(clock: clock)
                    offers.append(QuickAddOffer(label: "Tomorrow \(clock)", name: "passed", value: "tomorrow"))
                } else {
                    label = result.due.map { "Due \(time.dueWords($0, isCompleted: false).text)" } ?? "Due"
                }
            case .priority:
                label = "Priority \(result.priority?.rawValue ?? "")"
            case .list:
                let name = result.listName ?? ""
                if let list = list(named: name, in: lists) {
                    label = "List \(list.name)"
                } else {
                    label = "New list \(name)"
                    error = error ?? Self.missingListMessage(name)
                    offers.append(QuickAddOffer(label: "Create list '\(name)'", name: "createList", value: name))
                }
            case .label:
                label = "Label \(token.text.hasPrefix("@") ? String(token.text.dropFirst()) : token.text)"
            case .recurrence:
                label = result.recurrence.map { $0.describedInWords(start: result.due, in: time.calendar.zone) } ?? "Repeats"
            }
            return Preview.Token(
                kind: token.kind.rawValue, start: token.range.lowerBound, end: token.range.upperBound,
                text: token.text, label: label)
        }
        return Preview(title: result.title, tokens: tokens, error: error, offers: offers)
    }

    static func missingListMessage(_ name: String) -> String {
        "There is no list named '\(name)'. Create it here, or remove the chip to keep the words in the title."
    }

    struct Preview: Encodable {
        struct Token: Encodable {
            let kind: String
            let start: Int
            let end: Int
            let text: String
            let label: String
        }
        let title: String
        let tokens: [Token]
        let error: String?
        let offers: [QuickAddOffer]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(tokens, forKey: .tokens)
            try container.encode(error, forKey: .error)
            try container.encode(offers, forKey: .offers)
        }

        enum CodingKeys: String, CodingKey { case title, tokens, error, offers }
    }

    /// Creates the task a quick-add line describes, in `defaultList` unless it names one; labels it names that do
    /// not exist yet are created, as in Todoist. `dueTodayUnlessSaid`: typed on Today, a line that names no date is
    /// due today, so that the task shows where it was typed.
    ///
    /// What a refusal offered, accepted: `createList` (the `#name` the line gives, created as a new list) and
    /// `passedToTomorrow` (a time already past today moved to the same time tomorrow).
    func create(
        _ text: String, ignoring: String?, defaultList: ListID?, parent: TaskID?, dueTodayUnlessSaid: Bool = false,
        createList: String? = nil, passedToTomorrow: Bool = false
    ) async throws -> TaskView {
        guard text.utf16.count <= 1000 else {
            throw DoableError.invalid("text", "A quick-add line must be at most 1,000 characters.")
        }
        let result = parse(text, ignoring: ignoring)
        var input = TaskInput(title: try result.validatedTitle())
        let time = MemberTime(preferences: identity.account.preferences)
        var due = result.due
        if let passed = result.passedTimeToday(now: time.now, zone: time.calendar.zone) {
            guard passedToTomorrow else {
                throw DoableError.invalid("text", QuickAddResult.passedTimeMessage(clock: time.time(of: passed.passed)))
            }
            due = .moment(passed.tomorrow)
        }
        if let name = result.listName {
            if let list = list(named: name, in: try await domain.tasks.lists(identity)) {
                input.listID = list.id
            } else if let createList, Rules.matchKey(createList) == Rules.matchKey(name) {
                var list = ListInput()
                list.name = name
                input.listID = try await domain.tasks.createList(identity, list).id
            } else {
                throw DoableError.invalid("text", Self.missingListMessage(name))
            }
        } else if parent == nil {
            input.listID = defaultList
        }
        if let parent { input.parentID = .some(parent) }
        if let due {
            input.due = .some(due)
        } else if dueTodayUnlessSaid && result.recurrence == nil {
            input.due = .some(.day(time.today))
        }
        if let rule = result.recurrence { input.recurrence = .some(rule.description) }
        if let priority = result.priority { input.priority = priority }
        if !result.labelNames.isEmpty {
            var labels = try await domain.tasks.labels(identity)
            var ids: [LabelID] = []
            for name in result.labelNames {
                if let existing = labels.first(where: { Rules.matchKey($0.name) == Rules.matchKey(name) }) {
                    ids.append(existing.id)
                } else {
                    let label = try await domain.tasks.createLabel(identity, name: name, color: nil)
                    labels.append(label)
                    ids.append(label.id)
                }
            }
            input.labelIDs = ids
        }
        return try await domain.tasks.createTask(identity, input)
    }
}

/// A button quick add shows beside a refusal: pressing it sends the line again with `name=value`.
struct QuickAddOffer: Codable, Sendable, Equatable {
    let label: String
    let name: String
    let value: String
}
