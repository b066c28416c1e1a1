import Foundation
import Synchronization

/// Temporary folders the tests made; all are removed when the process exits.
enum Scratch {
    private static let folders = Mutex<[URL]?>(nil)

    static func register(_ folder: URL) {
        folders.withLock { list in
            if list == nil {
                list = []
                atexit { Scratch.removeAll() }
            }
            list!.append(folder)
        }
    }

    private static func removeAll() {
        guard ProcessInfo.processInfo.environment["IMGSITE_KEEP_SCRATCH"] == nil else { return }
        for folder in folders.withLock({ $0 ?? [] }) {
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
