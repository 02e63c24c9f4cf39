import Domain
import Infrastructure

/// Courses read from a transport, one `id|title` line each.
public struct RemoteCourseRepository: CourseRepository {
    /// A line that is not `id|title`.
    public struct MalformedLine: Error, Equatable {
        /// The line as received.
        public let line: String
    }

    private let transport: any Transport

    /// Reads courses through `transport`.
    public init(transport: any Transport) {
        self.transport = transport
    }

    /// Every course of the catalogue.
    ///
    /// - Throws: What the transport throws, or `MalformedLine`.
    public func courses() throws -> [Course] {
        try transport.lines(at: "courses").map { line in
            let fields = line.split(separator: "|", maxSplits: 1)
            guard fields.count == 2, let id = Int(fields[0]) else { throw MalformedLine(line: line) }
            return Course(id: id, title: String(fields[1]))
        }
    }
}
