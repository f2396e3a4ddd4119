import Courier
import Foundation

/// The properties of the event stream readers: any bytes, split anywhere, give the same events.
enum StreamChecks {
    /// The bytes read as Server-Sent Events and as JSON lines, whole and in chunks cut where the
    /// input's own bytes say (so the fuzzer explores the cuts too), give the same events; no
    /// event's id holds NUL or a line end, and no data holds a CR.
    static func serverSentEvents(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        let cuts = chunks(of: bytes)
        var problems: [String] = []

        var whole = ServerSentEventParser()
        let once = whole.feed(bytes)
        whole.finish()
        var pieces = ServerSentEventParser()
        let chunked = cuts.flatMap { pieces.feed($0) }
        pieces.finish()
        if once != chunked { problems.append("SSE: \(once.count) events fed whole, \(chunked.count) fed in \(cuts.count) chunks") }
        if whole.lastEventID != pieces.lastEventID { problems.append("SSE: the last event ID depends on the chunking") }
        if once.contains(where: { $0.id.unicodeScalars.contains { [0, 10, 13].contains($0.value) } }) { problems.append("SSE: an event id holds NUL or a line end") }
        if once.contains(where: { $0.data.utf8.contains(0x0D) || $0.event.isEmpty }) { problems.append("SSE: a data holds CR, or an event has no type") }

        var lines = JSONLinesSplitter()
        let linesOnce = lines.feed(bytes) + lines.finish()
        var linePieces = JSONLinesSplitter()
        let linesChunked = cuts.flatMap { linePieces.feed($0) } + linePieces.finish()
        if linesOnce != linesChunked { problems.append("JSON lines: \(linesOnce.count) lines whole, \(linesChunked.count) in chunks") }
        if linesOnce.contains(where: { $0.data.contains("\n") }) { problems.append("JSON lines: a line holds LF") }
        return problems
    }

    /// The input cut into chunks whose lengths come from its bytes (1 to 16 each).
    private static func chunks(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let length = Int(bytes[start] % 16) + 1
            let end = min(bytes.count, start + length)
            chunks.append(bytes[start..<end])
            start = end
        }
        return chunks
    }
}
