import Foundation

/// Finds the fixtures embedded in the demo's resource bundle.
///
/// Not `Bundle.module`: SwiftPM's generated accessor traps when the bundle is missing (a copied
/// or half-installed executable), and the demo must say what is wrong instead.
enum EmbeddedFixtures {
    /// The bundle's names: `<package>_<target>.resources` on Linux, `.bundle` on Apple platforms.
    private static let bundleNames = ["DIContainer_demo.resources", "DIContainer_demo.bundle"]

    /// The `Fixtures` folder, or `nil` when the resource bundle is not next to the executable.
    static func directory(fileManager: FileManager = .default) -> URL? {
        let bases = [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.resourceURL, Bundle.main.bundleURL]
        for base in bases.compactMap({ $0 }) {
            for name in bundleNames {
                let bundle = base.appendingPathComponent(name)
                for folder in [bundle.appendingPathComponent("Fixtures"), bundle.appendingPathComponent("Contents/Resources/Fixtures")] {
                    var isDirectory: ObjCBool = false
                    if fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
                        return folder
                    }
                }
            }
        }
        return nil
    }
}
