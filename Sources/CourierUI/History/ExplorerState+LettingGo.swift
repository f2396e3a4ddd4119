// MARK: - Bodies out of view: let go past a budget, read back from History when shown again

extension ExplorerState {
    /// Bytes of bodies (with their line indexes, `BodyDocument.memoryCost`) kept besides the one
    /// in view while History can read them back: past it they are let go, and read back (and
    /// indexed again, the first screen at once) when shown. A 100 MB JSON body's index alone is
    /// about 80 MB, so only the body in view keeps its index.
    public static let readBackBudget = 32_000_000

    /// Bodies below this are never let go: they cost next to nothing.
    static let smallBody = 1_000_000

    /// Whether `action` adds a body to the session or makes one readable from History, so the
    /// budget is looked at again even though the response in view stayed.
    static func changesKeptBodies(_ action: Action) -> Bool {
        switch action {
        case .finished, .bodyIndexed, .historyRecorded, .historyLoaded, .testRecorded: return true
        default: return false
        }
    }

    /// Lets go of the bodies of responses out of view, newest kept first, once they pass their
    /// budget: `readBackBudget` for those History keeps, `historyBodyBudget` for the others (which
    /// are gone once let go). A body of this session let go earlier that `cameIntoView` is read
    /// back. Returns the effects: the bodies for the driver to free off the UI thread, the read.
    mutating func keepBodiesBounded(cameIntoView: Bool) -> [Effect] {
        let shown = response.current?.sequence
        var released: [BodyDocument] = []
        var kept = 0
        let entries = history.flatMap { id, snapshots in snapshots.indices.map { (id, $0, snapshots[$0]) } }
        for (id, index, snapshot) in entries.sorted(by: { $0.2.sequence > $1.2.sequence })
        where snapshot.sequence != shown && snapshot.releasedBodySize == nil {
            let cost = snapshot.body.memoryCost
            let budget = snapshot.stored?.bodyKept == true ? Self.readBackBudget : Self.historyBodyBudget
            if cost >= Self.smallBody, kept + cost > budget {
                history[id]?[index] = snapshot.releasingBody()
                released.append(snapshot.body)
            } else {
                kept += cost
            }
        }
        var effects: [Effect] = released.isEmpty ? [] : [.letGo(released)]
        // Bodies of earlier sessions are read when asked for (⏎ in History); one this session let
        // go comes back by itself, as if it had stayed.
        if cameIntoView, let current = response.current, current.stored?.restored == false {
            effects += readBackIfLetGo(current)
        }
        return effects
    }
}
