/// What each part of the UI looks like. The terminal degrades colours it cannot show.
public struct Theme: Sendable, Equatable {
    public enum Role: String, Sendable, CaseIterable {
        case border, focus, title, selection, selectionUnfocused, folder, status, dim, warning, overlay
    }

    public var styles: [Role: Style]
    public var methods: [String: Style]
    /// Roles the explorer's panes use beyond the engine's own (`status.2xx`, `json.key`, …).
    public var extras: [String: Style]

    public init(styles: [Role: Style], methods: [String: Style], extras: [String: Style] = [:]) {
        self.styles = styles
        self.methods = methods
        self.extras = extras
    }

    /// A style by its name in theme files: `border`, `method.GET`, `json.key`.
    public func style(named name: String) -> Style {
        if let role = Role(rawValue: name) { return style(role) }
        if name.hasPrefix("method.") { return method(String(name.dropFirst(7))) }
        return extras[name] ?? .plain
    }

    public func style(_ role: Role) -> Style { styles[role] ?? .plain }

    public func border(focused: Bool) -> Style { style(focused ? .focus : .border) }

    /// The colour of a method badge.
    public func method(_ method: String) -> Style { methods[method] ?? Style(bold: true) }

    /// An error marker and message: the theme's colour for server errors, so every shipped theme
    /// (monochrome included) already has one; red where a theme has none.
    public var error: Style { extras["status.5xx"] ?? Style(foreground: .rgb(0xf7, 0x76, 0x8e), bold: true) }

    /// The style of a problem by its severity: errors as `error`, warnings as `warning`.
    public func problem(isError: Bool) -> Style { isError ? error : style(.warning) }

    /// Lines a change added, in the theme's colour for success; green where a theme has none.
    public var added: Style { extras["status.2xx"] ?? Style(foreground: .rgb(0x9e, 0xce, 0x6a), bold: true) }
}
