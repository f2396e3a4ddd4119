import CourierTestSupport
import Foundation
import Testing

/// What the README's code blocks use without declaring it; each file in `ReadmeSamples/` runs a
/// block as a method of this type, so these names resolve. A block that leaves another name open
/// fails to compile until it is added here.
struct ReadmeSampleContext {
    let token = "t0k3n"
    let myQueue = DispatchQueue(label: "readme")
}

@Suite("README code blocks")
struct ReadmeSamplesTests {
    @Test("Every ```swift block of README.md is compiled: ReadmeSamples/ holds exactly README's blocks")
    func generatedFilesMatchReadme() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let rendered = try await Processes.run(["sh", root.appendingPathComponent("scripts/readme-samples").path, "--stdout"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdoutText.contains("func readmeBlock1()"), "README.md has no ```swift block, or the script found none")

        let folder = root.appendingPathComponent("Tests/CourierTests/ReadmeSamples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".generated.swift") }.sorted()
        var generated = ""
        for name in names {
            generated += "==> \(name)\n" + (try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
        #expect(rendered.stdoutText == generated,
                "README.md's swift blocks and Tests/CourierTests/ReadmeSamples/ differ: run scripts/readme-samples, then build the tests")
    }
}
