import Courier
import CourierHistory
import CourierUI
import Foundation

/// A response History kept, as the response pane shows it before its body is read back.
enum StoredSnapshot {
    static func make(_ entry: HistoryEntry, sequence: Int, environment: String?, now: Date = Date()) -> ResponseSnapshot {
        let note: String
        switch entry.body {
        case .inline, .file: note = "⏎ on it in History reads the \(ByteCount.text(entry.bodySize)) body back"
        case .tooLarge(let limit):
            note = "the \(ByteCount.text(entry.bodySize)) body was not kept: History keeps bodies up to \(ByteCount.text(limit)) (history: in config.yaml)"
        case .unwritten(let reason): note = "the body was not kept: \(reason)"
        }
        var snapshot = ResponseSnapshot(
            sequence: sequence, status: entry.status, reason: entry.reason, headers: entry.headers.map { (name: $0.name, value: $0.value) },
            body: BodyDocument(content: .text(TextLines(Data())), data: Data(), note: note), duration: entry.duration,
            failure: entry.failure, debugLines: entry.debugLines, finishedAt: finishedAt(entry.receivedAt, now: now))
        snapshot.releasedBodySize = entry.bodySize
        snapshot.stored = StoredResponse(entry: entry.id, environment: environment, bodyKept: entry.keepsBody,
                                         definition: entry.definition, restored: true)
        return snapshot
    }

    /// `14:03:07` today, `Nov 25` before, in the width the History tab gives the time.
    static func finishedAt(_ date: Date, now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = Calendar.current.isDate(date, inSameDayAs: now) ? "HH:mm:ss" : "MMM d"
        return formatter.string(from: date)
    }
}

extension HistoryEntry {
    /// Whether History kept the body, so it can be read back.
    var keepsBody: Bool {
        switch body {
        case .inline, .file: return true
        case .tooLarge, .unwritten: return false
        }
    }
}
