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

    /// The bytes of `path`, or the usage failure that names it.
    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIFailure.usage("cannot read \(path): no such file, or it is not readable")
        }
        return data
    }

    /// Parses every file with `parse`, writes the result into `--into`, prints what was written
    /// and what was not mapped, and exits 1 when something was not.
    func run(_ collections: CollectionOptions, nestEachFile: Bool = false,
             prepare: (inout ImportedCollection) throws -> Void = { _ in },
             parse: (String, Data) throws(ImportError) -> ImportedCollection) throws {
        let store = FileCollectionStore(directory: collections.directory)
        let writer: ImportWriter
        do {
            writer = try ImportWriter(store: store, into: into, force: force)
        } catch {
            throw CLIFailure.usage(error.description)
        }
        var imported = ImportedCollection()
        for path in files {
            var one: ImportedCollection
            do {
                one = try parse(path, try Self.read(path))
            } catch let error as ImportError {
                throw CLIFailure.usage("cannot import: \(error)")
            }
            if nestEachFile && files.count > 1 {
                one.nest(in: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
            }
            imported.append(one, from: path)
        }
        try prepare(&imported)
        imported.finish()
        // Relative paths in an export are relative to where it is used, like curl's: the working directory.
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        imported.resolvingFiles { path in
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path).standardizedFileURL
            return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
        }
        let report = writer.write(imported)
        for file in report.written { Output.print("wrote \(file)") }
        for file in report.unchanged { Output.print("unchanged \(file)") }
        for note in report.notes { Output.error("note: \(note)\n") }
        for item in report.unmapped { Output.error("not mapped: \(item)\n") }
        let summary = "\(report.requestCount) request(s) from \(files.count) file(s) into \(into)"
        if report.unmapped.isEmpty {
            Output.error("imported \(summary)\n")
        } else {
            Output.error("imported \(summary); \(report.unmapped.count) item(s) could not be mapped (listed above)\n")
            throw ExitCode(1)
        }
    }
}
