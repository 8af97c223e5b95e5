import ArgumentParser
import DoableCLI
import DoableCore
import DoableDomain
import Foundation

/// MKT-11: the categories members suggested by posting with "Other", newest first.
struct AdminSuggestions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggestions", abstract: "Categories members suggested with “Other”, newest first.")

    @Option(help: "At most this many (1 to 1000).") var limit: Int = 100
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard (1...1_000).contains(limit) else { throw ValidationError("--limit must be 1 to 1000.") }
    }

    func run() async throws {
        let suggestions = try await storeOptions.withDomain(label: "doable.admin") { domain in
            try await domain.market.categorySuggestions(nil, limit: limit)
        }
        guard !suggestions.isEmpty else {
            print("No suggestions yet.")
            return
        }
        var table = Table(columns: [.init(), .init(), .init(isFlexible: true), .init()])
        table.append(["WHEN (UTC)", "SUGGESTION", "POSTING", "BY"])
        for item in suggestions {
            table.append([
                String(item.createdAt.description.prefix(16)).replacingOccurrences(of: "T", with: " "),
                item.suggestion, item.postingTitle, item.poster ?? "(deleted account)",
            ])
        }
        table.render(maxWidth: Terminal.outputWidth).forEach { print($0) }
    }
}
