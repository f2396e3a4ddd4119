import ArgumentParser

/// What `courier` does with no subcommand until the explorer lands: say what is available.
struct Overview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Show what this build of courier can do.",
        shouldDisplay: false
    )

    func run() async throws {
        print("""
        courier — HTTP request collections from the terminal.

        This build ships the Courier library and the demo API; the explorer and the
        collection commands (list, run, curl, import, check) come next.

          courier demo-server [--port N]   run the demo API on 127.0.0.1 (default port 8080)
          courier --help                   every command and the exit codes
        """)
    }
}
