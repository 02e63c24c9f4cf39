import DIDemoScheduling
import Foundation

/// Where the demo writes: results on standard output, problems on standard error.
enum Console {
    /// Writes `text` and a newline to standard output.
    static func out(_ text: String) {
        print(text)
    }

    /// `[main]`, `[background]`: the scheduler the calling code runs on, as every line about work
    /// in progress starts.
    static var schedulerPrefix: String {
        "[\(CurrentScheduler.label ?? "unscheduled")]"
    }

    /// Writes `text` and a newline to standard error, after flushing standard output so the two
    /// streams stay in order on a terminal.
    static func error(_ text: String) {
        fflush(nil)  // every output stream, standard output included
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
