import ArgumentParser

/// `doable completions SHELL`: the same script as `doable --generate-completion-script SHELL`, under a name
/// people find in `--help`.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            bash: doable completions bash > ~/.local/share/bash-completion/completions/doable
            zsh:  doable completions zsh > "${fpath[1]}/_doable"
            fish: doable completions fish > ~/.config/fish/completions/doable.fish
            """
    )

    enum Shell: String, ExpressibleByArgument, CaseIterable {
        case bash, zsh, fish
    }

    @Argument(help: "bash, zsh or fish.") var shell: Shell

    func run() throws {
        guard let completionShell = CompletionShell(rawValue: shell.rawValue) else { return }
        print(Doable.completionScript(for: completionShell))
    }
}
