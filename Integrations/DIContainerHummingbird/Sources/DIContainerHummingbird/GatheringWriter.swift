import Hummingbird
import NIOCore

/// A body writer that keeps what is written in memory: a short body is written inside the
/// request's scope and then sent in one piece.
struct GatheringWriter: ResponseBodyWriter {
    /// What was written, shared by the copies of the writer `ResponseBody.write` makes.
    private final class Gathered {
        var buffer: ByteBuffer?
        var trailers: HTTPFields?
    }

    private let gathered = Gathered()

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        if gathered.buffer == nil {
            gathered.buffer = buffer
        } else {
            gathered.buffer?.writeBuffer(&buffer)
        }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        gathered.trailers = trailingHeaders
    }

    /// Writes `body` into memory and returns a body of what was written.
    ///
    /// - Parameter body: The body to write.
    /// - Returns: The same bytes (and trailing header fields) as one buffer.
    /// - Throws: What the body's writer throws.
    static func gather(_ body: ResponseBody) async throws -> ResponseBody {
        let writer = GatheringWriter()
        let gathered = writer.gathered
        try await body.write(writer)
        let buffer = gathered.buffer ?? ByteBuffer()
        guard let trailers = gathered.trailers else { return ResponseBody(byteBuffer: buffer) }
        return ResponseBody(contentLength: buffer.readableBytes) { writer in
            try await writer.write(buffer)
            try await writer.finish(trailers)
        }
    }
}
