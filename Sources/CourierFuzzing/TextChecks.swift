import Courier
import CourierCollections
import CourierJSON
import Foundation

/// The properties of the small text parsers: key paths, templates, `expect:` lines, shell words
/// and curl commands.
enum TextChecks {
    static func templates(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var problems: [String] = []
        let path = JSONKeyPath(text)
        if JSONKeyPath(path.description) != path { problems.append("the key path '\(path)' does not read back as itself") }
        // Every name the text refers to is defined, so only an unclosed '{{' or an unknown `$` function may fail.
        let names = TemplateContext.references(in: text)
        let context = TemplateContext(variables: Dictionary(names.map { ($0, "value") }, uniquingKeysWith: { first, _ in first }),
                                      processEnvironment: Dictionary(names.map { (String($0.dropFirst(5)), "env") }, uniquingKeysWith: { first, _ in first }),
                                      demoURL: "http://127.0.0.1:1")
        do {
            let rendered = try context.render(text, at: nil)
            if !text.contains("{{"), rendered != text { problems.append("text without placeholders changed when rendered") }
        } catch {
            if !error.reason.contains("'{{' without a closing '}}'") && !error.variable.hasPrefix("$") {
                problems.append("rendering failed with every name defined: \(error)")
            }
        }
        _ = try? AssertionGrammar.assertion(text)
        _ = try? AssertionGrammar.captureSource(text)
        return problems
    }

    /// Words quoted by `ShellQuote` split back into the same words; the input, split as a
    /// command line, gives words that do the same.
    static func shellWords(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var problems: [String] = []
        let words = (try? ShellWords.split(text)) ?? text.split(separator: "\u{0}").map(String.init)
        let line = words.map(ShellQuote.quoteIfNeeded).joined(separator: " ")
        do {
            let again = try ShellWords.split(line)
            if again != words { problems.append("\(words.count) words quoted as \(line.debugDescription) split back into \(again.count) different ones") }
        } catch {
            problems.append("\(words.count) words quoted as \(line.debugDescription) do not split: \(error)")
        }
        return problems
    }

    /// An imported request, saved as courier writes it, loads back as the same request.
    static func curlImport(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        // No files to read and no standard input: what the command names is not the fuzzer's to open.
        let nowhere = URL(fileURLWithPath: "/nonexistent-courier-fuzz")
        guard let imported = try? CurlImporter.parse(text, directory: nowhere, standardInput: nil) else { return [] }
        let saved = CollectionWriter.text(of: imported.request)
        let (loaded, _) = DocumentParser.request(saved, file: "imported.yaml")
        guard loaded == imported.request else {
            return ["the imported request does not load back as itself once saved:\n\(saved)"]
        }
        return []
    }
}
