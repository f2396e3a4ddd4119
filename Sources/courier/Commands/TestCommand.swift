import ArgumentParser
import CourierCollections
import Foundation

/// `courier test [ID|FOLDER]…`: runs requests as tests, captures flowing forward, for CI.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run requests as tests: captures flow forward, expect: lines judge each response.",
        discussion: """
        Runs the requests named, or every request of the folders named (recursively, in collection order), \
        or every collection. A request with expect: lines is judged by them alone; one without passes on \
        2xx/3xx. Requests marked skip: true are skipped unless named themselves. Captured variables are \
        remembered in $XDG_STATE_HOME/courier/ per collection and environment, and so are the cookies \
        responses set, which later requests send (--no-cookies: the run starts from an empty jar and \
        saves nothing).

        Exit codes: 0 all passed · 1 an assertion failed · 2 usage or collection error · \
        3 transport error (refused, timeout, TLS, a body past --max-size).

        \(CommandExport.demoHelp)
        """
    )

    @OptionGroup var options: CollectionOptions
    @Argument(help: "Request ids or folders, for example Demo/flows; all collections when none.") var selection: [String] = []
    @OptionGroup var variables: VariableOptions
    @OptionGroup var transport: TransportOptions
    @OptionGroup var cookies: CookieOptions
    @Option(name: .long, help: "junit:FILE, json:FILE or tap (TAP on stdout); repeatable.") var report: [String] = []
    @Flag(name: .long, help: "Stop after the first request that does not pass.") var bail = false
    @Flag(name: .long, help: "Run the requests of requires: even when their captured variables are there.") var fresh = false
    @Option(name: .long, help: "Run the selection N times.") var iterations = 1
    @Option(name: .long, help: "Run the selection once per row of FILE.csv (a header line of names) or FILE.json (an array of objects); row values are variables, below --var.")
    var data: String?
    @Option(name: .long, help: "Wait MS milliseconds between requests.") var delay = 0
    @Option(name: .long, help: "Run N top-level folders at once; each sees the captures persisted at its start and its own.") var jobs = 1

    func run() async throws {
        guard iterations >= 1 else { throw CLIFailure.usage("--iterations must be 1 or more") }
        guard jobs >= 1 else { throw CLIFailure.usage("--jobs must be 1 or more") }
        guard delay >= 0 else { throw CLIFailure.usage("--delay must be 0 or more milliseconds") }
        let reports = try report.map(ReportTarget.init)
        let rows = try data.map(DataRows.load) ?? [[:]]
        let workspace = Workspace(options: options)
        let selected: TestSelection
        do {
            selected = try TestSelection(selection, tree: workspace.tree)
        } catch {
            throw CLIFailure.usage(error.description)
        }
        let overrides = try Workspace.overrides(variables.variables)
        let reporter = TestReporter(tap: reports.contains(.tap))
        let transports = transport.selection(workspace.transports)
        let jars = cookies.jars(workspace)
        runs: for _ in 0..<iterations {
            for row in rows {
                var options = TestSession.Options(environment: variables.env, overrides: row.merging(overrides) { $1 }, fresh: fresh,
                                                  transports: transports)
                options.oauth = workspace.oauth
                options.cookies = jars
                let runner = TestRunner(tree: workspace.tree, options: options, demo: workspace.demo, delay: .milliseconds(delay),
                                        bail: bail, reporter: reporter)
                if await runner.run(selected, jobs: jobs) { break runs }
            }
        }
        await workspace.shutdown()
        let results = reporter.finish()
        for target in reports { try target.write(results) }
        let tally = TestTally(results.map(\.outcome))
        if tally.exitCode != 0 { throw ExitCode(tally.exitCode) }
    }
}

/// Where a `--report` goes.
enum ReportTarget: Equatable {
    case junit(String), json(String), tap

    init(_ text: String) throws {
        if text == "tap" {
            self = .tap
        } else if text.hasPrefix("junit:"), text.count > 6 {
            self = .junit(String(text.dropFirst(6)))
        } else if text.hasPrefix("json:"), text.count > 5 {
            self = .json(String(text.dropFirst(5)))
        } else {
            throw CLIFailure.usage("--report takes junit:FILE, json:FILE or tap, got '\(text)'")
        }
    }

    func write(_ results: [(suite: String, outcome: RequestOutcome)]) throws {
        let (path, data): (String, Data)
        switch self {
        case .tap: return
        case .junit(let file): (path, data) = (file, Data(JUnitReport.xml(results).utf8))
        case .json(let file): (path, data) = (file, JSONReport.data(results))
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIFailure.usage("cannot write the report \(path): \(error.localizedDescription)")
        }
    }
}
