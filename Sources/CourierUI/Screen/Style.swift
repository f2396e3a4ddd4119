/// A colour as a theme writes it; the terminal degrades it to what it can show.
public enum Color: Sendable, Hashable {
    /// The terminal's own foreground or background.
    case `default`
    /// One of the 16 basic colours (0–7 normal, 8–15 bright).
    case basic(UInt8)
    /// One of the 256 indexed colours.
    case indexed(UInt8)
    /// 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}

/// How a cell is drawn.
public struct Style: Sendable, Hashable {
    public var foreground: Color = .default
    public var background: Color = .default
    public var bold = false
    public var dim = false
    public var italic = false
    public var underline = false
    public var reverse = false

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false,
                italic: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = Style()

    /// This style with another's non-default parts on top.
    public func patched(with other: Style) -> Style {
        var result = self
        if other.foreground != .default { result.foreground = other.foreground }
        if other.background != .default { result.background = other.background }
        result.bold = bold || other.bold
        result.dim = dim || other.dim
        result.italic = italic || other.italic
        result.underline = underline || other.underline
        result.reverse = reverse != other.reverse
        return result
    }
}
