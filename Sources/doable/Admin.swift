import ArgumentParser

/// Administrative tools that work on the database directly, through the same domain operations.
struct Admin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Administrative tools.",
        subcommands: [Seed.self]
    )
}
