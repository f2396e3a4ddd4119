/// How two sequences line up along a longest common subsequence: the one home of that dynamic
/// programme, for the lossless editor's per-entry list edits and the explorer's line diffs.
public enum SequenceAlignment {
    /// One step from the old sequence to the new one.
    public enum Step: Sendable, Equatable {
        case keep(old: Int, new: Int)
        case remove(old: Int)
        case insert(new: Int)
    }

    /// Which comes first where a removal and an insertion make equally long matches.
    public enum Preference: Sendable {
        case removals, insertions
    }

    /// The steps that turn `old` into `new`, keeping a longest common subsequence.
    public static func steps<Item: Equatable>(from old: [Item], to new: [Item], preferring preference: Preference) -> [Step] {
        // lengths[i * width + j]: the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var lengths = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = old[i] == new[j] ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                steps.append(.keep(old: i, new: j))
                i += 1
                j += 1
                continue
            }
            let insertion = j < new.count && (i == old.count || {
                let (afterInsert, afterRemove) = (lengths[i * width + j + 1], lengths[(i + 1) * width + j])
                return preference == .insertions ? afterInsert >= afterRemove : afterInsert > afterRemove
            }())
            if insertion {
                steps.append(.insert(new: j))
                j += 1
            } else {
                steps.append(.remove(old: i))
                i += 1
            }
        }
        return steps
    }
}
