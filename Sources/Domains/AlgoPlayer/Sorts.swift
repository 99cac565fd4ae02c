/// The four sorts, each a pure function from values to steps. `naive` flags re-enable the
/// historical bugs (`AlgoPlayerFault`) inside the recorders that had them.
enum Sorts {
    /// The article's insertion sort, exactly: take, compare pairs leftwards with a strict `>` (so
    /// equal values keep their order), shift on each swap. 2 + (n − 1) + swaps + compared pairs steps.
    static func insertion(_ input: [Int], tinyInputNoDone: Bool) -> [ArrayStep] {
        var r = StepRecorder(input)
        if r.bars.count > 1 {
            for i in 1..<r.bars.count {
                var j = i
                r.record(.compare, [j], "Take \(r.bars[j].value) and insert it into the sorted left part.")
                while j > 0 {
                    r.record(.compare, [j - 1, j], "Compare \(r.bars[j - 1].value) and \(r.bars[j].value).")
                    guard r.bars[j - 1].value > r.bars[j].value else { break }
                    r.bars.swapAt(j - 1, j)
                    r.record(.swap, [j - 1, j], "\(r.bars[j].value) is larger, so shift it right.")
                    j -= 1
                }
            }
        }
        return r.finish(skipForTinyInput: tinyInputNoDone)
    }

    /// Bubble sort, the article's loops recorded instead of slept through: compare each pair, swap
    /// when the left is larger (strict), mark index n − i − 1 final after each pass; no early exit.
    /// 2 + n(n − 1)/2 compares + swaps + n marks steps.
    static func bubble(_ input: [Int], tinyInputNoDone: Bool) -> [ArrayStep] {
        var r = StepRecorder(input)
        let n = r.bars.count
        if n > 1 {
            for i in 0..<n {
                for j in 0..<(n - i - 1) {
                    r.record(.compare, [j, j + 1], "Compare \(r.bars[j].value) and \(r.bars[j + 1].value).")
                    if r.bars[j].value > r.bars[j + 1].value {
                        r.bars.swapAt(j, j + 1)
                        r.record(.swap, [j, j + 1], "\(r.bars[j + 1].value) is larger, so swap it right.")
                    }
                }
                r.sorted.insert(n - i - 1)
                r.record(.markSorted, [n - i - 1], "\(r.bars[n - i - 1].value) is in its final place.")
            }
        }
        return r.finish(skipForTinyInput: tinyInputNoDone)
    }

    /// Top-down merge sort (split at lo + (hi − lo) / 2, left first, `<=` keeps equal values in
    /// order). Each merge records a compare per comparison and an overwrite per element copied
    /// back. The snapshot during a merge is the merged prefix, then the unplaced left and right
    /// elements in their order, so every step is a permutation of the input ids (`duplicateIds`
    /// writes one bar over another instead, as a one-at-a-time copy-back from a buffer does).
    static func merge(_ input: [Int], tinyInputNoDone: Bool, duplicateIds: Bool) -> [ArrayStep] {
        var r = StepRecorder(input)
        if r.bars.count > 1 { mergeSort(&r, 0, r.bars.count, duplicateIds: duplicateIds) }
        return r.finish(skipForTinyInput: tinyInputNoDone)
    }

    private static func mergeSort(_ r: inout StepRecorder, _ lo: Int, _ hi: Int, duplicateIds: Bool) {
        guard hi - lo > 1 else { return }
        let mid = lo + (hi - lo) / 2
        mergeSort(&r, lo, mid, duplicateIds: duplicateIds)
        mergeSort(&r, mid, hi, duplicateIds: duplicateIds)
        let left = Array(r.bars[lo..<mid])
        let right = Array(r.bars[mid..<hi])
        var i = 0, j = 0, k = lo
        var merged: [Bar] = []
        while k < hi {  // bounded: k grows by one per pass
            let take: Bar
            if i < left.count && j < right.count {
                r.record(.compare, [k, k + (left.count - i)], "Compare \(left[i].value) and \(right[j].value).")
                if left[i].value <= right[j].value { take = left[i]; i += 1 } else { take = right[j]; j += 1 }
            } else if i < left.count {
                take = left[i]; i += 1
            } else {
                take = right[j]; j += 1
            }
            merged.append(take)
            if duplicateIds {
                r.bars[k] = take
            } else {
                r.bars.replaceSubrange(lo..<hi, with: merged + left[i...] + right[j...])
            }
            r.record(.overwrite, [k], "Write \(take.value) to index \(k).")
            k += 1
        }
    }

    /// Quick sort with Lomuto partitioning and the last element as pivot: the pivot is active and
    /// the caption names the partition boundary; values `<` the pivot go left (a swap step only
    /// when the boundary and the scan differ); the pivot's final place is marked sorted.
    static func quick(_ input: [Int], tinyInputNoDone: Bool) -> [ArrayStep] {
        var r = StepRecorder(input)
        if r.bars.count > 1 { quickSort(&r, 0, r.bars.count - 1) }
        return r.finish(skipForTinyInput: tinyInputNoDone)
    }

    private static func quickSort(_ r: inout StepRecorder, _ lo: Int, _ hi: Int) {
        guard lo < hi else { return }
        let pivot = r.bars[hi].value
        r.record(.compare, [hi], "Pivot \(pivot) at index \(hi); the boundary starts at \(lo).")
        var boundary = lo
        for j in lo..<hi {
            r.record(.compare, [j, hi], "Compare \(r.bars[j].value) with the pivot \(pivot).")
            if r.bars[j].value < pivot {
                if boundary != j {
                    r.bars.swapAt(boundary, j)
                    r.record(.swap, [boundary, j], "Swap \(r.bars[boundary].value) and \(r.bars[j].value); the boundary moves to \(boundary + 1).")
                }
                boundary += 1
            }
        }
        if boundary != hi {
            r.bars.swapAt(boundary, hi)
            r.record(.swap, [boundary, hi], "Put the pivot \(pivot) at the boundary, index \(boundary).")
        }
        r.sorted.insert(boundary)
        r.record(.markSorted, [boundary], "\(pivot) is in its final place at index \(boundary).")
        quickSort(&r, lo, boundary - 1)
        quickSort(&r, boundary + 1, hi)
    }
}
