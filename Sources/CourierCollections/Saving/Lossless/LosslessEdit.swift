import Foundation
import Yams

/// Edits collection files by changing exactly the text of what changed: a changed value is its
/// value's text, a list is edited per entry, a new key goes where the canonical order puts it
/// among the keys present, a removed key loses its lines. Comments, blank lines, key order,
/// quoting, flow or block style and unknown keys stay byte-for-byte.
///
/// What the edit is comes from comparing the definition the text reads as with the draft.
/// Files that cannot be edited this way with certainty (anchors, aliases or tags, several
/// documents, a top-level flow mapping, values whose place is unclear) are refused with the
/// reason, and every result is parsed again: unless it reads back as exactly the draft, the
/// edit is refused instead of written. Text without any YAML yet gets the canonical form.
public enum LosslessEdit {
    /// The text of a request file edited to say `draft`.
    /// - Throws: `StoreError.notLossless` saying why, when the file cannot be edited in place.
    public static func request(_ text: String, to draft: RequestDefinition, file: String) throws(StoreError) -> String {
        try edit(text, file: file, canonical: CollectionWriter.text(of: draft),
                 read: { DocumentParser.request($0, file: file) }, expected: draft) { (editor: inout TextEditor, root: LocatedNode, old: RequestDefinition) throws(Refusal) in
            try editor.editRequest(root, from: old, to: draft)
        }
    }

    /// The text of a `collection.yaml` edited to say `draft`.
    /// - Throws: `StoreError.notLossless` saying why, when the file cannot be edited in place.
    public static func collection(_ text: String, to draft: CollectionDefinition, file: String) throws(StoreError) -> String {
        try edit(text, file: file, canonical: CollectionWriter.text(of: draft),
                 read: { DocumentParser.collection($0, file: file) }, expected: draft) { (editor: inout TextEditor, root: LocatedNode, old: CollectionDefinition) throws(Refusal) in
            try editor.editCollection(root, from: old, to: draft)
        }
    }

    /// The text of an environment file (`name: value` lines) edited to hold `fields`.
    /// - Throws: `StoreError.notLossless` saying why, when the file cannot be edited in place.
    public static func environment(_ text: String, to fields: [Field], file: String) throws(StoreError) -> String {
        try edit(text, file: file, canonical: fields.isEmpty ? "" : CollectionWriter.text(ofEnvironment: fields),
                 read: { DocumentParser.environment($0, file: file) }, expected: fields) { (editor: inout TextEditor, root: LocatedNode, old: [Field]) throws(Refusal) in
            try editor.editEntries(root, from: old, to: fields)
        }
    }

    /// The shared steps: check the file can be edited, locate its nodes, make the edit, and
    /// verify the result — every result, appended canonical text included — reads back as
    /// `expected` without a problem that neither the file nor the draft itself has.
    private static func edit<Model: Equatable>(
        _ text: String, file: String, canonical: @autoclosure () -> String, read: (String) -> (Model?, [Diagnostic]), expected: Model,
        change: (inout TextEditor, LocatedNode, Model) throws(Refusal) -> Void
    ) throws(StoreError) -> String {
        do throws(Refusal) {
            let (old, problems) = read(text)
            if old == expected { return text }
            let source = YAMLSource(text)
            let edited: String
            if let root = try checkedRoot(text) {
                guard let old else { throw Refusal("it is not valid YAML") }
                if let lineBreak = source.unsupportedLineBreak { throw Refusal("it has \(lineBreak), which YAML counts as a line break") }
                if source.hasNodeProperties() { throw Refusal("it uses anchors, aliases or tags (&, *, !)") }
                let located = try source.locate(root)
                if located.isFlow { throw Refusal("the whole file is one flow mapping {…}") }
                var editor = TextEditor(source)
                try change(&editor, located, old)
                try keepUnknownKeys(problems, source: source, editor: editor)
                edited = try editor.apply()
            } else {
                // Only comments so far: they stay, the content follows them.
                let separator = text.isEmpty || text.hasSuffix("\n") ? "" : source.newline
                edited = text + separator + canonical()
            }
            let (result, after) = read(edited)
            guard result == expected else { throw Refusal("the edited text would not read back as the edit") }
            let known = Set((problems + read(canonical()).1).map(\.message))
            if let new = after.first(where: { !known.contains($0.message) }) {
                throw Refusal("the edited text would have a new problem: \(new.message)")
            }
            return edited
        } catch {
            throw .notLossless(file: file, reason: error.reason)
        }
    }

    /// Refuses an edit that would replace or remove a key the loader does not know (`jsn:` in a
    /// body whose kind is set anew, `x-note:` in a header entry that goes): the user wrote it and
    /// the editor never writes it back.
    private static func keepUnknownKeys(_ problems: [Diagnostic], source: YAMLSource, editor: TextEditor) throws(Refusal) {
        let dropped = problems.compactMap { problem -> String? in
            guard let key = NodeReader.unknownKey(in: problem.message), let offset = source.offset(line: problem.line, column: problem.column),
                  editor.removes(offset) else { return nil }
            return "'\(key)' (line \(problem.line))"
        }
        guard dropped.isEmpty else {
            throw Refusal("the edit would drop \(dropped.joined(separator: ", ")), which courier does not know; fix or remove it by hand first")
        }
    }

    /// The top-level block mapping, or nil for a file without content.
    private static func checkedRoot(_ text: String) throws(Refusal) -> Node? {
        var documents: [Node] = []
        do {
            let parser = try Parser(yaml: text)
            while let document = try parser.nextRoot() { documents.append(document) }
        } catch {
            // `compose_all` would stop quietly at a syntax error, as if the file ended there.
            throw Refusal("it is not valid YAML (\(DocumentParser.syntaxProblem(error)))")
        }
        guard documents.count <= 1 else { throw Refusal("it holds \(documents.count) YAML documents") }
        guard let root = documents.first else { return nil }
        if case .scalar(let scalar) = root, scalar.string.isEmpty { return nil }
        guard case .mapping = root else { throw Refusal("it is not a mapping of keys to values") }
        return root
    }
}
