import Courier
import Foundation

/// The overlay that shows the cookie jar of the open request's collection in the current
/// environment: a table of cookies (values masked, as every secret), one cookie's attributes on
/// ⏎, `d` deletes one, `X` clears the jar (asks first), `Y` copies a value to the clipboard, the
/// one way a secret leaves the explorer, as `Y` copies a cURL command with its secrets.
public struct CookiesView: Sendable, Equatable {
    /// A request of the collection whose jar this is; effects find the collection by it.
    public var requestId: String
    /// The environment the jar belongs to; nil for none.
    public var environment: String?
    /// The cookies, nil while they are read.
    public var cookies: [Cookie]?
    /// The selected row.
    public var row = 0
    /// Whether the selected cookie's attributes are shown instead of the table.
    public var inspecting = false

    /// A view of the jar of `requestId`'s collection in `environment`, waiting for its cookies.
    public init(requestId: String, environment: String?) {
        self.requestId = requestId
        self.environment = environment
    }

    /// "Demo (environment local)", for titles and sentences.
    public var place: String {
        "\(requestId.split(separator: "/").first.map(String.init) ?? requestId) (\(environment.map { "environment \($0)" } ?? "no environment"))"
    }

    /// The selected cookie, if any.
    public var selected: Cookie? {
        guard let cookies, cookies.indices.contains(row) else { return nil }
        return cookies[row]
    }

    /// The cookies arrived (or changed): the selection stays in range.
    mutating func show(_ cookies: [Cookie]) {
        self.cookies = cookies
        row = min(row, max(0, cookies.count - 1))
        if cookies.isEmpty { inspecting = false }
    }

    /// What a key asks for beyond moving the selection.
    enum Outcome: Equatable {
        case handled, close
        case delete(Cookie)
        case clearAll
        case copyValue(Cookie)
    }

    /// The key that clears the jar (not a rebindable command: it only means something here).
    static let clearKey = Key.character("X")

    mutating func handle(_ key: Key, command: Command?) -> Outcome {
        let count = cookies?.count ?? 0
        if key == Self.clearKey { return count == 0 ? .handled : .clearAll }
        switch command {
        case .moveDown?: row = min(max(0, count - 1), row + 1)
        case .moveUp?: row = max(0, row - 1)
        case .top?: row = 0
        case .bottom?: row = max(0, count - 1)
        case .open?, .edit?: inspecting = selected != nil && !inspecting
        case .remove?: return selected.map(Outcome.delete) ?? .handled
        case .copyWithSecrets?: return selected.map(Outcome.copyValue) ?? .handled
        case .cancel? where inspecting, .collapse? where inspecting: inspecting = false
        case .cancel?, .quit?, .cookies?: return .close
        default: break
        }
        return .handled
    }

    /// The lines that describe `cookie` when it is inspected, its value masked.
    static func details(of cookie: Cookie) -> [(String, String)] {
        let scope = cookie.hostOnly ? "\(cookie.domain) only (no Domain attribute)" : "\(cookie.domain) and its subdomains"
        return [
            ("name", cookie.name), ("value", SecretRedactor.mask + "  (Y copies it)"), ("sent to", scope),
            ("path", "\(cookie.path) and below"), ("expires", CookieTable.expiry(cookie)),
            ("secure", cookie.secure ? "yes: HTTPS and loopback hosts only" : "no"), ("httponly", cookie.httpOnly ? "yes" : "no"),
            ("samesite", cookie.sameSite?.rawValue ?? "not set"), ("stored", CookieTable.date(cookie.created)),
        ]
    }

    func render(on screen: inout Screen, theme: Theme) {
        let count = cookies?.count ?? 0
        let width = min(screen.width - 4, 110)
        let height = min(screen.height - 2, max(8, (inspecting ? 9 : count + 1) + 3))
        let rect = Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
        screen.fill(rect, style: theme.style(.overlay))
        let badge = inspecting ? "esc back · d delete · Y copy value" : "⏎ inspect · d delete · X clear all · Y copy value · esc close"
        let inside = Box(title: "Cookies · \(place)", badge: count == 0 ? "esc close" : badge, focused: true)
            .draw(in: rect, on: &screen, border: theme.border(focused: true), titleStyle: theme.style(.title))
        let base = theme.style(.overlay)
        guard let cookies else {
            screen.put("reading the jar…", row: inside.y, column: inside.x + 1, style: base.patched(with: theme.style(.dim)), limit: inside.width - 1)
            return
        }
        guard !cookies.isEmpty else {
            screen.put("no cookies kept · a response's Set-Cookie puts them here", row: inside.y, column: inside.x + 1,
                       style: base.patched(with: theme.style(.dim)), limit: inside.width - 1)
            return
        }
        if inspecting, let cookie = selected {
            for (index, (label, value)) in Self.details(of: cookie).enumerated() where index < inside.height {
                screen.put(label, row: inside.y + index, column: inside.x + 1, style: base.patched(with: theme.style(.title)), limit: 10)
                let style = label == "value" ? base.patched(with: theme.style(named: "secret")) : base
                screen.put(value, row: inside.y + index, column: inside.x + 12, style: style, limit: inside.width - 12)
            }
            return
        }
        let rows = cookies.map { CookieTable.cells($0, revealed: false) }
        let widths = CookieTable.titles.indices.map { column in
            min(32, ([CookieTable.titles] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0)
        }
        let valueColumn = CookieTable.titles.firstIndex(of: "VALUE")
        func put(_ cells: [String], y: Int, style: Style, header: Bool = false) {
            var x = inside.x + 1
            for (column, cell) in cells.enumerated() where x < inside.maxX {
                let cellStyle = column == valueColumn && !header ? style.patched(with: theme.style(named: "secret")) : style
                screen.put(cell, row: y, column: x, style: cellStyle, limit: min(widths[column], inside.maxX - x))
                x += widths[column] + 2
            }
        }
        put(CookieTable.titles, y: inside.y, style: base.patched(with: theme.style(.dim)), header: true)
        // The selection stays in sight: the table scrolls by whole pages of rows.
        let visible = max(1, inside.height - 1)
        let first = (row / visible) * visible
        for (offset, cells) in rows.dropFirst(first).prefix(visible).enumerated() {
            let y = inside.y + 1 + offset
            let style = first + offset == row ? base.patched(with: theme.style(.selectionUnfocused)) : base
            screen.fill(Rect(x: inside.x, y: y, width: inside.width, height: 1), style: style)
            put(cells, y: y, style: style)
        }
    }
}
