import Foundation

/// Sizes as people read them: 512 B, 1.2 KB, 17.8 MB.
public enum ByteCount {
    public static func text(_ bytes: Int) -> String { text(Int64(bytes)) }

    public static func text(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }

    /// Reads a size as people write it: `8388608`, `512 KB`, `16MB`, `1.5 GB`, `64 MiB`.
    /// KB, MB and GB are powers of 1000, KiB, MiB and GiB powers of 1024; case does not matter.
    /// Nil when the text is not a size.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let multipliers: [String: Double] = [
            "": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "k": 1e3, "m": 1e6, "g": 1e9,
            "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824,
        ]
        guard let value = Double(digits), let multiplier = multipliers[unit], value >= 0 else { return nil }
        let bytes = value * multiplier
        return bytes < Double(Int.max) ? Int(bytes) : nil
    }
}
