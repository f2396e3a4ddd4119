import Courier
import Foundation

/// One import of files into a folder of the collections, the sequence `courier import FORMAT`
/// and the explorer's palette both run: check the destination, read and parse each file, add
/// Postman environments, `finish()`, make body files absolute, write. Printing the outcome is the
/// caller's part.
public struct FileImport: Sendable {
    /// What the files are.
    public var format: ImportFormat
    /// The files, as the user wrote them (relative, absolute or `~/…`); messages name them so.
    public var files: [String]
    /// The destination: a collection or a folder inside one (`Imported`, `Imported/shop`).
    public var into: String
    /// Replace files that exist already; otherwise they are kept and listed as not mapped.
    public var force = false
    /// Postman environment and globals exports (`--environment`), added after the collections.
    public var environments: [String] = []
    /// Which HAR entries to keep (`--only-xhr`, `--host`).
    public var harFilter = HARImporter.Filter()
    /// Against which relative paths (the files, and body files the input names) are resolved.
    public var workingDirectory: URL
    /// What `~` stands for; nil leaves such paths as written.
    public var home: String?

    /// An import of `files` in `format` into `into`, relative paths read from `workingDirectory`.
    public init(format: ImportFormat, files: [String], into: String, workingDirectory: URL, home: String? = nil) {
        self.format = format
        self.files = files
        self.into = into
        self.workingDirectory = workingDirectory
        self.home = home
    }

    /// What an import did, and the secret values it moved into `*.secret.yaml` files, for
    /// masking whatever is shown of it.
    public struct Outcome: Sendable {
        /// The files written and kept, the items not mapped, the notes.
        public var report: ImportReport
        /// The secret values of the import.
        public var secrets: SecretRedactor
    }

    /// Reads, parses and writes the import into `store`'s directory.
    /// - Returns: What was written and what could not be mapped.
    /// - Throws: `ImportError`, a whole sentence, when the destination is not a folder below the
    ///   directory or an input cannot be read or parsed; nothing is written then.
    public func run(in store: any CollectionStore) throws(ImportError) -> Outcome {
        let writer = try ImportWriter(store: store, into: into, force: force)
        var imported = ImportedCollection()
        for path in files {
            var one = try parse(path)
            if format == .http && files.count > 1 {
                one.nest(in: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
            }
            imported.append(one, from: path)
        }
        if format == .postman {
            // Globals first, so an environment's value of the same name wins.
            var parsed: [PostmanImporter.ParsedEnvironment] = []
            for path in environments {
                let data = try read(path)
                parsed.append(try Self.importing { () throws(ImportError) in try PostmanImporter.parseEnvironment(data, file: path) })
            }
            PostmanImporter.addEnvironments(parsed, to: &imported)
        }
        imported.finish()
        // Relative paths in an export are relative to where it is used, like curl's: the working directory.
        imported.resolvingFiles { path in
            let url = resolve(path)
            return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
        }
        let report = writer.write(imported)
        return Outcome(report: report, secrets: SecretRedactor(secrets: imported.environments.flatMap(\.secrets).map(\.value)))
    }

    /// `12 request(s) from 1 file(s) into Imported`, the line an import closes with.
    public func summary(of report: ImportReport) -> String {
        "\(report.requestCount) request(s) from \(files.count) file(s) into \(into)"
    }

    /// Where `path` is: `~` expanded, a relative path below the working directory.
    public func resolve(_ path: String) -> URL {
        TypedPath.resolve(path, relativeTo: workingDirectory, home: home)
    }

    /// The bytes of the file at `path`.
    private func read(_ path: String) throws(ImportError) -> Data {
        let url = resolve(path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw ImportError("cannot read \(path): it is a folder; name a file inside it")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ImportError("cannot read \(path): no such file, or it is not readable")
        }
        return data
    }

    /// One input file of the import, as its format's importer reads it.
    private func parse(_ path: String) throws(ImportError) -> ImportedCollection {
        let data = try read(path)
        return try Self.importing { () throws(ImportError) in
            switch format {
            case .postman: return try PostmanImporter.parse(data, file: path)
            case .insomnia: return try InsomniaImporter.parse(data, file: path)
            case .openapi: return try OpenAPIImporter.parse(data, file: path)
            case .har: return try HARImporter.parse(data, file: path, filter: harFilter)
            case .http:
                let folder = resolve(path).deletingLastPathComponent()
                let environments = HTTPFileImporter.Environments(
                    shared: FileManager.default.contents(atPath: folder.appendingPathComponent("http-client.env.json").path),
                    secret: FileManager.default.contents(atPath: folder.appendingPathComponent("http-client.private.env.json").path))
                return try HTTPFileImporter.parse(data, file: path, folder: folder.path, environments: environments)
            }
        }
    }

    /// What `parse` returns; its error says that the file cannot be imported, and why.
    private static func importing<T>(_ parse: () throws(ImportError) -> T) throws(ImportError) -> T {
        do {
            return try parse()
        } catch {
            throw ImportError("cannot import: \(error)")
        }
    }
}
