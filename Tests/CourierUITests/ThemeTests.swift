import CourierUI
import Foundation
import Testing

@Suite("Themes and configuration")
struct ThemeTests {
    private static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes")

    @Test("Every shipped theme parses cleanly and styles every role",
          arguments: ["default", "light", "solarized-dark", "high-contrast", "monochrome"])
    func shippedThemes(name: String) throws {
        let file = Self.themes.appendingPathComponent("\(name).yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let (_, problems) = ThemeParser.parse(text, file: file.lastPathComponent)
        #expect(problems.isEmpty, "\(problems)")
        let defined = text.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("  ") ? line.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } : nil
        }
        #expect(Set(defined) == Set(ThemeParser.knownRoles), "missing: \(Set(ThemeParser.knownRoles).subtracting(defined))")
    }

    @Test("The monochrome theme uses no colour at all")
    func monochrome() throws {
        let text = try String(contentsOf: Self.themes.appendingPathComponent("monochrome.yaml"), encoding: .utf8)
        let (theme, _) = ThemeParser.parse(text, file: "monochrome.yaml")
        for role in ThemeParser.knownRoles {
            let style = theme.style(named: role)
            #expect(style.foreground == .default && style.background == .default, "\(role)")
        }
    }

    @Test("Colours as hex, index, name and bright name")
    func colours() {
        let (theme, problems) = ThemeParser.parse("""
        styles:
          border: "#0a0B0c"
          focus: {fg: 33, bg: bright-blue, bold: true}
          json.key: magenta
        """, file: "t.yaml")
        #expect(problems.isEmpty)
        #expect(theme.style(.border).foreground == .rgb(10, 11, 12))
        #expect(theme.style(.focus) == Style(foreground: .indexed(33), background: .basic(12), bold: true))
        #expect(theme.style(named: "json.key").foreground == .basic(5))
    }

    @Test("A broken theme reports file:line:column and keeps the rest", arguments: [
        ("styles:\n  bordr: red\n", 2, 3, "unknown role 'bordr'; did you mean 'border'?"),
        ("styles:\n  border: chartreuse\n", 2, 11, "'chartreuse' is not a colour"),
        ("styles:\n  focus: {fg: red, blink: true}\n", 2, 20, "unknown style key 'blink'"),
        ("styles: [oops\n", 1, 1, "malformed YAML"),
        ("name: only\n", 1, 1, "a theme needs a 'styles' mapping"),
    ])
    func broken(text: String, line: Int, column: Int, message: String) {
        let (theme, problems) = ThemeParser.parse(text, file: "broken.yaml")
        #expect(problems.contains { $0.line == line && $0.column == column && $0.message.contains(message) }, "\(problems)")
        #expect(theme.style(.title) == Theme.standard.style(.title), "what the file does not set stays as in the default theme")
    }

    @Test("Key bindings from config.yaml; bad entries are reported with their line and ignored")
    func configuration() {
        let (configuration, problems) = ConfigParser.parse("""
        theme: light
        keys:
          quit: [x, ctrl-q]
          move-down: ctrl-n
          fly: [f]
          move-up: [not-a-key]
        colour: red
        """, file: "config.yaml")
        #expect(configuration.theme == "light")
        #expect(configuration.keyMap.command(for: .character("x")) == .quit)
        #expect(configuration.keyMap.command(for: .ctrl("q")) == .quit)
        #expect(configuration.keyMap.command(for: .ctrl("n")) == .moveDown)
        #expect(configuration.keyMap.command(for: .character("q")) == nil, "the keys given replace the defaults")
        #expect(configuration.keyMap.command(for: .character("j")) == nil && configuration.keyMap.command(for: .down) == nil)
        #expect(configuration.keyMap.command(for: .character("k")) == .moveUp, "a command whose keys all failed keeps its defaults")
        #expect(configuration.keyMap.command(for: .character("?")) == .help, "commands not named keep their defaults")
        #expect(configuration.keyMap.key(for: .quit) == "x", "hints follow")
        #expect(configuration.keyMap.helpLines.contains { $0.keys == "x, ctrl-q" && $0.summary == Command.quit.summary }, "help follows")
        #expect(!configuration.keyMap.helpLines.contains { $0.keys.split(separator: ",").contains("q") })
        #expect(problems.map(\.description) == [
            "config.yaml:5:3: unknown command 'fly'; did you mean 'fold'?",
            "config.yaml:6:13: 'not-a-key' is not a key; write keys like j, ctrl-s, alt-x, f5, pgdn, enter",
            "config.yaml:7:1: unknown setting 'colour'; known: theme, spool-above, max-size, history, keys",
        ])
        #expect(configuration.spooling == .standard, "8 MB unless set")
    }

    @Test("spool-above takes sizes as people write them, or off; anything else is reported")
    func spoolAbove() {
        #expect(ConfigParser.parse("spool-above: 512 KiB", file: "c.yaml").0.spooling == .above(524_288))
        #expect(ConfigParser.parse("spool-above: 16MB", file: "c.yaml").0.spooling == .above(16_000_000))
        #expect(ConfigParser.parse("spool-above: 1.5 GB", file: "c.yaml").0.spooling == .above(1_500_000_000))
        #expect(ConfigParser.parse("spool-above: 0", file: "c.yaml").0.spooling == .above(0))
        #expect(ConfigParser.parse("spool-above: off", file: "c.yaml").0.spooling == .off)
        let (configuration, problems) = ConfigParser.parse("spool-above: lots", file: "c.yaml")
        #expect(configuration.spooling == .standard)
        #expect(problems.map(\.description) == ["c.yaml:1:14: spool-above takes a size such as 8 MB or 512 KiB, or off"])
        #expect(ByteCount.parse("12 parsecs") == nil && ByteCount.parse("-3") == nil && ByteCount.parse("") == nil)
    }

    @Test("A rebinding shows in the status line's hints and in ?")
    func hintsFollowRebinding() {
        let (configuration, problems) = ConfigParser.parse("keys:\n  help: [f1]\n  send: [f5]\n", file: "config.yaml")
        #expect(problems.isEmpty)
        var state = ExplorerState(width: 100, height: 24, tree: sampleTree, definitions: sampleDefinitions, keyMap: configuration.keyMap)
        let hints = state.render().line(23)
        #expect(hints.contains("f5 send") && hints.contains("f1 help") && !hints.contains("ctrl-r") && !hints.contains("? help"), "\(hints)")
        _ = state.update(.event(.key(.function(1))))
        #expect(state.render().text.contains("any other key closes"), "f1 opens the help")
        _ = state.update(.event(.key(.escape)))
        _ = state.update(.event(.key(.character("?"))))
        #expect(!state.render().text.contains("any other key closes"), "? no longer does")
    }
}
