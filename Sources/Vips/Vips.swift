internal import CVips
internal import CVipsShim
import Foundation
import Synchronization

/// Process-wide libvips set-up: started once, operation cache off.
///
/// ```swift
/// try Vips.start(concurrency: 1)
/// let image = try VipsImage.thumbnail(of: "photo.jpg", width: 960)
/// ```
public enum Vips {
    private static let state = Mutex<Bool>(false)  // started yet?

    /// Starts libvips once; later calls only adjust the thread count.
    /// `concurrency` is libvips' worker threads per pipeline (0 = its default).
    public static func start(concurrency: Int = 0, showWarnings: Bool = false) throws {
        try state.withLock { started in
            if !started {
                guard imgsite_vips_start(CommandLine.arguments.first ?? "imgsite", Int32(concurrency)) == 0 else {
                    throw VipsError.fromBuffer(operation: "vips_init")
                }
                started = true
            } else if concurrency > 0 {
                vips_concurrency_set(Int32(concurrency))
            }
            imgsite_vips_show_warnings(showWarnings ? 1 : 0)
        }
    }

}
