import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableCLI
import DoableClient
import DoableCore

/// `doable lists`: every list with its open tasks.
struct ListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lists", abstract: "Show your lists.")

    @OptionGroup var json: JSONFlag
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let session = try options.openSession()
        await session.syncBeforeReading()
        let snapshot = try session.snapshot()
        let lists = snapshot.lists
        if json.json { return try JSONOutput.print(lists) }
        let style = session.style
        let open = Dictionary(grouping: snapshot.tasks.filter { !$0.isCompleted }, by: \.listId).mapValues(\.count)
        let idLength = IDPrefix.length(
            for: lists.map(\.id.description),
            among: snapshot.allLists.map(\.id.description))
        var table = Table(columns: [.init(), .init(isFlexible: true), .init(.right), .init()])
        for list in lists {
            var notes: [String] = []
            if list.isInbox { notes.append("inbox") }
            if list.memberCount > 1 || list.role != .owner {
                notes.append(list.role == .owner ? "shared with \(list.memberCount - 1)" : list.role.rawValue)
            }
            if list.isArchived { notes.append("archived") }
            let icon = list.icon.map { $0 + " " } ?? ""
            let name = icon + (list.isArchived ? style.dim(list.name) : style.bold(list.name))
            table.append([
                style.dim(String(list.id.description.prefix(idLength))), name,
                "\(open[list.id] ?? 0) open", style.dim(notes.joined(separator: ", ")),
            ])
        }
        table.render(maxWidth: Terminal.outputWidth).forEach { print($0) }
    }
}

/// `doable list add|rename|rm`.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Add, rename or remove a list.",
        subcommands: [Add.self, Rename.self, Remove.self, Restore.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a list.")

        @Argument(help: "Its name.") var name: String
        @Option(name: .long, help: "A colour: \(Rules.listPalette.joined(separator: ", ")), or #RRGGBB.")
        var color: String?
        @OptionGroup var options: ClientOptions

        func run() async throws {
            let session = try options.openSession()
            let name = try checked { try Rules.listName(self.name) }
            let color = try color.map { color in try checked { try Rules.color(color) } } ?? "blue"
            if try session.snapshot().lists.contains(where: { Rules.matchKey($0.name) == Rules.matchKey(name) }) {
                throw CLIError.user("You already have a list named '\(name)'.")
            }
            let list = try session.userFacing { try session.replica.createList(name: name, color: color) }
            print("Added the list '\(list.name)' \(session.style.dim("(\(list.id.description.prefix(8)))")).")
            await session.syncAfterChange()
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a list.")

        @Argument(help: "The list (a name or an id prefix).") var list: String
        @Argument(help: "The new name.") var newName: String
        @OptionGroup var options: ClientOptions

        func run() async throws {
            let session = try options.openSession()
            let list = try session.list(list)
            let name = try checked { try Rules.listName(newName) }
            guard !list.isInbox else { throw CLIError.user("The Inbox cannot be renamed.") }
            try list.require(.admin, for: "renaming it")
            try session.userFacing { try session.replica.updateList(list.id, ListFields(name: name)) }
            print("Renamed '\(list.name)' to '\(name)'.")
            await session.syncAfterChange()
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Move a list and its tasks to the trash.")

        @Argument(help: "The list (a name or an id prefix).") var list: String
        @OptionGroup var options: ClientOptions

        func run() async throws {
            let session = try options.openSession()
            let list = try session.list(list)
            guard !list.isInbox else { throw CLIError.user("The Inbox cannot be removed.") }
            try list.require(.owner, for: "removing it")
            try session.userFacing { try session.replica.deleteList(list.id) }
            print("Moved the list '\(list.name)' and its tasks to the trash; `doable list restore` brings them back.")
            await session.syncAfterChange()
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Bring a list and its tasks back from the trash.")

        @Argument(help: "The list in the trash (a name or an id prefix).") var list: String
        @OptionGroup var options: ClientOptions

        func run() async throws {
            let session = try options.openSession()
            let trashed = try session.snapshot().allLists.filter(\.isDeleted)
            let key = list.lowercased()
            let matches = trashed.filter {
                Rules.matchKey($0.name) == Rules.matchKey(list) || $0.id.description.hasPrefix(key)
            }
            guard matches.count == 1, let found = matches.first else {
                throw CLIError.user(
                    matches.isEmpty
                        ? "No list in the trash is named '\(list)' or has an id starting with it."
                        : Session.ambiguity(list, kind: "lists", matches.map { ($0.id.description, $0.name) }))
            }
            try session.userFacing { try session.replica.restoreList(found.id) }
            print("Restored the list '\(found.name)'.")
            await session.syncAfterChange()
        }
    }
}
