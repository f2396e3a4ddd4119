import CourierCollections
import CourierUI
import Foundation

// MARK: - Importing from the palette

extension ExplorerSession {
    /// Runs an import the palette asked for with `courier import`'s own sequence (`FileImport`):
    /// relative paths from the directory the explorer was started in, as the CLI reads them;
    /// existing files kept and listed, never replaced. The tree reloads with the new files before
    /// the results view lists what was written and what was not mapped, secrets masked.
    func importFile(_ format: ImportFormat, source: String, into: String) {
        let job = FileImport(format: format, files: [source], into: into,
                             workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                             home: settings.processEnvironment["HOME"])
        do {
            let outcome = try job.run(in: store)
            // The values moved into *.secret.yaml files are secrets of this session from now on.
            backend.secrets.add(outcome.secrets)
            let report = Self.masked(outcome.report, by: backend.secrets)
            reload(select: nil)
            apply(.imported(.imported(format, report, summary: job.summary(of: report))))
        } catch {
            apply(.imported(.failed(format, backend.secrets.redact(error.description))))
        }
    }

    /// The report as the screen may show it: every known secret masked in every line.
    private static func masked(_ report: ImportReport, by secrets: SeenSecrets) -> ImportReport {
        var masked = report
        masked.written = report.written.map(secrets.redact)
        masked.unchanged = report.unchanged.map(secrets.redact)
        masked.notes = report.notes.map(secrets.redact)
        masked.unmapped = report.unmapped.map {
            UnmappedItem(file: secrets.redact($0.file), item: secrets.redact($0.item), reason: secrets.redact($0.reason))
        }
        return masked
    }
}
