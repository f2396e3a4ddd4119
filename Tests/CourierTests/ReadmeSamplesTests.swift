import CourierTestSupport
import Foundation
import Testing

/// What the README's code blocks use without declaring it; `ReadmeSamples.generated.swift` runs
/// each block as a method of this type, so these names resolve. A block that leaves another name
/// open fails to compile until it is added here.
struct ReadmeSampleContext {
    let token = "t0k3n"
    let myQueue = DispatchQueue(label: "readme")
}

@Suite("README code blocks")
struct ReadmeSamplesTests {
    @Test("Every ```swift block of README.md is compiled: ReadmeSamples.generated.swift holds exactly README's blocks")
    func generatedFileMatchesReadme() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/readme-samples").path
        let rendered = try await Processes.run(["sh", script, "--stdout"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let generated = try String(contentsOf: root.appendingPathComponent("Tests/CourierTests/ReadmeSamples.generated.swift"), encoding: .utf8)
        #expect(rendered.stdoutText.contains("func readmeBlock1()"), "README.md has no ```swift block, or the script found none")
        #expect(rendered.stdoutText == generated,
                "README.md's swift blocks and Tests/CourierTests/ReadmeSamples.generated.swift differ: run scripts/readme-samples, then build the tests")
    }
}
