/// Keeps CPU-heavy tests and timing-sensitive tests apart. The suite runs in parallel on CI's two
/// cores; a test that indexes 100 MB in a debug build, or drives a debug `courier` through 17 MB,
/// can delay another test's loopback request by seconds, and a test that checks that a 0.5 s
/// deadline fires near 0.5 s then fails for no fault of the code. Both kinds run their bodies
/// through `ExclusiveTime.run`, one at a time; everything else still runs in parallel.
public enum ExclusiveTime {
    private actor Gate {
        private var busy = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func enter() async {
            if !busy {
                busy = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
    }

    private static let gate = Gate()

    /// Runs `body` while no other `run` body runs.
    public static func run<T>(_ body: () async throws -> T) async rethrows -> T {
        await gate.enter()
        do {
            let value = try await body()
            await gate.leave()
            return value
        } catch {
            await gate.leave()
            throw error
        }
    }
}
