import CourierTestSupport
import Foundation
import Testing

/// README and docs/FORMAT.md point only to files that exist, and `--help` names FORMAT.md.
@Suite("Documentation links")
struct DocumentationLinksTests {
    @Test("Every relative link and cited document of README and FORMAT.md exists", arguments: ["README.md", "docs/FORMAT.md"])
    func links(document: String) throws {
        let file = Checkout.root.appendingPathComponent(document)
        let text = try String(contentsOf: file, encoding: .utf8)
        let links = text.matches(of: /\]\(([^)#\s]+)(#[^)]*)?\)/).map { String($0.output.1) }.filter { !$0.contains("://") }
        #expect(document != "README.md" || links.contains("docs/FORMAT.md"), "README links to FORMAT.md")
        for link in links {
            let target = file.deletingLastPathComponent().appendingPathComponent(link)
            #expect(FileManager.default.fileExists(atPath: target.path), "\(document) links to \(link), which does not exist")
        }
        // Documents named in the text, linked or not (`bench/README.md`, `LINUX-URLSESSION.md`).
        for cited in text.matches(of: /`([\w\/.-]+\.md)`/).map({ String($0.output.1) }) {
            #expect(FileManager.default.fileExists(atPath: Checkout.root.appendingPathComponent(cited).path), "\(document) cites \(cited)")
        }
        #expect(!text.contains("DESIGN.md"), "DESIGN.md is not part of the repository")
    }

    @Test("courier --help names docs/FORMAT.md, --version and the completion scripts")
    func help() async throws {
        let result = try await Processes.run([CourierUnderTest.executable, "--help"])
        #expect(result.status == 0)
        for part in ["docs/FORMAT.md", "--version", "--generate-completion-script"] {
            #expect(result.stdoutText.contains(part), "\(part) missing from --help")
        }
    }
}
