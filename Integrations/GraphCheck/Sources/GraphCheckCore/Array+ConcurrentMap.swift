import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map` with the elements transformed side by side on the machine's cores; the results keep
    /// the elements' order, so what is built from them does not depend on which finished first.
    func concurrentMap<Transformed: Sendable>(_ transform: @Sendable (Element) -> Transformed) -> [Transformed] {
        let results = Mutex<[Transformed?]>([Transformed?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
