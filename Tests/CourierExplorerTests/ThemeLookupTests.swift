import CourierExplorer
import CourierTestSupport
import CourierUI
import Foundation
import Testing

/// Where `--theme NAME` and `theme:` are found, and how problems in config and theme files are told.
@Suite("Theme lookup and settings problems")
struct ThemeLookupTests {
    @Test("No theme and no config: the built-in default, every role styled")
    func builtInDefault() throws {
        let config = try TemporaryDirectory()
        let settings = ExplorerSettings.load(themeOverride: nil, environment: ["XDG_CONFIG_HOME": config.url.path])
        #expect(settings.theme == Theme.standard && settings.problems.isEmpty)
        #expect(settings.theme.style(named: "status.5xx") != settings.theme.style(named: "status.2xx"))
    }

    @Test("The config folder's themes/ wins, then Themes/ beside the collections, then the built-in set, from any folder")
    func order() throws {
        let config = try TemporaryDirectory()
        let project = try TemporaryDirectory()
        let collections = project.url.appendingPathComponent("Collections")
        let environment = ["XDG_CONFIG_HOME": config.url.path]
        // Built in, though neither folder has it and the current directory is elsewhere.
        let light = ExplorerSettings.load(themeOverride: "light", collections: collections, environment: environment)
        #expect(light.problems.isEmpty)
        #expect(light.theme.style(.focus) != Theme.standard.style(.focus))
        try project.write("Themes/light.yaml", "styles:\n  focus: red\n")
        #expect(ExplorerSettings.load(themeOverride: "light", collections: collections, environment: environment).theme.style(.focus).foreground == .basic(1))
        try config.write("courier/themes/light.yaml", "styles:\n  focus: blue\n")
        #expect(ExplorerSettings.load(themeOverride: "light", collections: collections, environment: environment).theme.style(.focus).foreground == .basic(4))
        let lookup = ThemeLookup(collections: collections, environment: environment)
        #expect(lookup.available == ["default", "high-contrast", "light", "monochrome", "solarized-dark"])
    }

    @Test("A name found nowhere is named with the list of the available themes")
    func unknownName() throws {
        let config = try TemporaryDirectory()
        try config.write("courier/themes/dusk.yaml", "styles:\n  border: red\n")
        try config.write("courier/config.yaml", "theme: nigth\n")
        let settings = ExplorerSettings.load(themeOverride: nil, environment: ["XDG_CONFIG_HOME": config.url.path])
        #expect(settings.theme == Theme.standard)
        #expect(settings.problems.count == 1)
        #expect(settings.problems.first?.hasPrefix("no theme 'nigth'; available: default, dusk, high-contrast, light, monochrome, solarized-dark") == true,
                "\(settings.problems)")
    }

    @Test("Every problem of the config and the theme is told, and the good entries of both still apply")
    func everyProblem() throws {
        let config = try TemporaryDirectory()
        try config.write("courier/config.yaml", "theme: mine\nspool-above: lots\nkeys:\n  fly: [f]\n  quit: [x]\n")
        try config.write("courier/themes/mine.yaml", "styles:\n  bordr: red\n  focus: green\n")
        let settings = ExplorerSettings.load(themeOverride: nil, environment: ["XDG_CONFIG_HOME": config.url.path])
        #expect(settings.problems.count == 3, "\(settings.problems)")
        let sentence = settings.problemsSentence ?? ""
        for part in ["config.yaml:2:14", "config.yaml:4:3", "mine.yaml:2:3: unknown role 'bordr'"] {
            #expect(sentence.contains(part), "\(sentence)")
        }
        #expect(sentence.hasPrefix("3 problems in config and theme files"))
        #expect(settings.theme.style(.focus).foreground == .basic(2), "the theme's good roles apply")
        #expect(settings.keyMap.command(for: .character("x")) == .quit, "the config's good entries apply")
    }
}
