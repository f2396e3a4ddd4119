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
        """,
        subcommands: [
            ExplorerCommand.self, Overview.self, ListCommand.self, RunCommand.self, CurlCommand.self, ImportCommand.self, ExportCommand.self,
            TestCommand.self, CheckCommand.self, DemoServerCommand.self,
        ],
        defaultSubcommand: ExplorerCommand.self
    )
}
