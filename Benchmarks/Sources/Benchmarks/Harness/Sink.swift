/// The last object handed to `blackHole(_:)`; a global store is an escape the optimizer must honour.
nonisolated(unsafe) private var sinkStorage: AnyObject?

/// Keeps a benchmarked result alive past the optimizer.
///
/// The object is stored into a global that the optimizer cannot see through (the function is
/// never inlined), so neither the resolve nor the allocations behind it can be removed as dead
/// code. Storing releases the previous result, so every case pays for deallocation the same way.
/// Only the benchmark's single-threaded loops call it; threaded cases use `ThreadSink`.
///
/// - Parameter object: The result of one benchmarked operation.
@inline(never)
func blackHole(_ object: AnyObject) {
    sinkStorage = object
}

/// A per-thread sink for threaded cases: one slot per thread, so threads never share a store.
///
/// Each thread owns its own `ThreadSink` (created on that thread), so there is no data race and
/// no shared cache line between threads beyond what the benchmarked code itself touches.
final class ThreadSink {
    private var last: AnyObject?
    /// Keeps two threads' sinks off one cache line (false sharing would slow both).
    private let padding: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Creates an empty sink.
    init() {}

    /// Keeps `object` alive until the next call, like `blackHole(_:)`.
    ///
    /// - Parameter object: The result of one benchmarked operation.
    @inline(never)
    func consume(_ object: AnyObject) {
        last = object
    }
}
