import CourierUI
import Testing

/// Every problem of a theme file is reported at once, not only the first.
@Suite("Theme problems")
struct ThemeProblemsTests {
    @Test("Three broken entries, three problems, each with its place; the good entries still apply")
    func everyProblem() {
        let (theme, problems) = ThemeParser.parse("""
        styles:
          bordr: red
          focus: chartreuse
          title: {fg: red, blink: true}
          folder: "#123456"
          markup.tag: blue
        """, file: "mine.yaml")
        #expect(problems.map { "\($0.line):\($0.column)" } == ["2:3", "3:10", "4:20"], "\(problems)")
        #expect(theme.style(.folder).foreground == .rgb(0x12, 0x34, 0x56))
        #expect(theme.style(named: "markup.tag").foreground == .basic(4), "a new role is read like the others")
    }
}
