import ArgumentParser
import CourierCollections
import Foundation

/// What every file importer takes: the files, the destination folder, and --force.
struct ImportFileOptions: ParsableArguments {
    @Argument(help: "The files to import.") var files: [String]
    @Option(name: .long, help: "The folder to import into: a collection or a folder inside one, such as Imported or Imported/shop.")
    var into: String
    @Flag(name: .long, help: "Replace files that exist already (otherwise they are kept and listed).") var force = false

    static let exitCodes = "Exit codes: 0 everything mapped · 1 some items could not be mapped (listed on stderr) · 2 unreadable input or usage."

    /// Runs the import (`FileImport`, which the explorer's palette runs too) into `--into`,
    /// prints what was written and what was not mapped, and exits 1 when something was not.
    /// `configure` sets the format's own options.
    func run(_ collections: CollectionOptions, _ format: ImportFormat, configure: (inout FileImport) -> Void = { _ in }) throws {
        var job = FileImport(format: format, files: files, into: into,
                             workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                             home: ProcessInfo.processInfo.environment["HOME"])
        job.force = force
        configure(&job)
        let report: ImportReport
        do {
            report = try job.run(in: FileCollectionStore(directory: collections.directory)).report
        } catch {
            throw CLIFailure.usage(error.description)
        }
        for file in report.written { Output.print("wrote \(file)") }
        for file in report.unchanged { Output.print("unchanged \(file)") }
        for note in report.notes { Output.error("note: \(note)\n") }
        for item in report.unmapped { Output.error("not mapped: \(item)\n") }
        let summary = job.summary(of: report)
        if report.unmapped.isEmpty {
            Output.error("imported \(summary)\n")
        } else {
            Output.error("imported \(summary); \(report.unmapped.count) item(s) could not be mapped (listed above)\n")
            throw ExitCode(1)
        }
    }
}
