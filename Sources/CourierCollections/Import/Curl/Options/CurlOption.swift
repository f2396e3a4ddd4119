/// One of curl's command-line options, as `curl --help all` lists it (see `CurlOptionTable.swift`).
struct CurlOption: Sendable, Equatable {
    /// The long name without `--`, for example `data-binary`.
    let long: String
    /// The one-letter form without `-`, for example `d`.
    let short: Character?
    /// Whether the next word (or the rest of the short word, or `=…`) is its value.
    let takesValue: Bool

    private static let byLong: [String: CurlOption] = Dictionary(table.map { ($0.long, $0) }, uniquingKeysWith: { first, _ in first })
    private static let byShort: [Character: CurlOption] = Dictionary(
        table.compactMap { option in option.short.map { ($0, option) } }, uniquingKeysWith: { first, _ in first })

    /// What a long name (without `--`) means to curl.
    enum Lookup: Equatable {
        case option(CurlOption, negated: Bool)
        case ambiguous([String])
        case unknown
    }

    /// Looks a long option up as curl does: its exact name, `no-NAME` for a switch, or a prefix
    /// of exactly one name (`--sil` is `--silent`).
    static func long(_ name: String) -> Lookup {
        if let option = byLong[name] { return .option(option, negated: false) }
        if name.hasPrefix("no-"), let option = byLong[String(name.dropFirst(3))], !option.takesValue {
            return .option(option, negated: true)
        }
        let candidates = table.filter { $0.long.hasPrefix(name) }
        switch candidates.count {
        case 0: return .unknown
        case 1: return .option(candidates[0], negated: false)
        default: return .ambiguous(candidates.map(\.long))
        }
    }

    /// The option a short letter stands for.
    static func short(_ letter: Character) -> CurlOption? { byShort[letter] }

    /// How the option is written in messages: `-d` when it was given short, `--data` otherwise.
    func spelled(short asShort: Bool) -> String {
        if asShort, let short { return "-\(short)" }
        return "--\(long)"
    }
}
