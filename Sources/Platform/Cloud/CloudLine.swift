/// One decoded `cloud` line: the scripted side of the cloud (what the network and the server do).
public enum CloudLine: Hashable, Sendable {
    /// `cloud deliver to=D [from=D] [partial=N] [dup=N] [drop=N]`.
    case deliver(to: String, from: String?, partial: Int?, duplicates: Int, drops: Int)
    /// `cloud fetch device=D`: a full catch-up, recovering lost records.
    case fetch(device: String)
    /// `cloud push device=D`: push the outbox now.
    case push(device: String)
    /// `cloud offline device=D` / `cloud online device=D`.
    case network(device: String, online: Bool)
}

extension Cloud {
    /// Applies a scripted line; what arrived (for `deliver` and `fetch`) goes to the caller's replicas.
    public mutating func handle<D: Domain>(_ line: CloudLine, _ world: inout World<D>) -> [CloudDelivery<Value>] {
        switch line {
        case .deliver(let to, let from, let partial, let duplicates, let drops):
            return deliver(to: to, from: from, partial: partial, duplicates: duplicates, drops: drops, &world)
        case .fetch(let device): return fetch(device, &world)
        case .push(let device):
            push(device, &world)
            return []
        case .network(let device, let on):
            setOnline(device, on, &world)
            return []
        }
    }
}

import LockstepCore
