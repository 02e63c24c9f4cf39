/// When and how long ``APIClient`` waits before trying a failed request again.
///
/// Transient failures — transport errors, HTTP 408, 429 and 5xx — are retried up to
/// ``maxAttempts`` attempts in all, waiting `baseDelay × factor^(retry − 1)`, capped at
/// ``maxDelay``. A `Retry-After` header in seconds replaces that delay, capped at
/// ``maxRetryAfter``. There is no random jitter, so delays are predictable in tests.
///
/// Waiting goes through ``sleep``, which tests replace to record the delays without waiting:
///
/// ```swift
/// var policy = RetryPolicy.default
/// policy.sleep = { delay in await recorder.record(delay) }
/// ```
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first one included; 1 disables retries.
    public var maxAttempts: Int
    /// The wait before the first retry.
    public var baseDelay: Duration
    /// How much each further wait grows.
    public var factor: Double
    /// The longest computed wait.
    public var maxDelay: Duration
    /// The longest wait a `Retry-After` header can ask for.
    public var maxRetryAfter: Duration
    /// Waits for the given duration; `Task.sleep(for:)` by default. Must throw
    /// `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maxAttempts: Attempts in all, the first one included; values below 1 count as 1.
    ///   - baseDelay: The wait before the first retry.
    ///   - factor: How much each further wait grows.
    ///   - maxDelay: The longest computed wait.
    ///   - maxRetryAfter: The longest wait a `Retry-After` header can ask for.
    ///   - sleep: How to wait; `Task.sleep(for:)` by default.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(200),
        factor: Double = 2,
        maxDelay: Duration = .seconds(5),
        maxRetryAfter: Duration = .seconds(30),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.factor = factor
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.sleep = sleep
    }

    /// Three attempts, waiting 0.2 s then 0.4 s (at most 5 s; `Retry-After` at most 30 s).
    public static var `default`: RetryPolicy { RetryPolicy() }

    /// One attempt, no retries.
    public static var none: RetryPolicy { RetryPolicy(maxAttempts: 1) }

    /// The wait before retry number `retry` (1 for the first retry).
    ///
    /// - Parameters:
    ///   - retry: The retry about to happen, starting at 1.
    ///   - retryAfter: The server's `Retry-After`, when it sent one in seconds.
    /// - Returns: The capped wait.
    public func delay(beforeRetry retry: Int, retryAfter: Duration? = nil) -> Duration {
        if let retryAfter {
            return min(max(retryAfter, .zero), maxRetryAfter)
        }
        let exponent = Double(max(0, retry - 1))
        let scaled = baseDelay * Self.power(factor, exponent)
        return min(max(scaled, .zero), maxDelay)
    }

    private static func power(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0
        var remaining = exponent
        while remaining >= 1 {
            result *= base
            remaining -= 1
        }
        return result
    }
}
