import Foundation

/// The demo's entry point: parse the command line, run the command, exit with its status.
///
/// `main` is `async` on purpose. Presenters deliver view updates on the main queue, and on Linux
/// the main queue runs only while the main thread serves it: with an `async` main, the main
/// actor's executor drains the main queue whenever `main` is suspended. The commands that show a
/// screen therefore `await` the view's last update (see `ScreenCompletion`) before returning, so
/// every update is printed before the process exits.
@main
struct Demo {
    static func main() async {
        Console.lineBufferStandardOutput()
        let options: DemoOptions
        do {
            options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            Console.error("demo: \(error)\n\(DemoOptions.usageHint)")
            exit(ExitStatus.usage)
        }
        exit(await DemoRunner(options: options).run())
    }
}
