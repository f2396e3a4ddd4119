import CourierCollections

/// What an import from the palette came to, as the driver reports it, secrets already masked.
public enum ImportOutcome: Sendable, Equatable {
    /// The files written and kept, what could not be mapped, and the line the CLI closes with
    /// (`12 request(s) from 1 file(s) into Imported`).
    case imported(ImportFormat, ImportReport, summary: String)
    /// Nothing was imported: the sentence says why (a missing file, unreadable JSON, a
    /// destination outside the collections).
    case failed(ImportFormat, String)
}

// MARK: - Importing from the palette

extension ExplorerState {
    /// The palette's import entries start with this: `⇣ import openapi · an OpenAPI 3.0/3.1 …`.
    static let importEntryPrefix = "⇣ import "

    /// One palette entry per format `courier import` reads.
    static var importEntries: [String] { ImportFormat.allCases.map(importEntry) }

    static func importEntry(_ format: ImportFormat) -> String { "\(importEntryPrefix)\(format.rawValue) · \(format.summary)" }

    /// The format of a palette entry, nil when it is not an import entry.
    static func importFormat(ofEntry entry: String) -> ImportFormat? {
        ImportFormat.allCases.first { importEntry($0) == entry }
    }

    /// The folder an import goes to unless another is typed: the selected folder in the tree, the
    /// selected request's folder, else the open request's, else `Imported`.
    var defaultImportDestination: String {
        if let node = selectedNode { return node.isFolder ? node.id : parentFolder(of: node.id) }
        return openRequest.map(parentFolder) ?? "Imported"
    }

    /// The first question of an import: which file.
    mutating func askImportSource(_ format: ImportFormat) {
        prompt = Prompt(title: "Import \(format.rawValue): file (relative, absolute or ~/…)", field: TextField(), purpose: .importSource(format))
    }

    /// The second question: into which folder, the selected one already typed.
    mutating func askImportDestination(_ format: ImportFormat, source: String) {
        var field = TextField(defaultImportDestination)
        field.handle(.end)
        // The question first: a long path would push it out of the prompt's title.
        let file = source.split(separator: "/").last.map(String.init) ?? source
        prompt = Prompt(title: "Import into (collection or folder) · \(file)", field: field, purpose: .importInto(format, source: source))
    }

    /// Both answers are in: the driver runs the import.
    mutating func importFile(_ format: ImportFormat, source: String, into: String) -> [Effect] {
        // A folder typed with the slash a path completion leaves is the same folder.
        let destination = into.hasSuffix("/") ? String(into.dropLast()) : into
        status = "importing \(source) into \(destination)…"
        return [.importFile(format: format, source: source, into: destination)]
    }

    /// The import is done: the tree (reloaded just before) selects its first request, and the
    /// results view lists what was written and everything not mapped.
    mutating func imported(_ outcome: ImportOutcome) -> [Effect] {
        var effects: [Effect] = []
        switch outcome {
        case .imported(_, let report, let summary):
            if let first = report.requestIds.first, select(first) {
                focus = .collections
                effects = previewSelection()
            }
            status = "imported \(summary)" + (report.unmapped.isEmpty ? "" : "; \(report.unmapped.count) item(s) could not be mapped")
        case .failed(_, let sentence):
            status = sentence
        }
        // A question that came up meanwhile (a file changed on disk) is answered first; the status line has the gist.
        if modal == nil { modal = .message(Self.importMessage(outcome)) }
        return effects
    }

    /// The results view of an import.
    static func importMessage(_ outcome: ImportOutcome) -> MessageView {
        typealias Line = MessageView.Line
        switch outcome {
        case .failed(let format, let sentence):
            return MessageView(title: "Import \(format.rawValue): nothing imported", lines: [
                Line(sentence, .problem), Line(""), Line("Nothing was written. Fix the file or the path and choose the import in the palette again.", .dim),
            ])
        case .imported(let format, let report, let summary):
            var lines = [Line("imported \(summary)")]
            if !report.unmapped.isEmpty {
                lines.append(Line("\(report.unmapped.count) item(s) could not be mapped: each is listed below with its file and why.", .warning))
            }
            func section(_ heading: String, _ items: [String], mark: String, _ tone: MessageView.Tone) {
                guard !items.isEmpty else { return }
                lines += [Line(""), Line("\(heading) (\(items.count))", .heading)] + items.map { Line("  \(mark) \($0)", tone) }
            }
            section("Written", report.written, mark: "+", .good)
            section("Unchanged, already as imported", report.unchanged, mark: "=", .dim)
            section("Notes", report.notes, mark: "•", .plain)
            section("Not mapped (file: item: why)", report.unmapped.map(\.description), mark: "✗", .problem)
            if report.written.isEmpty && report.unchanged.isEmpty { lines += [Line(""), Line("No file was written.", .dim)] }
            return MessageView(title: "Import \(format.rawValue)", lines: lines)
        }
    }
}
