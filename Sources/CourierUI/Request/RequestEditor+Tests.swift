import CourierCollections

// MARK: - The Tests tab: `expect:` lines and `capture:` entries

extension EditTarget {
    /// An `expect:` line or a capture, which must parse before it is taken into the draft.
    var isTest: Bool {
        switch self {
        case .assertion, .captureName, .captureSource: return true
        default: return false
        }
    }
}

extension RequestEditor {
    /// Said after a refused `expect:` line or capture: the field stays open.
    var keepOrLeave: String { "; fix it and ⏎, or esc leaves it as it was" }

    /// The Tests tab: a heading and the `expect:` lines, a heading and the captures, then what
    /// else the file says about testing.
    var testRows: [FormRow] {
        var rows = [FormRow(kind: .note, label: "", value: "expect: lines judge the response · a adds one · ⏎ edits · d deletes")]
        rows += draft.expectations.enumerated().map { index, assertion in
            FormRow(kind: .value(.assertion(index)), label: "expect", value: assertion.text)
        }
        rows.append(FormRow(kind: .note, label: "", value: "capture: takes response values into variables · a adds one · space: secret"))
        rows += draft.captures.enumerated().map { index, capture in
            FormRow(kind: .capture(index), label: capture.name, value: capture.subject.description + (capture.isSecret ? "  (secret, masked)" : ""))
        }
        if !draft.requires.isEmpty {
            rows.append(FormRow(kind: .note, label: "", value: "requires: \(draft.requires.joined(separator: ", ")) (run first when a capture of theirs is missing)"))
        }
        if draft.skip == true { rows.append(FormRow(kind: .note, label: "", value: "skip: true (courier test leaves it out unless named)")) }
        return rows
    }

    /// Whether the selected row is in the captures half of the Tests tab.
    private var inCaptures: Bool { row > draft.expectations.count }

    /// `a` in the Tests tab: a new `expect:` line, or a capture below the captures heading,
    /// open for typing with an example in it.
    mutating func addTestRow() {
        if inCaptures {
            let taken = Set(draft.captures.map(\.name))
            var name = "value"
            var number = 2
            while taken.contains(name) {
                name = "value\(number)"
                number += 1
            }
            draft.captures.append(CaptureDefinition(name: name, subject: .status))
            row = draft.expectations.count + 1 + draft.captures.count
            startEdit(.captureName(draft.captures.count - 1))
        } else if let example = try? AssertionGrammar.assertion("status == 200") {
            draft.expectations.append(example)
            row = draft.expectations.count
            startEdit(.assertion(draft.expectations.count - 1))
        }
    }

    /// `d` in the Tests tab: deletes the selected line or capture.
    mutating func removeTestRow() -> EditorOutcome {
        let rows = self.rows
        guard rows.indices.contains(row) else { return .unhandled }
        switch rows[row].kind {
        case .value(.assertion(let index)): draft.expectations.remove(at: index)
        case .capture(let index): draft.captures.remove(at: index)
        default: return .status("select an expect: line or a capture to delete")
        }
        row = min(row, self.rows.count - 1)
        return .handled
    }

    /// Space on a capture marks it secret (masked wherever it shows) or not.
    mutating func toggleTestRow() -> EditorOutcome {
        let rows = self.rows
        guard rows.indices.contains(row), case .capture(let index) = rows[row].kind else { return .unhandled }
        var capture = draft.captures[index]
        capture.secret = capture.secret == true ? nil : true
        draft.captures[index] = capture
        if capture.isSecret && capture.secret == nil {
            return .status("\(capture.name) stays secret: its name says it holds a credential")
        }
        return .status("\(capture.name) is \(capture.isSecret ? "secret: masked wherever it shows" : "not secret")")
    }

    /// Takes a finished edit of the Tests tab into the draft; the sentence says why it was refused.
    mutating func commitTest(_ target: EditTarget, _ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch target {
        case .assertion(let index):
            guard !trimmed.isEmpty else {
                if draft.expectations.indices.contains(index) { draft.expectations.remove(at: index) }
                return nil
            }
            do {
                let assertion = try AssertionGrammar.assertion(trimmed)
                if draft.expectations.indices.contains(index) { draft.expectations[index] = assertion } else { draft.expectations.append(assertion) }
            } catch {
                return "not an expect: line, at column \(error.offset + 1): \(error.message)"
            }
        case .captureName(let index):
            guard draft.captures.indices.contains(index) else { return nil }
            guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else {
                return "a captured variable's name is letters, digits, _, - and ., not '\(text)'"
            }
            if draft.captures.enumerated().contains(where: { $0.offset != index && $0.element.name == trimmed }) {
                return "\(trimmed) is captured already"
            }
            draft.captures[index].name = trimmed
        case .captureSource(let index):
            guard draft.captures.indices.contains(index) else { return nil }
            do {
                draft.captures[index].subject = try AssertionGrammar.captureSource(trimmed)
            } catch {
                return "not a capture source such as body data/token or header X-Id, at column \(error.offset + 1): \(error.message)"
            }
        default: break
        }
        return nil
    }
}
