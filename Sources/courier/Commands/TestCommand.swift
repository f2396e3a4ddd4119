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
        remembered in $XDG_STATE_HOME/courier/ per collection and environment.

        Exit codes: 0 all passed · 1 an assertion failed · 2 usage or collection error · \
        3 transport error (refused, timeout, TLS).

        \(CommandExport.demoHelp)
        """
    )

    @OptionGroup var options: CollectionOptions
    @Argument(help: "Request ids or folders, for example Demo/flows; all collections when none.") var selection: [String] = []
    @OptionGroup var variables: VariableOptions
    @Option(name: .long, help: "junit:FILE, json:FILE or tap (TAP on stdout); repeatable.") var report: [String] = []
    @Flag(name: .long, help: "Stop after the first request that does not pass.") var bail = false
    @Flag(name: .long, help: "Run the requests of requires: even when their captured variables are there.") var fresh = false

    func run() async throws {
        let reports = try report.map(ReportTarget.init)
        let workspace = Workspace(options: options)
        let selected = try TestSelection(selection, tree: workspace.tree)
        let session = try workspace.session(variables, fresh: fresh)
        let tap = reports.contains(.tap)
        let live = LiveLines(toStderr: tap)
        if tap { Output.write(Data(TAPReport.header.utf8)) }
        var results: [(suite: String, outcome: RequestOutcome)] = []
        func record(_ outcome: RequestOutcome, suite: String) {
            results.append((suite, outcome))
            live.finish(outcome)
            if tap { Output.write(Data(TAPReport.line(outcome, number: results.count).utf8)) }
        }
        for entry in selected.entries {
            if entry.skipped {
                record(.skipped(entry.request), suite: entry.suite)
                continue
            }
            live.start(entry.request.id)
            do {
                for outcome in try await session.run(entry.request) { record(outcome, suite: entry.suite) }
            } catch {
                record(.problem(.collection(error.description), of: entry.request), suite: entry.suite)
            }
            if bail, results.last?.outcome.verdict != .passed { break }
        }
        if tap { Output.write(Data(TAPReport.plan(count: results.count).utf8)) }
        await workspace.shutdown()
        try workspace.saveCaptures(of: session)
        let tally = TestTally(results.map(\.outcome))
        live.summary(tally.line)
        for target in reports { try target.write(results) }
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
