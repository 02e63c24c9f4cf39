// `stdout` is a C global variable, which Swift 6 refuses to read as shared mutable state; the
// `@preconcurrency` import, confined to this file, allows the one read below. It happens once,
// at start, before any other thread exists.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

extension Console {
    /// Makes standard output line-buffered, even into a pipe or a file (where the C library
    /// buffers whole blocks by default): a run that is killed, or read by a process that stops
    /// reading early, has delivered every line it finished. Call it first, before any output.
    static func lineBufferStandardOutput() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }
}
