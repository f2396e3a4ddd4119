import CourierJSON
import CourierUI
import Foundation

/// Times what the explorer does with a large JSON body and prints the peak memory of this
/// process: `courier-json-bench FILE`. Run it in a process of its own per measurement.
func peakResidentBytes() -> Int64 {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Int64(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
    return kilobytes * 1024
}

func seconds(_ duration: Swift.Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: courier-json-bench FILE\n".utf8))
    exit(2)
}
let before = peakResidentBytes()
let previewStarted = ContinuousClock.now
let preview = BodyDocument.preview(data, contentType: "application/json")
var firstLines = 0
for index in 0..<min(60, preview?.lineCount ?? 0) { firstLines += preview?.line(index).utf8.count ?? 0 }
print(String(format: "first screen of the body (preview index of its start + 60 lines): %.1f ms", seconds(ContinuousClock.now - previewStarted) * 1000))
let started = ContinuousClock.now
let body = BodyDocument.make(data, contentType: "application/json")
let indexed = ContinuousClock.now
// The first screen: 60 styled lines, as the Body tab draws them.
var lines = 0
for index in 0..<min(60, body.lineCount) { lines += body.line(index).utf8.count }
let firstScreen = ContinuousClock.now
// The last screen.
for index in max(0, body.lineCount - 60)..<body.lineCount { lines += body.line(index).utf8.count }
let lastScreen = ContinuousClock.now
// A key path preview of the last item, answered from the line index as the Key path tab does.
var lookup = "failed"
if case .json(let document) = body.content, document.lineCount > 8 {
    let pathStarted = ContinuousClock.now
    let path = document.path(at: document.lineCount - 8)
    print(String(format: "key path of a line at the end: %.1f ms", seconds(ContinuousClock.now - pathStarted) * 1000))
    let lookupStarted = ContinuousClock.now
    let found = document.line(of: path).map { "\(document.valueLines(from: $0, limit: 2000).count) lines at \(path)" } ?? "no value at \(path)"
    lookup = String(format: "%.1f ms (%@)", seconds(ContinuousClock.now - lookupStarted) * 1000, found as NSString)
}
let mib = Double(data.count) / Double(1 << 20)
print("key path preview of the last item: \(lookup)")
print(String(format: "index %.1f MiB of JSON: %.3f s (%.0f MiB/s), first screen +%.1f ms, last screen +%.1f ms, %d lines; peak RSS %.1f MiB (%.1f before, input %.1f)",
             mib, seconds(indexed - started), mib / seconds(indexed - started), seconds(firstScreen - indexed) * 1000,
             seconds(lastScreen - firstScreen) * 1000, body.lineCount, Double(peakResidentBytes()) / Double(1 << 20),
             Double(before) / Double(1 << 20), mib))
