import CLibFuzzer
import CourierFuzzing
import Foundation

// One libFuzzer binary for every target (one sanitized link instead of one per target on a
// two-core machine); `COURIER_FUZZ_TARGET` names the target, as `Fuzz/run` sets it.

/// The target this process fuzzes.
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["COURIER_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        fatalError("COURIER_FUZZ_TARGET is '\(name)'; set it to one of: \(known)")
    }
    return target
}()

/// Called by libFuzzer before fuzzing. `COURIER_FUZZ_LIST=targets` prints the targets' names,
/// `=seeds` the target's seed folders, and exits: `Fuzz/run` asks instead of keeping its own lists.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    switch ProcessInfo.processInfo.environment["COURIER_FUZZ_LIST"] {
    case "targets": print(FuzzTarget.allCases.map(\.rawValue).joined(separator: "\n"))
    case "seeds": print(target.seedFolders.joined(separator: "\n"))
    default: return 0
    }
    exit(0)
}

/// libFuzzer's entry point: one input, checked; a broken property is a crash libFuzzer keeps.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = target.check(data)
    if !problems.isEmpty { fatalError("\(target.rawValue): \(problems.joined(separator: "; "))") }
    return 0
}

/// The entry point: libFuzzer's driver, with the command line as given. SwiftPM links an
/// executable's `main` to this, so libFuzzer's own `main` is not used.
@main
enum CourierFuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
