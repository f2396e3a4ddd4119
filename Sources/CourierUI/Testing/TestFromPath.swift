import Courier
import CourierCollections
import CourierJSON
import Foundation

/// An `expect:` line or a `capture:` entry made from a key path of the response with one key
/// (`x`, `=`, `K` in the Body and Key path tabs).
public enum TestFromPath: Sendable, Equatable {
    /// `body PATH exists`.
    case exists(JSONKeyPath)
    /// `body PATH == VALUE`, the value as the response has it now.
    case equal(JSONKeyPath, JSONValue)
    /// `NAME: body PATH`.
    case capture(JSONKeyPath)
}

extension ResponsePane {
    /// The addition `command` makes of `path`, or why there is none.
    func testFromPath(_ command: Command, path: JSONKeyPath?) -> ResponseOutcome {
        guard let path, let current else { return .status("the cursor is not in a JSON body; move it to a value, or type a path in Key path") }
        guard !path.components.isEmpty else { return .status("the cursor is on the whole body; move it to a value inside it") }
        switch command {
        case .expectExists: return .addTest(.exists(path))
        case .capture: return .addTest(.capture(path))
        default:
            guard let bytes = try? JSONLookup.value(at: path, in: current.body.data),
                  let value = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self)) else {
                return .status("no value at \(path) in this response")
            }
            let text = value.compactText
            // Writing a secret into the request file as an expected value would leak it into git.
            if current.redactor.redact(text) != text || path.components.contains(where: CaptureDefinition.isCredentialLike) {
                return .status("\(path) holds a secret, which an expect: line would write into the file; expect it to exist instead")
            }
            guard text.count <= 200 else {
                return .status("the value at \(path) is \(text.count) characters; == is for small values, so check it exists or count it instead")
            }
            return .addTest(.equal(path, value))
        }
    }
}

extension ExplorerState {
    /// Adds `addition` to the open request's draft; returns the sentence for the status line.
    mutating func add(_ addition: TestFromPath) -> String {
        guard let editor else { return notOpenSentence }
        let save = keyMap.key(for: .save)
        switch addition {
        case .exists(let path), .equal(let path, _):
            let text: String
            if case .equal(_, let value) = addition { text = "body \(path) == \(value.compactText)" } else { text = "body \(path) exists" }
            guard !editor.draft.expectations.contains(where: { $0.text == text }) else { return "the request already expects \(text)" }
            do {
                let assertion = try AssertionGrammar.assertion(text)
                self.editor?.draft.expectations.append(assertion)
            } catch {
                return "cannot write an expect: line for \(path): \(error.description)"
            }
            return "expect: \(text) added to \(editor.id) (unsaved; \(save) saves; its Tests tab edits it)"
        case .capture(let path):
            let name = Self.captureName(for: path, taken: Set(editor.draft.captures.map(\.name)))
            do {
                let subject = try AssertionGrammar.captureSource("body \(path)")
                self.editor?.draft.captures.append(CaptureDefinition(name: name, subject: subject))
            } catch {
                return "cannot capture \(path): \(error.description)"
            }
            return "capture: \(name) from body \(path) added to \(editor.id) (unsaved; \(save) saves; {{\(name)}} uses it)"
        }
    }

    /// A variable name for a capture of `path`: its last key that is not an index, made of
    /// letters, digits and `_`, numbered when taken (`id`, `id2`).
    static func captureName(for path: JSONKeyPath, taken: Set<String>) -> String {
        let key = path.components.last { Int($0) == nil } ?? "value"
        var name = String(key.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.isEmpty || name.first?.isNumber == true { name = "value" + name }
        var candidate = name
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(name)\(number)"
            number += 1
        }
        return candidate
    }
}
