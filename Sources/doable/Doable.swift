import ArgumentParser

@main
struct Doable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doable",
        abstract: "Doable: tasks for yourself, your family or your team.",
        subcommands: [Serve.self, Admin.self]
    )
}
