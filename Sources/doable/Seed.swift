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
    @Option(help: "Write the accounts' credentials and list ids here as JSON.") var output: String?
    @OptionGroup var storeOptions: StoreOptions

    static let words = ["buy", "milk", "call", "plumber", "write", "report", "clean", "kitchen", "book", "flight",
                        "pay", "rent", "water", "plants", "fix", "bike", "read", "chapter", "email", "team", "plan",
                        "party", "walk", "dog", "study", "exam", "review", "code", "order", "groceries", "paint",
                        "fence", "visit", "doctor", "renew", "passport", "bake", "bread", "tidy", "garage"]

    func run() async throws {
        let logger = Logger(label: "doable.seed")
        let store = try await storeOptions.openStore(logger: logger)
        let domain = Domain(store: store, passwords: PasswordHasher(cost: 4))
        var generator = SystemRandomNumberGenerator()
        var summary: [[String: Any]] = []
        let perAccount = max(1, tasks / max(1, accounts))
        let started = Date()
        for index in 0..<accounts {
            let suffix = UUID().uuidString.prefix(8).lowercased()
            var registration = Registration(email: "seed\(index)_\(suffix)@example.com", password: "seed password",
                                            username: "seed\(index)_\(suffix)")
            registration.firstName = "Seed"
            registration.lastName = "User \(index)"
            let (account, session) = try await domain.register(registration)
            guard let identity = try await domain.authenticate(secret: session.secret) else { continue }
            var listIDs = [account.inboxID]
            for number in 0..<listsPerAccount {
                var input = ListInput()
                input.name = "List \(number + 1)"
                listIDs.append(try await domain.createList(identity, input).id)
            }
            let labels = [try await domain.createLabel(identity, name: "home", color: "green").id,
                          try await domain.createLabel(identity, name: "work", color: "blue").id]
            var items: [ImportedTask] = []
            items.reserveCapacity(perAccount)
            var recent: [ListID: [TaskID]] = [:]
            for number in 0..<perAccount {
                let listID = listIDs[number % listIDs.count]
                let title = (0..<3).map { _ in Self.words.randomElement(using: &generator)! }.joined(separator: " ")
                var parent: TaskID?
                if let candidates = recent[listID], !candidates.isEmpty, Double.random(in: 0..<1, using: &generator) < subtaskShare {
                    parent = candidates.randomElement(using: &generator)
                }
                var item = ImportedTask(listID: listID, parentID: parent, title: "\(title) \(number)")
                item.notes = number % 3 == 0 ? "Remember to \(Self.words.randomElement(using: &generator)!) first" : ""
                item.priority = TaskPriority.allCases[number % 4]
                item.status = number % 5 == 0 ? .completed : .pending
                if number % 2 == 0 { item.due = .day(Timestamp.now.civilDate.adding(days: number % 60 - 10)) }
                if number % 4 == 0 { item.labelIDs = [labels[number % 2]] }
                if parent == nil {
                    recent[listID, default: []].append(item.id)
                    if recent[listID]!.count > 50 { recent[listID]!.removeFirst() }
                }
                items.append(item)
            }
            try await domain.importTasks(identity, items)
            let postingsHere = postings / accounts + (index < postings % accounts ? 1 : 0)
            var made = 0
            while made < postingsHere {
                let chunk = min(2_000, postingsHere - made)
                made += try await domain.importPostings(
                    identity, (0..<chunk).map { _ in Self.posting(using: &generator) })
            }
            summary.append(["username": account.username, "token": session.secret,
                            "listIds": listIDs.map(\.description)])
            print("account \(index + 1)/\(accounts): \(perAccount) tasks, \(Int(Date().timeIntervalSince(started))) s")
        }
        if let output {
            if postings > 0 {
                summary = summary.map { entry in
                    var entry = entry
                    entry["area"] = ["minLatitude": Self.area.latitude.lowerBound,
                                     "maxLatitude": Self.area.latitude.upperBound,
                                     "minLongitude": Self.area.longitude.lowerBound,
                                     "maxLongitude": Self.area.longitude.upperBound]
                    return entry
                }
            }
            let data = try JSONSerialization.data(withJSONObject: ["accounts": summary], options: [.prettyPrinted])
            try data.write(to: URL(fileURLWithPath: output))
        }
        try await store.close()
        print("seeded \(accounts) accounts, \(perAccount * accounts) tasks in \(Int(Date().timeIntervalSince(started))) s")
    }

    /// Where seeded postings lie: about Germany's extent (~860 km by ~620 km).
    static let area = (latitude: 47.3...55.0, longitude: 5.9...15.0)
    static let categories = ["Cleaning", "Moving", "Gardening", "Repairs", "Delivery", "Tech help", "Tutoring",
                             "Pet care", "Other"]

    static func posting(using generator: inout SystemRandomNumberGenerator) -> PostingInput {
        func phrase(_ count: Int) -> String {
            (0..<count).map { _ in Self.words.randomElement(using: &generator)! }.joined(separator: " ")
        }
        let point = GeoPoint(latitude: Double.random(in: area.latitude, using: &generator),
                             longitude: Double.random(in: area.longitude, using: &generator))
        return PostingInput(
            title: String(phrase(3).prefix(30)), description: "Please \(phrase(8)).",
            category: categories.randomElement(using: &generator)!,
            maxBid: Money(cents: Int64.random(in: 500...20_000, using: &generator)),
            location: .some(MarketPosting.Location(point: point, placeName: "")))
    }
}
