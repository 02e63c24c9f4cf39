import Infrastructure
import Locking

/// A transport double: answers every path with the lines it is given and records the paths.
public final class RecordingTransport: Transport {
    private let answer: [String]
    private let asked = Locked<[String]>([])

    /// Answers every request with `lines`.
    public init(lines: [String]) {
        answer = lines
    }

    /// The paths requested so far, in order.
    public var paths: [String] { asked.withLock { $0 } }

    /// Records `path` and returns the lines.
    public func lines(at path: String) throws -> [String] {
        asked.withLock { $0.append(path) }
        return answer
    }
}
