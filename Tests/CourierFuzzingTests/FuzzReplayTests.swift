import CourierFuzzing
import CourierTestSupport
import Foundation
import Testing

/// Every input `Fuzz/run` keeps — the grown corpora, the gathered seeds and the inputs that once
/// crashed a target — goes through the target's checks again, so CI keeps fixed what fuzzing
/// found without running a fuzzer.
@Suite("Fuzzing corpora, replayed")
struct FuzzReplayTests {
    @Test("Every kept input holds the target's properties", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) throws {
        let inputs = Self.inputs(of: target)
        #expect(!inputs.isEmpty, "\(target.rawValue) has no seed inputs")
        for input in inputs {
            let problems = target.check(try Data(contentsOf: input))
            #expect(problems.isEmpty, "\(target.rawValue), \(input.path): \(problems.joined(separator: "; "))")
        }
    }

    /// The files under the target's seed folders, however deep.
    static func inputs(of target: FuzzTarget) -> [URL] {
        target.seedFolders.flatMap { folder -> [URL] in
            let url = Checkout.root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
            return files.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        }
    }
}
