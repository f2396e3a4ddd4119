import CourierUI
import Foundation
import Testing

/// HTML and XML bodies are pretty-printed and coloured; malformed markup never fails.
@Suite("Markup bodies")
struct MarkupBodyTests {
    private func lines(_ text: String, contentType: String = "text/html") -> [String] {
        let body = BodyDocument.make(Data(text.utf8), contentType: contentType)
        return (0..<body.lineCount).map(body.line)
    }

    @Test("HTML is indented by nesting; short elements stay on one line; void elements open no level")
    func html() {
        let html = #"<html><head><title>Users</title></head><body><ul><li class="a">Ada</li><li>Grace</li></ul><br><p>Hi <b>there</b></p></body></html>"#
        #expect(lines(html) == [
            "<html>", "  <head>", "    <title>Users</title>", "  </head>", "  <body>", "    <ul>", #"      <li class="a">Ada</li>"#,
            "      <li>Grace</li>", "    </ul>", "    <br>", "    <p>", "      Hi", "      <b>there</b>", "    </p>", "  </body>", "</html>",
        ])
    }

    @Test("XML: declaration, comments, CDATA, self-closing and empty elements")
    func xml() {
        let xml = #"<?xml version="1.0"?><feed><!-- two entries --><entry id="1"/><entry><title><![CDATA[a < b]]></title></entry><empty></empty></feed>"#
        #expect(lines(xml, contentType: "application/atom+xml") == [
            #"<?xml version="1.0"?>"#, "<feed>", "  <!-- two entries -->", #"  <entry id="1"/>"#, "  <entry>", "    <title>",
            "      <![CDATA[a < b]]>", "    </title>", "  </entry>", "  <empty></empty>", "</feed>",
        ])
    }

    @Test("Malformed markup is shown, every character kept, never an error", arguments: [
        "<div><span>unclosed</div></p>< not a tag & <!-- open comment",
        "</stray><a href=\"x>y\">link</a><b",
        "<script>if (a < b && c > d) { x() }</script><p>after</p>",
    ])
    func malformed(text: String) {
        let shown = lines(text).joined().filter { !$0.isWhitespace }
        #expect(shown == text.filter { !$0.isWhitespace })
    }

    @Test("Text that only looks like it might be markup stays as received")
    func notMarkup() {
        #expect(lines("plain words, no tags", contentType: "text/html") == ["plain words, no tags"])
        #expect(!BodyDocument.make(Data("a < b".utf8), contentType: "text/plain").isMarkup)
    }

    @Test("Tags, attributes, values and comments are drawn in their theme roles; r shows the body as received")
    func colours() {
        let html = #"<ul><!-- list --><li class="a">Ada</li></ul>"#
        var harness = Harness.answered(ResponsePaneTests.snapshot(1, body: html, contentType: "text/html"))
        let theme = Theme.standard
        let screen = harness.state.render(theme: theme)
        #expect(style(of: "<li", in: screen) == theme.style(named: "markup.tag"))
        #expect(style(of: "class", in: screen) == theme.style(named: "markup.attribute"))
        #expect(style(of: "\"a\"", in: screen) == theme.style(named: "markup.value"))
        #expect(style(of: "<!-- list -->", in: screen) == theme.style(named: "markup.comment"))
        #expect(style(of: "Ada", in: screen) == .plain)
        harness.press(.character("r"))
        #expect(harness.screen.text.contains(html), "raw shows the bytes as they came")
    }
}
