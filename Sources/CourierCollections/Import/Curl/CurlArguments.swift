/// One argument of a curl command: an option with its value, or a URL.
enum CurlArgument: Equatable {
    /// `option` as written (`spelling`, for messages), with its value when it takes one;
    /// `negated` for a `--no-…` switch.
    case option(CurlOption, spelling: String, value: ShellWord?, negated: Bool)
    case url(ShellWord)
    /// An option not in the table (newer than the curl it was made from, or a typo): curl would
    /// refuse it; the importer skips it with a warning.
    case unknown(String)
}

/// Splits curl's words into options and URLs with curl's own rules: short options bundle
/// (`-sSL`) and take the rest of their word as a value (`-XPOST`), long ones take `--name=value`
/// or the next word and may be shortened to any unique prefix (`--sil`), and `--` ends options.
enum CurlArguments {
    /// - Throws: `CurlImporter.ImportError` for an ambiguous prefix or a missing value, naming the option.
    static func parse(_ words: [ShellWord]) throws(CurlImporter.ImportError) -> [CurlArgument] {
        var arguments: [CurlArgument] = []
        var index = 0
        var optionsEnded = false
        func value(for spelling: String) throws(CurlImporter.ImportError) -> ShellWord {
            guard index < words.count else { throw CurlImporter.ImportError(description: "\(spelling) needs a value") }
            defer { index += 1 }
            return words[index]
        }
        while index < words.count {
            let word = words[index]
            index += 1
            let text = word.text
            if optionsEnded || !text.hasPrefix("-") || text == "-" {
                arguments.append(.url(word))
            } else if text == "--" {
                optionsEnded = true
            } else if text.hasPrefix("--") {
                var name = String(text.dropFirst(2))
                var attached: ShellWord?
                if let equals = name.firstIndex(of: "=") {
                    // "--" and the name and "=" go; the rest is the value.
                    attached = word.dropping(prefixCount: 2 + name.distance(from: name.startIndex, to: equals) + 1)
                    name = String(name[..<equals])
                }
                switch CurlOption.long(name) {
                case .option(let option, let negated):
                    let spelling = "--\(name)"
                    var given = attached
                    if option.takesValue && given == nil { given = try value(for: spelling) }
                    if !option.takesValue { given = nil }
                    arguments.append(.option(option, spelling: spelling, value: given, negated: negated))
                case .ambiguous(let candidates):
                    throw CurlImporter.ImportError(description: "--\(name) is ambiguous: it could be --\(candidates.joined(separator: ", --"))")
                case .unknown:
                    arguments.append(.unknown("--\(name)"))
                }
            } else {
                // A bundle of short options; the first that takes a value takes the rest of the word.
                var letters = Array(text.dropFirst())
                var offset = 1
                while !letters.isEmpty {
                    let letter = letters.removeFirst()
                    offset += 1
                    guard let option = CurlOption.short(letter) else {
                        arguments.append(.unknown("-\(letter)"))
                        continue
                    }
                    guard option.takesValue else {
                        arguments.append(.option(option, spelling: "-\(letter)", value: nil, negated: false))
                        continue
                    }
                    let given = letters.isEmpty ? try value(for: "-\(letter)") : word.dropping(prefixCount: offset)
                    arguments.append(.option(option, spelling: "-\(letter)", value: given, negated: false))
                    break
                }
            }
        }
        return arguments
    }
}

extension ShellWord {
    /// The word without its first `count` characters (an option glued to its value, `-XPOST`).
    /// Variables found in the dropped part go with it; an option name holds none.
    func dropping(prefixCount count: Int) -> ShellWord {
        let rest = String(text.dropFirst(count))
        let templated = withEnvironmentTemplates.hasPrefix(text.prefix(count)) ? String(withEnvironmentTemplates.dropFirst(count)) : rest
        return ShellWord(text: rest, variables: variables, substitutesCommand: substitutesCommand, withEnvironmentTemplates: templated)
    }
}
