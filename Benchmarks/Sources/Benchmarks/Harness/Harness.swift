import Dispatch
import Foundation
import Synchronization

/// Times benchmark cases: calibration, warm-up, then repeated batches of at least the plan's
/// batch duration, summarised as nanoseconds per operation.
///
/// A batch is a closure that performs an operation `n` times; it is called once per batch, so
/// the per-operation cost of the harness is only the loop and the sink.
struct Harness: Sendable {
    /// Repetitions and batch length.
    let plan: Plan

    /// Measures a single-threaded batch.
    ///
    /// - Parameters:
    ///   - operationsPerCall: How many operations one iteration performs (e.g. 10,000 for a
    ///     case that registers 10,000 services per iteration); the figure is per operation.
    ///   - batch: Performs `n` iterations.
    /// - Returns: The median, min and max nanoseconds per operation over the plan's repetitions.
    /// - Throws: Whatever the batch throws.
    func measure(operationsPerCall: Int = 1, _ batch: (Int) throws -> Void) throws -> Figure {
        try measureTimed(operationsPerCall: operationsPerCall) { iterations in
            let start = Self.now()
            try batch(iterations)
            return Self.now() - start
        }
    }

    /// Measures the aggregate cost per operation of `threads` real threads running the same
    /// body at once: wall time from a common start until the last thread finishes, divided by
    /// all operations of all threads. Half the figure means twice the throughput.
    ///
    /// - Parameters:
    ///   - threads: How many `Thread`s run the body concurrently.
    ///   - body: Performs `n` operations on the calling thread, passing results to its sink.
    /// - Returns: The median, min and max aggregate nanoseconds per operation.
    /// - Throws: The first error any thread's body threw.
    func measure(threads: Int, _ body: @escaping @Sendable (Int, ThreadSink) throws -> Void) throws -> Figure {
        try measureTimed(operationsPerCall: threads) { iterations in
            try Self.runThreads(threads, iterations: iterations, body)
        }
    }

    private func measureTimed(operationsPerCall: Int, _ timeBatch: (Int) throws -> UInt64) throws -> Figure {
        let iterations = try calibrate(timeBatch)
        _ = try timeBatch(iterations)  // warm-up at full length
        var samples: [Double] = []
        for _ in 0..<plan.repetitions {
            let elapsed = try timeBatch(iterations)
            samples.append(Double(elapsed) / Double(iterations * operationsPerCall))
        }
        guard let figure = Figure(samples: samples) else {
            throw BenchmarkError.usage("the plan asks for no repetitions")
        }
        return figure
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

    /// Monotonic time in nanoseconds.
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
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
