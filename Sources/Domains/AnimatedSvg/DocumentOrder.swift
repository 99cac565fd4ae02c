/// Document order over the flat element array. Stages append new elements (H2), so array order is
/// not document order; every stage that reports "first in document order" walks the tree instead.
enum DocumentOrder {
    /// `order`: every element reachable from the root, in pre-order (removed subtrees included, so
    /// an id inside one can still be found). `live[i]`: reachable, and neither it nor an ancestor is
    /// `removed` — what the output will contain.
    struct Walk: Hashable, Sendable {
        var order: [Int]
        var live: [Bool]
    }

    /// An iterative pre-order walk: no recursion (deep documents cannot overflow the stack) and
    /// each index is visited once, so a malformed child list that repeats or loops cannot hang it.
    static func walk(_ doc: XMLDocument) -> Walk {
        let count = doc.elements.count
        var order: [Int] = []
        order.reserveCapacity(count)
        var live = [Bool](repeating: false, count: count)
        var seen = [Bool](repeating: false, count: count)
        guard count > 0 else { return Walk(order: order, live: live) }
        var stack: [(index: Int, parentLive: Bool)] = [(XMLDocument.root, true)]
        while let (index, parentLive) = stack.popLast() {
            guard index >= 0, index < count, !seen[index] else { continue }
            seen[index] = true
            order.append(index)
            let isLive = parentLive && !doc.elements[index].removed
            live[index] = isLive
            for child in doc.elements[index].children.reversed() {
                if case .element(let c) = child { stack.append((c, isLive)) }
            }
        }
        return Walk(order: order, live: live)
    }
}
