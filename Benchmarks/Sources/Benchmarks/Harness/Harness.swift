import Dispatch
import Foundation
import Synchronization

/// Times benchmark cases: calibration, warm-up, then repeated batches of at least the plan's
/// batch duration, reported as nanoseconds per operation.
///
/// A batch is a closure that performs an operation `n` times; it is called once per batch, so
/// the per-operation cost of the harness is only the loop and the sink. The runner calibrates
/// every case first (`prepare`), then takes the repetitions round-robin across cases
/// (`sample`), so a slow moment of a shared machine spreads over all cases instead of skewing
/// one of them.
struct Harness: Sendable {
    /// Repetitions and batch length.
    let plan: Plan

    /// A calibrated, warmed-up case, ready to be sampled.
    struct Prepared {
        /// Iterations per batch (per thread for threaded cases).
        let iterations: Int
        /// Operations one iteration counts for (threads × operations per call).
        let operationsPerIteration: Int
        /// Runs one batch and returns its duration in nanoseconds.
        let timeBatch: (Int) throws -> UInt64
    }

    /// Calibrates and warms up a case.
    ///
    /// - Parameter run: How the case runs.
    /// - Returns: The case with the iteration count that makes one batch last at least the
    ///   plan's batch duration, after one full-length warm-up batch.
    /// - Throws: Whatever the case throws.
    func prepare(_ run: BenchmarkCase.Run) throws -> Prepared {
        let timeBatch: (Int) throws -> UInt64
        let operationsPerIteration: Int
        switch run {
        case .batch(let operationsPerCall, let batch):
            operationsPerIteration = operationsPerCall
            timeBatch = { iterations in
                let start = Self.now()
                try batch(iterations)
                return Self.now() - start
            }
        case .batchKeeping(let operationsPerCall, let batch):
            operationsPerIteration = operationsPerCall
            timeBatch = { iterations in
                let start = Self.now()
                let kept = try batch(iterations)
                let elapsed = Self.now() - start
                withExtendedLifetime(kept) {}
                return elapsed
            }
        case .threads(let count, let body):
            operationsPerIteration = count
            timeBatch = { iterations in try Self.runThreads(count, iterations: iterations, body) }
        case .asyncBatch(let operationsPerCall, let batch):
            operationsPerIteration = operationsPerCall
            timeBatch = { iterations in
                try Self.wait {
                    let start = Self.now()
                    try await batch(iterations)
                    return Self.now() - start
                }
            }
        }
        let iterations = try calibrate(timeBatch)
        _ = try timeBatch(iterations)  // warm-up at full length
        return Prepared(iterations: iterations, operationsPerIteration: operationsPerIteration, timeBatch: timeBatch)
    }

    /// Times one batch of a prepared case.
    ///
    /// - Parameter prepared: The case.
    /// - Returns: Nanoseconds per operation in this batch. For threaded cases that is the
    ///   aggregate: wall time from a common start until the last thread finishes, divided by the
    ///   operations of all threads, so half the figure means twice the throughput.
    /// - Throws: Whatever the case throws.
    func sample(_ prepared: Prepared) throws -> Double {
        let elapsed = try prepared.timeBatch(prepared.iterations)
        return Double(elapsed) / Double(prepared.iterations * prepared.operationsPerIteration)
    }

    /// Grows the iteration count until one batch lasts at least the plan's batch duration;
    /// the batches run on the way are the first part of the warm-up.
    private func calibrate(_ timeBatch: (Int) throws -> UInt64) throws -> Int {
        let target = Double(plan.batchNanoseconds)
        var iterations = 1
        while true {
            let elapsed = try timeBatch(iterations)
            if elapsed >= plan.batchNanoseconds { return iterations }
            let needed = elapsed == 0 ? Double(iterations * 10) : target * 1.1 / Double(elapsed) * Double(iterations)
            iterations = Swift.max(iterations + 1, Swift.min(iterations * 10, Int(needed.rounded(.up))))
        }
    }

    private static func runThreads(
        _ count: Int, iterations: Int, _ body: @escaping @Sendable (Int, ThreadSink) throws -> Void
    ) throws -> UInt64 {
        let ready = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let failures = FailureLog()
        for _ in 0..<count {
            let thread = Thread {
                let sink = ThreadSink()
                ready.signal()
                start.wait()
                do { try body(iterations, sink) } catch { failures.record(error) }
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<count { ready.wait() }
        let begin = now()
        for _ in 0..<count { start.signal() }
        for _ in 0..<count { done.wait() }
        let elapsed = now() - begin
        if let failure = failures.first { throw failure }
        return elapsed
    }

    /// Runs `operation` in a task and blocks the calling thread until it ends. The runner's thread
    /// (the main thread) is not one of the concurrency pool's, so the task never waits for it.
    ///
    /// - Parameter operation: The work; it must not need the main actor.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    static func wait<T: Sendable>(for operation: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { outcome.set(.success(try await operation())) } catch { outcome.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// Monotonic time in nanoseconds.
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}

/// What a task run by `Harness.wait(for:)` returned or threw, handed to the waiting thread.
private final class Outcome<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)

    func set(_ value: Result<T, any Error>) {
        result.withLock { $0 = value }
    }

    func get() throws -> T {
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the task ended without an outcome") }
        return try value.get()
    }
}

/// Collects errors thrown on worker threads so the harness can rethrow the first one.
private final class FailureLog: Sendable {
    private let errors = Mutex<[any Error]>([])

    func record(_ error: any Error) {
        errors.withLock { $0.append(error) }
    }

    var first: (any Error)? {
        errors.withLock { $0.first }
    }
}
