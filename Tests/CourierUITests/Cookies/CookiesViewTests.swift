import Courier
import CourierUI
import Foundation
import Testing

/// The Cookies view through the pure model: `J` asks for the jar of the open request's
/// collection, the table masks values, ⏎ inspects, `d` deletes one, `X` asks before clearing,
/// `Y` copies a value, Esc closes.
@Suite("Cookies view")
struct CookiesViewTests {
    private let cookies = [
        Cookie(name: "session", value: "s3cr3t-session-value", domain: "127.0.0.1", httpOnly: true, sameSite: .lax),
        Cookie(name: "pref", value: "dark-theme-value", domain: "example.com", hostOnly: false, path: "/app",
               expires: Date(timeIntervalSince1970: 1_900_000_000), secure: true),
    ]

    private func opened() -> Harness {
        var harness = Harness.opening("create-user", width: 120, height: 30)
        harness.press(.character("J"))
        harness.receive(.cookiesLoaded(requestId: "Demo/users/create-user", environment: nil, cookies))
        return harness
    }

    private func text(_ harness: Harness) -> String {
        (0..<harness.screen.height).map(harness.line).joined(separator: "\n")
    }

    @Test("J asks for the jar of the request's collection and environment; the table masks every value")
    func listing() {
        var harness = Harness.opening("create-user", width: 120, height: 30)
        harness.press(.character("J"))
        #expect(harness.effects.last == .loadCookies(requestId: "Demo/users/create-user", environment: nil))
        #expect(text(harness).contains("reading the jar…"))
        harness.receive(.cookiesLoaded(requestId: "Demo/users/create-user", environment: nil, cookies))
        let shown = text(harness)
        #expect(shown.contains("Cookies · Demo (no environment)"))
        #expect(shown.contains("DOMAIN") && shown.contains("127.0.0.1") && shown.contains(".example.com") && shown.contains("session"))
        #expect(shown.contains("HttpOnly SameSite=Lax") && shown.contains("2030-03-17 17:46:40Z") && shown.contains("Secure"))
        #expect(!shown.contains("s3cr3t-session-value") && !shown.contains("dark-theme-value"))
        #expect(shown.contains("••••••"))
    }

    @Test("A jar read for another request or environment is not shown")
    func staleLoad() {
        var harness = Harness.opening("create-user", width: 120, height: 30)
        harness.press(.character("J"))
        harness.receive(.cookiesLoaded(requestId: "Public/get", environment: nil, cookies))
        #expect(harness.state.cookiesView?.cookies == nil)
    }

    @Test("⏎ inspects the selected cookie, its value still masked; Esc goes back, then closes")
    func inspecting() {
        var harness = opened()
        harness.press(.down, .enter)
        let shown = text(harness)
        #expect(shown.contains("pref") && shown.contains("example.com and its subdomains") && shown.contains("/app and below"))
        #expect(shown.contains("yes: HTTPS and loopback hosts only") && !shown.contains("dark-theme-value"))
        harness.press(.escape)
        #expect(harness.state.cookiesView?.inspecting == false)
        harness.press(.escape)
        #expect(harness.state.cookiesView == nil)
    }

    @Test("d deletes the selected cookie; Y copies its value; X asks, and only Remove all clears")
    func changing() {
        var harness = opened()
        harness.press(.character("d"))
        #expect(harness.effects.last == .deleteCookie(requestId: "Demo/users/create-user", environment: nil, cookies[0]))
        #expect(harness.state.status.contains("deleted the cookie session of 127.0.0.1"))
        harness.press(.character("Y"))
        #expect(harness.effects.last == .copySecret("s3cr3t-session-value", what: "the value of the cookie session"))
        let before = harness.effects.count
        harness.press(.character("X"))
        #expect(harness.state.dialog?.message == "Remove all 2 cookies kept for Demo (no environment)?")
        harness.press(.character("k"))
        #expect(harness.effects.count == before, "Keep clears nothing")
        harness.press(.character("X"), .character("r"))
        #expect(harness.effects.last == .clearCookies(requestId: "Demo/users/create-user", environment: nil))
        harness.receive(.cookiesLoaded(requestId: "Demo/users/create-user", environment: nil, []))
        #expect(text(harness).contains("no cookies kept"))
    }

    @Test("The command is in the help and the palette")
    func discoverable() {
        var harness = Harness(width: 120, height: 40)
        #expect(harness.state.keyMap.key(for: .cookies) == "J")
        harness.press(.character("p"))
        harness.type(">cookies")
        harness.press(.enter)
        #expect(harness.effects.last == .loadCookies(requestId: "Demo", environment: nil))
    }
}
