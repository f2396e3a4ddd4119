import CourierCollections
import Foundation

// MARK: - History kept between sessions: listing, reading back, comparing, sending again

extension ExplorerState {
    /// The palette's entries for History and the body.
    static let saveBodyEntry = "↓ save the response body"
    static let historyEntry = "◷ history of the open request"
    static var historyEntries: [String] { [saveBodyEntry, historyEntry] }

    /// `H`: the History tab of the open request, with focus.
    mutating func openHistory() -> [Effect] {
        guard let id = editor?.id else {
            status = notOpenSentence
            return []
        }
        focus = .response
        response.tab = .history
        response.otherTop = 0
        let entries = history[id] ?? []
        response.historySelection = entries.firstIndex { $0.sequence == response.current?.sequence } ?? max(0, entries.count - 1)
        let key = keyMap.key(for:)
        status = historyProblem ?? "History of \(id): \(keyMap.openKey) show · \(key(.toggle)) mark · \(key(.remove)) diff · \(key(.raw)) send again"
        return []
    }

    /// The responses History read for `id` join this session's: earlier sessions' first, then
    /// this one's, each once.
    mutating func historyLoaded(_ id: String, environment: String?, _ stored: [ResponseSnapshot]) {
        guard environment == self.environment else { return }
        let session = (history[id] ?? []).filter { $0.stored?.restored != true }
        let recorded = Set(session.compactMap { $0.stored?.environment == environment ? $0.stored?.entry : nil })
        let earlier = stored.filter { $0.stored.map { !recorded.contains($0.entry) } ?? false }
        history[id] = Array((earlier + session).suffix(Self.historyLimit))
        guard editor?.id == id else { return }
        let entries = history[id] ?? []
        response.historySelection = entries.firstIndex { $0.sequence == response.current?.sequence } ?? max(0, entries.count - 1)
        response.historyMarks = response.historyMarks.filter { mark in entries.contains { $0.sequence == mark } }
        // The last response of an earlier session shows until this one sends.
        if response.current == nil, sending == nil, let last = entries.last {
            response.show(last)
            status = "the last response, from History (\(last.finishedAt)); \(keyMap.key(for: .send)) sends again"
        }
    }

    /// Response `sequence` is in History now; entries History let go leave the list.
    mutating func historyRecorded(_ id: String, sequence: Int, _ stored: StoredResponse, pruned: [Int64]) {
        let gone = Set(pruned)
        history[id] = history[id]?.compactMap { snapshot in
            var snapshot = snapshot
            if snapshot.sequence == sequence { snapshot.stored = stored }
            guard let kept = snapshot.stored, kept.environment == stored.environment, gone.contains(kept.entry) else { return snapshot }
            // Read back from History and gone from it: nothing is left to show.
            if kept.restored { return nil }
            snapshot.stored = nil
            return snapshot
        }
        if response.current?.sequence == sequence { response.current?.stored = stored }
        historyProblem = nil
    }

    /// A response whose body is not in memory (read back from History, or let go) has it read
    /// from History.
    mutating func readBackIfLetGo(_ snapshot: ResponseSnapshot) -> [Effect] {
        guard snapshot.releasedBodySize != nil, let id = editor?.id else { return [] }
        guard snapshot.stored?.bodyKept == true, response.readingBack != snapshot.sequence else { return [] }
        response.readingBack = snapshot.sequence
        response.current?.body = BodyDocument(content: .text(TextLines(Data())), data: Data(),
                                              note: "reading the \(ByteCount.text(snapshot.bodySize)) body from History…")
        return [.loadStoredBody(id: id, snapshot)]
    }

    /// `d` in History: the bodies of the two marked responses, of the marked one and the
    /// selected one, or of the selected one and the one shown, older first.
    mutating func compareHistory(_ entries: [ResponseSnapshot]) -> [Effect] {
        var chosen = entries.filter { response.historyMarks.contains($0.sequence) }
        let selected = entries.indices.contains(response.historySelection) ? entries[response.historySelection] : nil
        for candidate in [selected, response.current].compactMap({ $0 }) where chosen.count < 2 {
            if !chosen.contains(where: { $0.sequence == candidate.sequence }) { chosen.append(candidate) }
        }
        guard chosen.count == 2 else {
            status = "mark two responses with \(keyMap.key(for: .toggle)), then \(keyMap.key(for: .remove)) compares their bodies"
            return []
        }
        let position = { (snapshot: ResponseSnapshot) in entries.firstIndex { $0.sequence == snapshot.sequence } ?? entries.count }
        let ordered = chosen.sorted { position($0) < position($1) }
        let title = ordered.map { "#\(position($0) + 1) \($0.finishedAt) \($0.status.map(String.init) ?? "—")" }.joined(separator: " → ")
        status = "comparing \(title)…"
        return [.compareBodies(title: title, old: ordered[0], new: ordered[1])]
    }

    /// `r` in History: sends the request as it was for that response, with the variables as they
    /// are now. Values History masked are taken from the request as it is now.
    mutating func sendAgain(_ snapshot: ResponseSnapshot) -> [Effect] {
        guard let editor else {
            status = notOpenSentence
            return []
        }
        if let sending {
            status = "\(sending) is still in flight; \(keyMap.key(for: .cancel)) cancels it"
            return []
        }
        var definition = editor.draft
        var how = "as it was at \(snapshot.finishedAt), with the variables as they are now"
        if let text = snapshot.stored?.definition, case (let earlier?, _) = DocumentParser.request(text, file: "History") {
            definition = RequestDefinition.rebasing(earlier, from: editor.draft.maskedForDisplay(), onto: editor.draft)
        } else {
            how = "as it is now: History has no copy of the request behind that response"
        }
        sending = editor.id
        response.transfer = TransferStatus()
        response.outcome = nil
        status = "sending \(editor.id) again \(how)"
        return [.send(id: editor.id, definition: definition, environment: environment)]
    }
}

extension ResponsePane {
    /// Marks `sequence` for comparing, or unmarks it; at most two marks, the older one goes.
    mutating func toggleMark(_ sequence: Int) {
        if let index = historyMarks.firstIndex(of: sequence) {
            historyMarks.remove(at: index)
        } else {
            historyMarks = Array((historyMarks + [sequence]).suffix(2))
        }
    }
}
