import ArgumentParser
import DoableCLI
import DoableCore
import DoableDomain

/// MKT-11: the marketplace's categories from the server's own command line (as an admin would in the web app):
/// list, add, rename, archive and unarchive. A category is named by its id or its name (any case).
struct AdminCategories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories", abstract: "List and change the marketplace's categories.",
        subcommands: [List.self, Add.self, Rename.self, Archive.self, Unarchive.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every category, archived ones too.")
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let categories = try await storeOptions.withDomain(label: "doable.admin") { domain in
                try await domain.market.marketCategories(includeArchived: true)
            }
            var table = Table(columns: [.init(), .init(isFlexible: true), .init()])
            table.append(["ID", "NAME", "STATE"])
            for category in categories {
                table.append([
                    category.id.description, category.name,
                    category.isOther ? "always offered" : category.isArchived ? "archived" : "offered",
                ])
            }
            table.render(maxWidth: Terminal.outputWidth).forEach { print($0) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a category (1 to 40 characters).")
        @Argument(help: "The new category's name.") var name: String
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let category = try await storeOptions.withDomain(label: "doable.admin") { domain in
                try await AdminCategories.naming(name) { try await domain.market.createCategory(nil, name: name) }
            }
            print("Added “\(category.name)” (\(category.id)).")
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a category; its postings keep it.")
        @Argument(help: "The category's id or name.") var category: String
        @Argument(help: "Its new name.") var newName: String
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let (old, renamed) = try await storeOptions.withDomain(label: "doable.admin") { domain in
                let old = try await domain.market.category(named: category)
                let renamed = try await AdminCategories.naming(newName) {
                    try await domain.market.updateCategory(nil, id: old.id, name: newName, isArchived: nil)
                }
                return (old, renamed)
            }
            print("Renamed “\(old.name)” to “\(renamed.name)”.")
        }
    }

    struct Archive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop offering a category for new postings (those in it keep it). “Other” stays.")
        @Argument(help: "The category's id or name.") var category: String
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let archived = try await AdminCategories.setArchived(category, true, storeOptions)
            print("Archived “\(archived.name)”: new postings can't pick it.")
        }
    }

    struct Unarchive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Offer an archived category again.")
        @Argument(help: "The category's id or name.") var category: String
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let category = try await AdminCategories.setArchived(category, false, storeOptions)
            print("“\(category.name)” is offered again.")
        }
    }

    /// A name another category has is refused in words of categories.
    static func naming<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch DoableError.conflict("already_exists", _, _) {
            throw CLIError.user("There is already a category named “\(name)”.")
        }
    }

    static func setArchived(_ text: String, _ isArchived: Bool, _ storeOptions: StoreOptions) async throws
        -> MarketCategory
    {
        try await storeOptions.withDomain(label: "doable.admin") { domain in
            let category = try await domain.market.category(named: text)
            return try await domain.market.updateCategory(nil, id: category.id, name: nil, isArchived: isArchived)
        }
    }
}
