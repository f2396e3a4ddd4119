@testable import CourierExplorer
import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// `COURIER_FRAME_LOG`: the first frame's time from process start, then a line per key, as the
/// benchmarks in `bench/` read them.
@Suite("The explorer's frame log")
struct FrameLogTests {
    @Test("The first line is the first frame, timed from the process start, and each key's frame follows as milliseconds")
    func firstFrameThenKeys() async throws {
        let folder = try TemporaryDirectory()
        let log = folder.url.appendingPathComponent("frames.log")
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let before = FrameLog.bootClock()
        let lines = { (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? [] }
        try await SessionHarness.run(on: FileCollectionStore(directory: collections), environment: ["COURIER_FRAME_LOG": log.path]) { terminal in
            terminal.press(.character("j"))
            _ = try await terminal.waitFor { _ in lines().count >= 2 }
        }
        let after = FrameLog.bootClock()
        let written = lines()
        let first = try #require(written.first).split(separator: " ")
        #expect(first.count == 3 && first[0] == "first-frame", "\(written)")
        // The frame came after the session started and before it ended, on the boot clock.
        let clock = try #require(Double(first[2]))
        #expect(before <= clock && clock <= after)
        // This test process started before the frame, at most the time since its start ago (ticks round the start down).
        let sinceStart = try #require(Double(first[1]))
        let processStart = try #require(FrameLog.processStart())
        #expect(processStart <= before && sinceStart > 0 && abs(sinceStart - (clock - processStart) * 1000) < 0.01)
        #expect(written.dropFirst().allSatisfy { Double($0).map { $0 >= 0 } ?? false }, "\(written)")
    }

    @Test("The process start is the 22nd field of /proc/PID/stat, after a command name that holds spaces and parentheses")
    func startTimeField() {
        let fields = (3...52).map { $0 == 22 ? "123456" : "\($0)" }.joined(separator: " ")
        let stat = "4242 (courier (x) y) " + fields
        #expect(FrameLog.processStart(stat: stat, ticksPerSecond: 100) == 1234.56)
        #expect(FrameLog.processStart(stat: "4242 (courier) S 1 2", ticksPerSecond: 100) == nil)
        #expect(FrameLog.processStart(stat: "no name here", ticksPerSecond: 100) == nil)
    }
}
