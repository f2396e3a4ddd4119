import ArgumentParser

/// `courier`: the explorer and the command line for request collections.
@main
struct CourierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier",
        abstract: "Explore, run and export HTTP request collections.",
        discussion: """
        Exit codes: 0 success · 1 a request failed (4xx/5xx, or an expect: line) · 2 usage or collection errors · \
        3 transport errors (refused, timeout, TLS). Each command's --help has its own table.

        docs/FORMAT.md documents every key of every file courier reads: requests, collection.yaml, \
        environments, themes and config.yaml. Shell completion: courier --generate-completion-script bash|zsh|fish.
        """,
        version: courierVersion,
        subcommands: [
            ExplorerCommand.self, Overview.self, ListCommand.self, RunCommand.self, CurlCommand.self, ImportCommand.self, ExportCommand.self,
            TestCommand.self, CheckCommand.self, CookiesCommand.self, DemoServerCommand.self,
        ],
        defaultSubcommand: ExplorerCommand.self
    )
}
