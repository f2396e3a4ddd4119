/// The shipped themes, compiled in so the explorer has them wherever it runs: `Themes/NAME.yaml`
/// holds the same text (a test keeps the two equal), for users to copy and change.
extension Theme {
    /// The YAML text of each built-in theme, by name, `default` first.
    public static let builtIn: [(name: String, text: String)] = [
        ("default", """
        name: default
        styles:
          border: 240
          focus: {fg: "#7aa2f7", bold: true}
          title: {fg: "#c0caf5", bold: true}
          selection: {fg: "#1a1b26", bg: "#7aa2f7"}
          selectionUnfocused: {bg: 237}
          folder: "#e0af68"
          status: {fg: "#c0caf5", bg: 236}
          dim: {dim: true}
          warning: {fg: "#ff9e64", bold: true}
          overlay: {bg: 235}
          method.GET: {fg: "#9ece6a", bold: true}
          method.POST: {fg: "#e0af68", bold: true}
          method.PUT: {fg: "#7aa2f7", bold: true}
          method.PATCH: {fg: "#bb9af7", bold: true}
          method.DELETE: {fg: "#f7768e", bold: true}
          method.HEAD: {fg: "#7dcfff", bold: true}
          method.OPTIONS: {fg: "#7dcfff", bold: true}
          status.2xx: {fg: "#9ece6a", bold: true}
          status.3xx: {fg: "#7dcfff", bold: true}
          status.4xx: {fg: "#e0af68", bold: true}
          status.5xx: {fg: "#f7768e", bold: true}
          json.key: "#7aa2f7"
          json.string: "#9ece6a"
          json.number: "#ff9e64"
          json.literal: "#bb9af7"
          json.punctuation: "#9aa5ce"
          markup.tag: "#7aa2f7"
          markup.attribute: "#bb9af7"
          markup.value: "#9ece6a"
          markup.comment: {fg: "#565f89", italic: true}
          variable: "#7dcfff"
          variable.missing: {fg: "#f7768e", underline: true}
          secret: {fg: "#565f89", italic: true}
          line-number: 242
          search.match: {fg: "#1a1b26", bg: "#e0af68"}
        """),
        ("light", """
        name: light
        styles:
          border: 250
          focus: {fg: "#2e7de9", bold: true}
          title: {fg: "#3760bf", bold: true}
          selection: {fg: "#ffffff", bg: "#2e7de9"}
          selectionUnfocused: {bg: 254}
          folder: "#8c6c3e"
          status: {fg: "#3760bf", bg: 254}
          dim: {dim: true}
          warning: {fg: "#b15c00", bold: true}
          overlay: {bg: 255}
          method.GET: {fg: "#587539", bold: true}
          method.POST: {fg: "#8c6c3e", bold: true}
          method.PUT: {fg: "#2e7de9", bold: true}
          method.PATCH: {fg: "#7847bd", bold: true}
          method.DELETE: {fg: "#c64343", bold: true}
          method.HEAD: {fg: "#007197", bold: true}
          method.OPTIONS: {fg: "#007197", bold: true}
          status.2xx: {fg: "#587539", bold: true}
          status.3xx: {fg: "#007197", bold: true}
          status.4xx: {fg: "#8c6c3e", bold: true}
          status.5xx: {fg: "#c64343", bold: true}
          json.key: "#2e7de9"
          json.string: "#587539"
          json.number: "#b15c00"
          json.literal: "#7847bd"
          json.punctuation: "#6172b0"
          markup.tag: "#2e7de9"
          markup.attribute: "#7847bd"
          markup.value: "#587539"
          markup.comment: {fg: "#848cb5", italic: true}
          variable: "#007197"
          variable.missing: {fg: "#c64343", underline: true}
          secret: {fg: "#a8aecb", italic: true}
          line-number: 248
          search.match: {fg: "#ffffff", bg: "#b15c00"}
        """),
        ("solarized-dark", """
        name: solarized-dark
        styles:
          border: "#586e75"
          focus: {fg: "#268bd2", bold: true}
          title: {fg: "#93a1a1", bold: true}
          selection: {fg: "#fdf6e3", bg: "#268bd2"}
          selectionUnfocused: {bg: "#073642"}
          folder: "#b58900"
          status: {fg: "#93a1a1", bg: "#073642"}
          dim: {fg: "#586e75"}
          warning: {fg: "#cb4b16", bold: true}
          overlay: {bg: "#073642"}
          method.GET: {fg: "#859900", bold: true}
          method.POST: {fg: "#b58900", bold: true}
          method.PUT: {fg: "#268bd2", bold: true}
          method.PATCH: {fg: "#6c71c4", bold: true}
          method.DELETE: {fg: "#dc322f", bold: true}
          method.HEAD: {fg: "#2aa198", bold: true}
          method.OPTIONS: {fg: "#2aa198", bold: true}
          status.2xx: {fg: "#859900", bold: true}
          status.3xx: {fg: "#2aa198", bold: true}
          status.4xx: {fg: "#b58900", bold: true}
          status.5xx: {fg: "#dc322f", bold: true}
          json.key: "#268bd2"
          json.string: "#2aa198"
          json.number: "#d33682"
          json.literal: "#6c71c4"
          json.punctuation: "#657b83"
          markup.tag: "#268bd2"
          markup.attribute: "#6c71c4"
          markup.value: "#2aa198"
          markup.comment: {fg: "#586e75", italic: true}
          variable: "#2aa198"
          variable.missing: {fg: "#dc322f", underline: true}
          secret: {fg: "#586e75", italic: true}
          line-number: "#586e75"
          search.match: {fg: "#002b36", bg: "#b58900"}
        """),
        ("high-contrast", """
        name: high-contrast
        styles:
          border: bright-white
          focus: {fg: bright-yellow, bold: true}
          title: {fg: bright-white, bold: true}
          selection: {fg: black, bg: bright-yellow, bold: true}
          selectionUnfocused: {fg: black, bg: white}
          folder: {fg: bright-cyan, bold: true}
          status: {fg: black, bg: bright-white}
          dim: white
          warning: {fg: bright-red, bold: true}
          overlay: {fg: bright-white, bg: black}
          method.GET: {fg: bright-green, bold: true}
          method.POST: {fg: bright-yellow, bold: true}
          method.PUT: {fg: bright-cyan, bold: true}
          method.PATCH: {fg: bright-magenta, bold: true}
          method.DELETE: {fg: bright-red, bold: true}
          method.HEAD: {fg: bright-white, bold: true}
          method.OPTIONS: {fg: bright-white, bold: true}
          status.2xx: {fg: bright-green, bold: true}
          status.3xx: {fg: bright-cyan, bold: true}
          status.4xx: {fg: bright-yellow, bold: true}
          status.5xx: {fg: bright-red, bold: true}
          json.key: {fg: bright-cyan, bold: true}
          json.string: bright-green
          json.number: bright-yellow
          json.literal: bright-magenta
          json.punctuation: bright-white
          markup.tag: {fg: bright-cyan, bold: true}
          markup.attribute: bright-magenta
          markup.value: bright-green
          markup.comment: white
          variable: {fg: bright-cyan, underline: true}
          variable.missing: {fg: bright-red, bold: true, underline: true}
          secret: {fg: white, italic: true}
          line-number: white
          search.match: {fg: black, bg: bright-yellow, bold: true}
        """),
        ("monochrome", """
        name: monochrome
        styles:
          border: default
          focus: {bold: true}
          title: {bold: true}
          selection: {reverse: true}
          selectionUnfocused: {underline: true}
          folder: {bold: true}
          status: {reverse: true}
          dim: {dim: true}
          warning: {bold: true, underline: true}
          overlay: default
          method.GET: {bold: true}
          method.POST: {bold: true}
          method.PUT: {bold: true}
          method.PATCH: {bold: true}
          method.DELETE: {bold: true}
          method.HEAD: {bold: true}
          method.OPTIONS: {bold: true}
          status.2xx: {bold: true}
          status.3xx: {bold: true}
          status.4xx: {bold: true, underline: true}
          status.5xx: {bold: true, reverse: true}
          json.key: {bold: true}
          json.string: default
          json.number: default
          json.literal: {italic: true}
          json.punctuation: {dim: true}
          markup.tag: {bold: true}
          markup.attribute: default
          markup.value: {italic: true}
          markup.comment: {dim: true}
          variable: {underline: true}
          variable.missing: {bold: true, underline: true}
          secret: {dim: true}
          line-number: {dim: true}
          search.match: {reverse: true}
        """),
    ]

    /// The YAML text of the built-in theme `name`; nil when there is none.
    public static func builtInText(_ name: String) -> String? { builtIn.first { $0.name == name }?.text }

    /// The built-in dark theme, `Themes/default.yaml`: every role styled.
    public static let standard = ThemeParser.parse(builtInText("default") ?? "", file: "default.yaml",
                                                   base: Theme(styles: [:], methods: [:])).0
}
