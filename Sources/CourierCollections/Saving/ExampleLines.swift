/// The canonical text of `examples:`, for new files and for the lossless editor when the list changes.
extension CollectionWriter {
    /// The lines below `examples:`: one block entry per example, its JSON in flow style while it
    /// fits on the line, else in block style below `json:`.
    static func exampleLines(_ examples: [ResponseExample]) -> [String] {
        examples.flatMap { example in
            var lines: [String] = []
            if let name = example.name { lines.append("name: \(YAMLText.scalar(name))") }
            if let status = example.status { lines.append("status: \(status)") }
            let flow = YAMLText.flow(example.json)
            if flow.count + 10 <= flowWidth {
                lines.append("json: \(flow)")
            } else {
                lines += ["json:"] + YAMLText.block(example.json, indent: 2).components(separatedBy: "\n")
            }
            return lines.enumerated().map { index, line in (index == 0 ? "  - " : "    ") + line }
        }
    }
}
