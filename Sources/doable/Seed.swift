import ArgumentParser
import DoableCore
import DoableDomain
import DoableServer
import DoableStore
import Foundation
import Logging

/// Fills a database with realistic data for benchmarks: accounts, lists, labels and tasks with subtasks, all
/// through the domain operations (the import path), so the change feed is filled as in real use.
struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Fill the database with generated data.")

    @Option(help: "Number of accounts.") var accounts: Int = 10
    @Option(help: "Lists per account (besides the Inbox).") var listsPerAccount: Int = 5
    @Option(help: "Tasks in all, spread over the accounts.") var tasks: Int = 10_000
    @Option(help: "Share of tasks that are subtasks, 0 to 1.") var subtaskShare: Double = 0.2
    @Option(help: "Marketplace postings in all (MKT), spread over the accounts and over a country-sized area.")
    var postings: Int = 0
    @Option(
        help: ArgumentHelp(
            "Share of tasks completed through the domain's completeTask, 0 to 1, spread evenly over the last 365 days.",
            discussion: "Those completions write completion rows (and, with --game, rewards, ledger lines and closed "
                + "game days) through the one write path, with the domain's clock moved along. The accounts then seem "
                + "a year old. Without this option a fifth of the tasks are imported as already completed, without "
                + "completion rows."))
    var completedShare: Double?
    @Flag(help: "Turn the companion game on for the seeded accounts, before any completion.") var game = false
    @Option(help: "Write the accounts' credentials and list ids here as JSON.") var output: String?
    @OptionGroup var storeOptions: StoreOptions

    static let words = [
        "buy", "milk", "call", "plumber", "write", "report", "clean", "kitchen", "book", "flight",
        "pay", "rent", "water", "plants", "fix", "bike", "read", "chapter", "email", "team", "plan",
        "party", "walk", "dog", "study", "exam", "review", "code", "order", "groceries", "paint",
        "fence", "visit", "doctor", "renew", "passport", "bake", "bread", "tidy", "garage",
    ]

    func run() async throws {
        let logger = Logger(label: "doable.seed")
        if let completedShare, !(0...1).contains(completedShare) {
            throw ValidationError("--completed-share must be from 0 to 1.")
        }
        let store = try await storeOptions.openStore(logger: logger)
        let clock = SeedClock()
        let domain = Domain(store: store, passwords: PasswordHasher(cost: 4), clock: { clock.now })
        var generator = SystemRandomNumberGenerator()
        var summary: [[String: Any]] = []
        let perAccount = max(1, tasks / max(1, accounts))
        let started = Date()
        var completedInAll = 0
        var completingSeconds = 0.0
        for index in 0..<accounts {
            // With completions spread over the past year, the account, its lists and its tasks are made a year
            // and a day ago, and the clock moves forward with each completion.
            let realNow = Timestamp.now
            let yearAgo = realNow.adding(seconds: -366 * 86_400)
            if completedShare != nil { clock.pin(yearAgo) }
            let suffix = UUID().uuidString.prefix(8).lowercased()
            var registration = Registration(
                email: "seed\(index)_\(suffix)@example.com", password: "seed password",
                username: "seed\(index)_\(suffix)")
            registration.firstName = "Seed"
            registration.lastName = "User \(index)"
            let (account, firstSession) = try await domain.accounts.register(registration)
            var session = firstSession
            guard var identity = try await domain.accounts.authenticate(secret: session.secret) else { continue }
            if game {
                _ = try await domain.game.updateGame(identity, GamePatch(isEnabled: true))
                // The identity carries the account as it was read: read it again with the game on.
                guard let playing = try await domain.accounts.authenticate(secret: session.secret) else { continue }
                identity = playing
            }
            var listIDs = [account.inboxID]
            for number in 0..<listsPerAccount {
                var input = ListInput()
                input.name = "List \(number + 1)"
                listIDs.append(try await domain.tasks.createList(identity, input).id)
            }
            let labels = [
                try await domain.tasks.createLabel(identity, name: "home", color: "green").id,
                try await domain.tasks.createLabel(identity, name: "work", color: "blue").id,
            ]
            var items: [ImportedTask] = []
            items.reserveCapacity(perAccount)
            var recent: [ListID: [TaskID]] = [:]
            // With --completed-share: which tasks are completed (evenly among them), and when (evenly over the year).
            var toComplete: [Int] = []
            if let share = completedShare {
                for number in 0..<perAccount
                where Int(Double(number + 1) * share) > Int(Double(number) * share) {
                    toComplete.append(number)
                }
            }
            let span = Int64(365 * 86_400_000)
            func completionMoment(_ rank: Int) -> Timestamp {
                Timestamp(
                    milliseconds: realNow.milliseconds - span
                        + span * Int64(rank * 2 + 1) / Int64(max(1, toComplete.count) * 2))
            }
            var completionRank: [Int: Int] = [:]
            for (rank, number) in toComplete.enumerated() { completionRank[number] = rank }
            for number in 0..<perAccount {
                let listID = listIDs[number % listIDs.count]
                let title = (0..<3).map { _ in Self.words.randomElement(using: &generator)! }.joined(separator: " ")
                var parent: TaskID?
                if let candidates = recent[listID], !candidates.isEmpty, Double.random(in: 0..<1, using: &generator) < subtaskShare {
                    parent = candidates.randomElement(using: &generator)
                }
                var item = ImportedTask(
                    id: .make(at: clock.now), listID: listID, parentID: parent,
                    title: "\(title) \(number)")
                item.notes = number % 3 == 0 ? "Remember to \(Self.words.randomElement(using: &generator)!) first" : ""
                item.priority = TaskPriority.allCases[number % 4]
                if completedShare == nil {
                    item.status = number % 5 == 0 ? .completed : .pending
                    if number % 2 == 0 { item.due = .day(Timestamp.now.civilDate.adding(days: number % 60 - 10)) }
                } else if let rank = completionRank[number] {
                    // Due around the day it is completed on: mostly on time, some late (a day or two before it).
                    if number % 2 == 0 {
                        item.due = .day(completionMoment(rank).civilDate.adding(days: number % 12 - 2))
                    }
                    item.estimatedMinutes = [nil, 5, 15, 30, 60, 120][number % 6]
                } else if number % 2 == 0 {
                    item.due = .day(realNow.civilDate.adding(days: number % 60 - 10))
                }
                if number % 4 == 0 { item.labelIDs = [labels[number % 2]] }
                if parent == nil {
                    recent[listID, default: []].append(item.id)
                    if recent[listID]!.count > 50 { recent[listID]!.removeFirst() }
                }
                items.append(item)
            }
            try await domain.transfer.importTasks(identity, items)
            if completedShare != nil {
                let completing = Date()
                var day = clock.now.civilDate
                for (rank, number) in toComplete.enumerated() {
                    let moment = completionMoment(rank)
                    if game, moment.civilDate != day {
                        // The nightly job's round, as a running server does it each day: closes the days that ended.
                        day = moment.civilDate
                        clock.pin(Timestamp(milliseconds: day.startTimestamp.milliseconds + 60_000))
                        _ = try await domain.game.runGameDays()
                    }
                    clock.pin(moment)
                    _ = try await domain.tasks.completeTask(identity, id: items[number].id, includeSubtasks: false)
                    if (rank + 1) % 10_000 == 0 {
                        print("  completed \(rank + 1)/\(toComplete.count), \(Int(Date().timeIntervalSince(completing))) s")
                    }
                }
                clock.pin(nil)
                if game { _ = try await domain.game.runGameDays() }
                // The session made a year ago has expired by now: a fresh one.
                if let fresh = try await domain.accounts.signIn(account, password: "seed password") { session = fresh }
                completedInAll += toComplete.count
                completingSeconds += Date().timeIntervalSince(completing)
            }
            let postingsHere = postings / accounts + (index < postings % accounts ? 1 : 0)
            var made = 0
            while made < postingsHere {
                let chunk = min(2_000, postingsHere - made)
                made += try await domain.market.importPostings(
                    identity, (0..<chunk).map { _ in Self.posting(using: &generator) })
            }
            summary.append([
                "username": account.username, "token": session.secret,
                "listIds": listIDs.map(\.description),
            ])
            print("account \(index + 1)/\(accounts): \(perAccount) tasks, \(Int(Date().timeIntervalSince(started))) s")
        }
        if let output {
            if postings > 0 {
                summary = summary.map { entry in
                    var entry = entry
                    entry["area"] = [
                        "minLatitude": Self.area.latitude.lowerBound,
                        "maxLatitude": Self.area.latitude.upperBound,
                        "minLongitude": Self.area.longitude.lowerBound,
                        "maxLongitude": Self.area.longitude.upperBound,
                    ]
                    return entry
                }
            }
            let data = try JSONSerialization.data(withJSONObject: ["accounts": summary], options: [.prettyPrinted])
            try data.write(to: URL(fileURLWithPath: output))
        }
        try await store.close()
        print("seeded \(accounts) accounts, \(perAccount * accounts) tasks in \(Int(Date().timeIntervalSince(started))) s")
        if completedShare != nil {
            print(
                "completed \(completedInAll) of them through completeTask\(game ? " with the game on" : "") in "
                    + "\(Int(completingSeconds)) s")
        }
    }

    /// Where seeded postings lie: about Germany's extent (~860 km by ~620 km).
    static let area = (latitude: 47.3...55.0, longitude: 5.9...15.0)
    static let categories = [
        "Cleaning", "Moving", "Gardening", "Repairs", "Delivery", "Tech help", "Tutoring",
        "Pet care", "Other",
    ]

    static func posting(using generator: inout SystemRandomNumberGenerator) -> PostingInput {
        func phrase(_ count: Int) -> String {
            (0..<count).map { _ in Self.words.randomElement(using: &generator)! }.joined(separator: " ")
        }
        let point = GeoPoint(
            latitude: Double.random(in: area.latitude, using: &generator),
            longitude: Double.random(in: area.longitude, using: &generator))
        return PostingInput(
            title: String(phrase(3).prefix(30)), description: "Please \(phrase(8)).",
            category: categories.randomElement(using: &generator)!,
            maxBid: Money(cents: Int64.random(in: 500...20_000, using: &generator)),
            location: .some(MarketPosting.Location(point: point, placeName: "")))
    }
}

/// The seeding domain's clock: the real time, or a moment it is pinned to (completions spread over the past year).
final class SeedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var pinned: Timestamp?

    var now: Timestamp { lock.withLock { pinned } ?? .now }

    func pin(_ moment: Timestamp?) { lock.withLock { pinned = moment } }
}
