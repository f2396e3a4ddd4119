/// The canonical text of `requires:`, `capture:`, `expect:` and `skip:`, for new files and for
/// the lossless editor when one of them is added or rewritten.
extension CollectionWriter {
    /// `requires: auth/login`, or a flow list of ids.
    static func requiresValue(_ ids: [String]) -> String {
        ids.count == 1 ? YAMLText.scalar(ids[0]) : "[" + ids.map(YAMLText.scalar).joined(separator: ", ") + "]"
    }

    /// The lines below `capture:`, indented by two spaces.
    static func captureLines(_ captures: [CaptureDefinition]) -> [String] {
        captures.map { "  \(YAMLText.scalar($0.name)): \(captureValue($0))" }
    }

    /// A capture's value: its source, or the long form when `secret:` is written.
    static func captureValue(_ capture: CaptureDefinition) -> String {
        let source = capture.subject.description
        return capture.secret.map { "{from: \(YAMLText.scalar(source)), secret: \($0)}" } ?? YAMLText.blockScalar(source)
    }

    /// The lines below `expect:`, indented by two spaces.
    static func expectLines(_ assertions: [Assertion]) -> [String] {
        assertions.map { "  - " + YAMLText.blockScalar($0.text) }
    }

    /// Every line of the four keys, in the canonical order.
    static func testingLines(of request: RequestDefinition) -> [String] {
        var lines: [String] = []
        if !request.requires.isEmpty { lines.append("requires: \(requiresValue(request.requires))") }
        if !request.captures.isEmpty { lines += ["capture:"] + captureLines(request.captures) }
        if !request.expectations.isEmpty { lines += ["expect:"] + expectLines(request.expectations) }
        if let skip = request.skip { lines.append("skip: \(skip)") }
        return lines
    }
}
