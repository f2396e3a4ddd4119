import CourierCollections
import Yams

/// `history:` in config.yaml: `off`, or a mapping of `keep`, `max-body` and `max-file`.
enum HistorySettingParser {
    static let keys = ["keep", "max-body", "max-file"]

    /// The limits `node` sets, starting from the standard ones; each bad entry is reported and ignored.
    static func parse(_ node: Node, report: (Node?, String) -> Void) -> HistoryLimits {
        var limits = HistoryLimits.standard
        if let scalar = node.scalar {
            switch scalar.string.lowercased() {
            case "off", "false", "no": limits.enabled = false
            case "on", "true", "yes": break
            default: report(node, "history takes off, or a mapping such as {keep: 20, max-body: 1 MB, max-file: 200 MB}")
            }
            return limits
        }
        guard case .mapping(let mapping) = node else {
            report(node, "history takes off, or a mapping such as {keep: 20, max-body: 1 MB, max-file: 200 MB}")
            return limits
        }
        for (key, value) in mapping {
            let text = value.scalar?.string ?? ""
            switch key.scalar?.string {
            case "keep":
                guard let keep = Int(text), keep > 0 else {
                    report(value, "history keep takes a number of responses per request, such as 20")
                    continue
                }
                limits.keep = keep
            case "max-body":
                guard let size = ByteCount.parse(text) else {
                    report(value, "history max-body takes a size such as 1 MB or 512 KiB")
                    continue
                }
                limits.inlineBody = size
            case "max-file":
                if ["off", "no", "false", "none"].contains(text.lowercased()) {
                    limits.fileBody = nil
                } else if let size = ByteCount.parse(text) {
                    limits.fileBody = size
                } else {
                    report(value, "history max-file takes a size such as 200 MB, or off")
                }
            default:
                let name = key.scalar?.string ?? ""
                let hint = ThemeParser.closest(name, in: keys).map { "; did you mean '\($0)'?" } ?? ""
                report(key, "unknown history setting '\(name)'\(hint); known: \(keys.joined(separator: ", "))")
            }
        }
        return limits
    }
}
