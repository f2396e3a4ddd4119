import ArgumentParser

/// What `courier` does with no subcommand until the explorer lands: say what is available.
struct Overview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Show what this build of courier can do.",
        shouldDisplay: false
    )

    @OptionGroup var options: CollectionOptions

    func run() async throws {
        Output.print("""
        courier — HTTP request collections from the terminal.

        The explorer opens when courier runs in a terminal; the collection commands are:

          courier list                        every request id in ./Collections
          courier run Demo/users/list-users   send a request (the Demo collection starts its own server)
          courier curl ID | export ID         the request as a curl or HTTPie command
          courier export ID --format F        a request or folder as http, hurl, postman or swift
          courier import curl '…' --into ID   save a curl command as a request file
          courier check                       validate every collection file
          courier test Demo                   run requests as tests: captures, expect: lines, CI reports
          courier demo-server                 run the demo API on 127.0.0.1:8080

        `courier help <command>` explains each one, with exit codes.
        """)
    }
}
